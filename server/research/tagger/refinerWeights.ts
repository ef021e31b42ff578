/**
 * A refined tagger's dev accuracy (EWT dev, every view) as the weight of the first passes' scores in the refining
 * pass's decisions varies (`Tagger.firstWeight`), beside the first passes alone.
 *
 *   npx tsx server/research/tagger/refinerWeights.ts MODEL [WEIGHT,…]
 */
import * as path from 'path';
import { readModel } from '../../src/parser/modelFile';
import { parserModels } from '../../src/parser/parserModels';
import { readTreebank } from '../../src/data/treebank';
import { evaluateTagger } from '../../src/training/parser/train';
import { VIEW_KINDS } from '../../src/training/parser/views';

const [file, weights = '0,0.5,1,2'] = process.argv.slice(2);
if (!file) throw new Error('usage: refinerWeights.ts MODEL [WEIGHT,…]');
const m = readModel(file);
const tagger = parserModels(m).tagger;
if (!tagger.refiner) throw new Error(`${file} has no refining pass`);
const dev = readTreebank(path.resolve(__dirname, '../../../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu')).trees;
const variants: Array<[string, ReturnType<typeof tagger.withRefiner>]> = [
  ['first passes', tagger.withRefiner(undefined)],
  ...weights.split(',').map((w): [string, ReturnType<typeof tagger.withRefiner>] => [`refined, first weight ${w}`, tagger.withRefiner(tagger.refiner, Number(w))]),
];
for (const [name, t] of variants) {
  const cells = VIEW_KINDS.map((kind) => {
    const r = evaluateTagger(t, dev, kind, m.clusters, 13);
    return `${kind} ${r.upos} / ${r.xpos}`;
  });
  console.log(`${name}: UPOS / XPOS ${cells.join(', ')}`);
}
