/**
 * The XPOS:UPOS of each word of the given sentences under two models (MODEL[@W] as in `newGenreVerbs.ts`), the words
 * whose tags differ marked: what a tagger change does to a sentence the linter reads differently.
 *
 *   npx tsx server/research/tagger/compareTags.ts MODEL_A[@W] MODEL_B[@W] 'sentence' […]
 */
import { modelOfSpec } from './modelSpec';
import { clusterLookup } from '../../src/parser/dependencyParser';
import { encodeSentence } from '../../src/parser/encoding';
import { slotSentence } from '../../src/parser/sentenceBuilder';
import { tokenizeText } from '../../src/tokenize';

const [a, b, ...sentences] = process.argv.slice(2);
if (!a || !b || !sentences.length) throw new Error("usage: compareTags.ts MODEL_A[@W] MODEL_B[@W] 'sentence' […]");
const [ma, mb] = [modelOfSpec(a), modelOfSpec(b)];
for (const text of sentences) {
  for (const piece of tokenizeText(text)) {
    const s = slotSentence(piece.tokens);
    const ta = ma.tagger.tag(encodeSentence(s, clusterLookup(ma.clusters)));
    const tb = mb.tagger.tag(encodeSentence(s, clusterLookup(mb.clusters)));
    const words = s.forms.map((form, i) => {
      const [x, y] = [
        `${ma.tagger.tags.xpos[ta.xpos[i]]}:${ma.tagger.tags.upos[ta.upos[i]]}`,
        `${mb.tagger.tags.xpos[tb.xpos[i]]}:${mb.tagger.tags.upos[tb.upos[i]]}`,
      ];
      return x === y ? `${form}/${x}` : `${form}/*${x}→${y}*`;
    });
    console.log(words.join(' '));
  }
}
