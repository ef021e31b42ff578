/**
 * How much the graph parser's dev UAS/LAS depends on its tags: parsed with the run-time tagger's tags and with gold
 * tags, in each view (a ceiling for any better tagger).
 *
 *   npx tsx server/research/parser/biaffine/goldTagCeiling.ts --graph F --tagger-cache F --pretrained F
 */
import { parseArgs } from 'util';
import { readModel } from '../../../src/parser/modelFile';
import { graphFromContents } from '../../../src/parser/graph/graphModel';
import { encodeSentence } from '../../../src/parser/encoding';
import { seededRandom, viewOf, VIEW_KINDS } from '../../../src/training/parser/views';
import { biaffineSetup, devTrees, SETUP_OPTIONS } from './biaffineSetup';

const { values } = parseArgs({ options: { ...SETUP_OPTIONS, graph: { type: 'string' } } });
const setup = biaffineSetup(values, () => undefined);
const { lookup, tagSet, rels } = setup.prepared;
const g = graphFromContents(readModel(values.graph!));
for (const kind of VIEW_KINDS) {
  const r = seededRandom(7);
  const cells: string[] = [];
  const sums = { run: [0, 0], gold: [0, 0] };
  let words = 0;
  for (const tree of devTrees(values)) {
    const e = encodeSentence(viewOf(tree, kind, r), lookup);
    const run = setup.runTagger.tag(e);
    const gold = { upos: Int32Array.from(tree.words, (w) => tagSet.upos.indexOf(w.upos)), xpos: Int32Array.from(tree.words, (w) => tagSet.xpos.indexOf(w.xpos)) };
    words += e.n;
    for (const [name, tags] of [['run', run], ['gold', gold]] as const) {
      const p = g.parser.parse(e, tags, g.rootRelation, undefined, g.constraint);
      tree.words.forEach((w, i) => {
        if ((p.head[i] === e.n ? 0 : p.head[i] + 1) === w.head) {
          sums[name][0]++;
          if (rels.list[p.deprel[i]] === w.deprel) sums[name][1]++;
        }
      });
    }
  }
  for (const name of ['run', 'gold'] as const) cells.push(`${name} tags UAS ${((100 * sums[name][0]) / words).toFixed(2)} LAS ${((100 * sums[name][1]) / words).toFixed(2)}`);
  console.log(`${kind}: ${cells.join('; ')}`);
}
