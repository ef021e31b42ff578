/**
 * What the BiLSTM tagger's tags (`trainBilstmTagger.ts`) do to the parsers on EWT dev (or `--dev F`), each view:
 * tagging accuracy, and UAS / LAS of the graph parser (`--graph F`) and of the shipped transition parser given the
 * perceptron's tags, the BiLSTM's, and gold tags (the ceiling). No repairs (as `goldTagCeiling.ts`).
 *
 *   npx tsx server/research/tagger/evalBilstmTags.ts --tagger F.json --graph F --tagger-cache F --pretrained F [--lstm 64 --layers 1]
 */
import { parseArgs } from 'util';
import { readModel } from '../../src/parser/modelFile';
import { graphFromContents } from '../../src/parser/graph/graphModel';
import { encodeSentence } from '../../src/parser/encoding';
import { parseWords } from '../../src/parser/dependencyParser';
import { TagIds } from '../../src/parser/parseFeatures';
import { seededRandom, viewOf, VIEW_KINDS } from '../../src/training/parser/views';
import { biaffineSetup, devTrees, SETUP_OPTIONS } from '../parser/biaffine/biaffineSetup';
import { readTrainedTagger } from './trainedTagger';

const { values } = parseArgs({ options: { ...SETUP_OPTIONS, lstm: { type: 'string', default: '64' }, layers: { type: 'string', default: '1' }, tagger: { type: 'string' }, graph: { type: 'string' } } });
const setup = biaffineSetup(values, () => undefined);
const { lookup, tagSet, rels } = setup.prepared;
const tagger = readTrainedTagger(setup, values.tagger!);
const graph = values.graph ? graphFromContents(readModel(values.graph)) : undefined;
console.log(`tagger epoch ${tagger.saved.epoch}`);
for (const kind of VIEW_KINDS) {
  const r = seededRandom(7);
  const acc = { first: [0, 0], bilstm: [0, 0] };
  const parse = { graph: { first: [0, 0], bilstm: [0, 0], gold: [0, 0] }, transition: { first: [0, 0], bilstm: [0, 0], gold: [0, 0] } };
  let words = 0;
  for (const tree of devTrees(values)) {
    const e = encodeSentence(viewOf(tree, kind, r), lookup);
    const first = setup.runTagger.tag(e);
    const bilstm = tagger.tag(e, first);
    const gold = { upos: Int32Array.from(tree.words, (w) => tagSet.upos.indexOf(w.upos)), xpos: Int32Array.from(tree.words, (w) => tagSet.xpos.indexOf(w.xpos)) };
    words += e.n;
    tree.words.forEach((w, i) => {
      acc.first[0] += first.upos[i] === gold.upos[i] ? 1 : 0;
      acc.first[1] += first.xpos[i] === gold.xpos[i] ? 1 : 0;
      acc.bilstm[0] += bilstm.upos[i] === gold.upos[i] ? 1 : 0;
      acc.bilstm[1] += bilstm.xpos[i] === gold.xpos[i] ? 1 : 0;
    });
    for (const [name, tags] of [['first', first], ['bilstm', bilstm], ['gold', gold]] as [keyof typeof parse.graph, TagIds][]) {
      const score = (p: { head: Int32Array; deprel: Int32Array }, deprels: readonly string[], into: number[]) =>
        tree.words.forEach((w, i) => {
          if ((p.head[i] === e.n ? 0 : p.head[i] + 1) !== w.head) return;
          into[0]++;
          if (deprels[p.deprel[i]] === w.deprel) into[1]++;
        });
      if (graph) score(graph.parser.parse(e, tags, graph.rootRelation, undefined, graph.constraint), graph.deprels, parse.graph[name]);
      score(parseWords(setup.runModel, e, tags), setup.runModel.deprels, parse.transition[name]);
    }
  }
  const pct = (x: number) => ((100 * x) / words).toFixed(2);
  const row = (o: Record<string, number[]>) => Object.entries(o).map(([k, [u, l]]) => `${k} ${pct(u)}/${pct(l)}`).join(', ');
  console.log(`${kind}: UPOS/XPOS first ${pct(acc.first[0])}/${pct(acc.first[1])}, bilstm ${pct(acc.bilstm[0])}/${pct(acc.bilstm[1])}; graph UAS/LAS ${graph ? row(parse.graph) : '—'}; transition UAS/LAS ${row(parse.transition)}`);
}
