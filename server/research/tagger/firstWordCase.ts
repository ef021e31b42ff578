/**
 * A sentence's first word read in the case edited English writes it (truecasing, Lita et al. 2003): where the tagger
 * calls a capitalised first word a proper noun, and edited-english train writes that word in lower case nearly
 * everywhere but a sentence's start, the sentence is tagged again with the word in lower case. "Clone the repo" and
 * "Returns the decoded header" (documentation's imperatives and API descriptions) are read as names followed by an
 * apposition otherwise.
 *
 * Prints, for EWT dev (gold tokens, the perceptron's tags as the run time reads them), the first words that change,
 * their gold tags, and UPOS / XPOS accuracy before and after; and the same for a TSV of marked words
 * (`docs-verbs.tsv`, `new-genre-verbs.tsv`).
 *
 *   npx tsx server/research/tagger/firstWordCase.ts [--model parser.bin] [--min-share 0.95] [--min-count 5]
 *     [--conllu FILE] [--verbs TSV…] [--show N]
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { modelOfSpec } from './modelSpec';
import { clusterLookup } from '../../src/parser/dependencyParser';
import { encodeSentence, WordSequence } from '../../src/parser/encoding';
import { slotSentence } from '../../src/parser/sentenceBuilder';
import { parseConllu } from '../../src/data/conllu';
import { isPunctForm } from '../../src/tokenize/punctForms';
import { tokenizeText } from '../../src/tokenize';
import { readEditedEnglish } from '../editedEnglish';
import { SurfaceToken } from '../../src/tokenize/token';
import { caseCounts, CaseCounts, lowerShare } from './caseCounts';
import { FirstWordCase } from '../../src/parser/firstWordCase';

const { values: opt } = parseArgs({
  options: {
    model: { type: 'string', default: 'models/en/parser.bin' },
    'min-share': { type: 'string', default: '0.95' },
    'min-count': { type: 'string', default: '5' },
    conllu: { type: 'string', default: '../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu' },
    verbs: { type: 'string', multiple: true, default: ['server/research/tagger/docs-verbs.tsv', 'server/research/tagger/new-genre-verbs.tsv'] },
    show: { type: 'string', default: '40' },
  },
});
const minShare = Number(opt['min-share']);
const minCount = Number(opt['min-count']);
const m = modelOfSpec(opt.model);
const lookup = clusterLookup(m.clusters);
const { xpos: XPOS, upos: UPOS } = m.tagger.tags;

const counts: CaseCounts = caseCounts(readEditedEnglish(undefined, ['train']).flatMap((d) => d.paragraphs));
console.error(`case counts: ${counts.size} words`);

/** The run time's rule (`parser/firstWordCase.ts`) over the words this run's --min-share and --min-count admit. */
const rule = new FirstWordCase('research', new Set([...counts.keys()].filter((w) => (lowerShare(counts, w, minCount) ?? 0) >= minShare)));

/** The tags of `s`, the first word read in lower case where the rule says so; `changed` when it did. */
function tagTruecased(s: WordSequence): { xpos: Int32Array | number[]; upos: Int32Array | number[]; changed: boolean } {
  const t = m.tagger.tag(encodeSentence(s, lookup));
  const lowered = rule.lowered(s, XPOS[t.xpos[0]]);
  return lowered ? { ...m.tagger.tag(encodeSentence(lowered, lookup)), changed: true } : { ...t, changed: false };
}

let n = 0, u0 = 0, u1 = 0, x0 = 0, x1 = 0, changedSentences = 0, firstRight0 = 0, firstRight1 = 0;
const shown: string[] = [];
for (const cs of parseConllu(fs.readFileSync(opt.conllu, 'utf8'), opt.conllu)) {
  const words = cs.words;
  let pos = 0;
  const tokens: SurfaceToken[] = words.map((w) => {
    const tok = { text: w.form, start: pos, end: pos + w.form.length, punct: isPunctForm(w.form) };
    pos += w.form.length + 1;
    return tok;
  });
  const s = slotSentence(tokens);
  const gold = words.filter((w, k) => !tokens[k].punct);
  if (gold.length !== s.forms.length) continue;
  const before = m.tagger.tag(encodeSentence(s, lookup));
  const after = tagTruecased(s);
  for (let i = 0; i < s.forms.length; i++) {
    n++;
    u0 += UPOS[before.upos[i]] === gold[i].upos ? 1 : 0;
    u1 += UPOS[after.upos[i]] === gold[i].upos ? 1 : 0;
    x0 += XPOS[before.xpos[i]] === gold[i].xpos ? 1 : 0;
    x1 += XPOS[after.xpos[i]] === gold[i].xpos ? 1 : 0;
  }
  if (!after.changed) continue;
  changedSentences++;
  firstRight0 += XPOS[before.xpos[0]] === gold[0].xpos ? 1 : 0;
  firstRight1 += XPOS[after.xpos[0]] === gold[0].xpos ? 1 : 0;
  if (shown.length < Number(opt.show)) {
    shown.push(`${s.forms[0]} gold ${gold[0].xpos}: ${XPOS[before.xpos[0]]} → ${XPOS[after.xpos[0]]} (share ${lowerShare(counts, s.forms[0], minCount)?.toFixed(3)}) | ${s.forms.slice(0, 8).join(' ')}`);
  }
}
const pct = (a: number) => ((100 * a) / n).toFixed(2);
console.log(`EWT ${path.basename(opt.conllu)}: ${n} words; UPOS ${pct(u0)} → ${pct(u1)}; XPOS ${pct(x0)} → ${pct(x1)}`);
console.log(`sentences retagged ${changedSentences}; first word's XPOS right ${firstRight0} → ${firstRight1}`);
for (const l of shown) console.log(`  ${l}`);

for (const file of opt.verbs ?? []) {
  let marked = 0, r0 = 0, r1 = 0;
  const lines = fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  for (const line of lines) {
    const [text, marks] = line.split('\t');
    const s = slotSentence(tokenizeText(text)[0].tokens);
    const before = m.tagger.tag(encodeSentence(s, lookup));
    const after = tagTruecased(s);
    for (const mark of marks.trim().split(/\s+/)) {
      const [word, goldTag] = mark.split('=');
      const i = s.forms.indexOf(word);
      if (i < 0) continue;
      marked++;
      r0 += XPOS[before.xpos[i]] === goldTag ? 1 : 0;
      r1 += XPOS[after.xpos[i]] === goldTag ? 1 : 0;
      if (after.changed && i === 0) console.log(`  ${path.basename(file)}: ${word}=${goldTag} ${XPOS[before.xpos[i]]} → ${XPOS[after.xpos[i]]}`);
    }
  }
  console.log(`${path.basename(file)}: marked verbs right ${r0} → ${r1} of ${marked}`);
}
