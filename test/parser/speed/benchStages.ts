/**
 * CPU time of the parser's stages (tag, transition parse with its arc labeller, top-down relabelling) per EWT test
 * sentence, for the parser code under ROOT (so that two checkouts can be timed alternately in the same minutes).
 *
 *   npx tsx test/parser/speed/benchStages.ts ROOT [ROUNDS] [NEURAL_MODEL WEIGHT]
 *
 * Sentences are the 2,046 depunctuated test trees with punctuation kept, encoded once beforehand. With
 * `PARSER_BUILD=out` the compiled JavaScript under ROOT/server/out runs (what the CLI runs; tsx's transform wraps
 * every closure in a naming helper, as the language server's bundle does with `keepNames`).
 */
import * as os from 'os';
import * as path from 'path';
import { EWT_DIR } from '../../ewt';
import { stageTimer } from '../../../server/src/training/parser/stageTimes';

const root = path.resolve(process.argv[2] ?? '.');
const rounds = Number(process.argv[3] ?? 3);
/* eslint-disable @typescript-eslint/no-require-imports */
const load = (m: string) => require(path.join(root, 'server', process.env.PARSER_BUILD === 'out' ? 'out' : 'src', m));
const { readTreebank } = load('data/treebank') as typeof import('../../../server/src/data/treebank');
const { readModel } = load('parser/modelFile') as typeof import('../../../server/src/parser/modelFile');
const { parserModels } = load('parser/parserModels') as typeof import('../../../server/src/parser/parserModels');
const dp = load('parser/dependencyParser') as typeof import('../../../server/src/parser/dependencyParser');
const { encodeSentence } = load('parser/encoding') as typeof import('../../../server/src/parser/encoding');

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e3;
};
let t0 = cpuMs();
const base = parserModels(readModel(path.join(root, 'models/en/parser.bin')));
const loadMs = cpuMs() - t0;
const m = process.argv[4] ? { ...base, neural: parserModels(readModel(process.argv[4])).neural, neuralWeight: Number(process.argv[5]) } : base;
const trees = readTreebank(path.join(EWT_DIR, 'en_ewt-ud-test.conllu')).trees;
const lookup = dp.clusterLookup(m.clusters);
const es = trees.map((t) => encodeSentence({ forms: t.words.map((w) => w.form), slots: t.slots }, lookup));
const time = stageTimer(dp, m, es);
for (let round = 0; round < rounds; round++) {
  const t = time();
  console.log(
    `${path.basename(root)}${process.argv[4] ? ' +neural' : ''}: model ${loadMs.toFixed(0)} CPU ms; CPU ms per sentence: tag ${t.tag.toFixed(3)}, parse ${t.parse.toFixed(3)}, label ${t.label.toFixed(3)}, total ${t.total.toFixed(3)} (load average ${os.loadavg()[0].toFixed(2)})`,
  );
}
