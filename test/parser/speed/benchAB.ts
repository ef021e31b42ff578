/**
 * The parser's stages timed for two checkouts in one process, alternately (A, B, A, B, …), so that both see the same
 * load on a shared machine: CPU ms per EWT test sentence for tag, transition parse (with its arc labeller) and
 * top-down relabelling, and the median of each over the rounds.
 *
 *   PARSER_BUILD=out npx tsx test/parser/speed/benchAB.ts ROOT_A ROOT_B [ROUNDS] [--neural MODEL WEIGHT]
 *
 * Sentences are the 2,046 depunctuated test trees with punctuation kept, encoded once beforehand by each checkout.
 */
import * as os from 'os';
import * as path from 'path';
import { EWT_DIR } from '../../ewt';
import { modulesAt, ParserModules } from './parseLines';
import { stageTimer } from '../../../server/src/training/parser/stageTimes';

const args = process.argv.slice(2);
const roots = [path.resolve(args[0]), path.resolve(args[1])];
const rounds = Number(args[2] && !args[2].startsWith('--') ? args[2] : 5);
const at = args.indexOf('--neural');
const neural = at > 0 ? { file: args[at + 1], weight: Number(args[at + 2]) } : undefined;
const build = process.env.PARSER_BUILD === 'out' ? 'out' : 'src';

function setUp(root: string, mods: ParserModules) {
  const dp = mods.dependencyParser;
  const base = mods.parserModels.parserModels(mods.modelFile.readModel(path.join(root, 'models/en/parser.bin')));
  const m = neural
    ? { ...base, neural: mods.parserModels.parserModels(mods.modelFile.readModel(neural.file)).neural, neuralWeight: neural.weight }
    : base;
  const trees = mods.treebank.readTreebank(path.join(EWT_DIR, 'en_ewt-ud-test.conllu')).trees;
  const lookup = dp.clusterLookup(m.clusters);
  const es = trees.map((t) => mods.encoding.encodeSentence({ forms: t.words.map((w) => w.form), slots: t.slots }, lookup));
  const time = stageTimer(dp, m, es);
  return () => {
    const t = time();
    return [t.tag, t.parse, t.label, t.total];
  };
}

const runs = roots.map((r) => setUp(r, modulesAt(r, build)));
const times: number[][][] = [[], []];
for (let round = 0; round < rounds; round++)
  for (let k = 0; k < 2; k++) {
    const t = runs[k]();
    times[k].push(t);
    console.log(`round ${round} ${k ? 'B' : 'A'}: tag ${t[0].toFixed(3)}, parse ${t[1].toFixed(3)}, label ${t[2].toFixed(3)}, total ${t[3].toFixed(3)} (load ${os.loadavg()[0].toFixed(2)})`);
  }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (let k = 0; k < 2; k++) {
  const m = [0, 1, 2, 3].map((s) => median(times[k].map((t) => t[s])).toFixed(3));
  console.log(`${k ? 'B' : 'A'} ${roots[k]}${neural ? ' +neural' : ''} median CPU ms per sentence: tag ${m[0]}, parse ${m[1]}, label ${m[2]}, total ${m[3]}`);
}
