/**
 * Two checkouts' parsers timed sentence by sentence in one process (journal, "parser speed", 2026-11-23): each EWT test
 * sentence goes through ROOT_A's `parseTokens` and ROOT_B's, in alternating order, each timed, so that both meet the
 * same moments of a shared, loaded machine (two runs of one checkout read 0.98–1.00; whole-pass A/B on this machine
 * spread ±10%). Round 0 is each parser's first pass (what the CLI times: JIT, WebAssembly tier-up and the neural input
 * rows still to come); the median B/A is taken over the later rounds.
 *
 *   PARSER_BUILD=out npx tsx test/parser/speed/sentenceAB.ts ROOT_A ROOT_B [ROUNDS]
 */
import * as os from 'os';
import * as path from 'path';
import { EWT_DIR } from '../../ewt';
import { modulesAt } from './parseLines';

const roots = [path.resolve(process.argv[2]), path.resolve(process.argv[3])];
const rounds = Number(process.argv[4] ?? 5);
const build = process.env.PARSER_BUILD === 'out' ? 'out' : 'src';
const mods = roots.map((r) => modulesAt(r, build));
const file = path.join(EWT_DIR, 'en_ewt-ud-test.conllu');
const sentences = mods[0].treebank.readTreebank(file).sentences.map((s) => s.words.map((w) => w.form));
const parsers = roots.map((r, i) => mods[i].index.loadParser(path.join(r, 'models/en')));
// Each round parses every sentence afresh: the parsers' memo of parsed sentences (private) is emptied first.
const forget = (p: object) => (p as { memo: Map<string, unknown> }).memo.clear();

const ratios: number[] = [];
for (let round = 0; round < rounds; round++) {
  const ns = [0n, 0n];
  parsers.forEach(forget);
  sentences.forEach((forms, k) => {
    for (const i of k % 2 ? [1, 0] : [0, 1]) {
      const t0 = process.hrtime.bigint();
      parsers[i].parseTokens(forms);
      ns[i] += process.hrtime.bigint() - t0;
    }
  });
  const [a, b] = ns.map((x) => Number(x) / 1e6);
  ratios.push(b / a);
  console.log(`round ${round}: A ${a.toFixed(0)} ms, B ${b.toFixed(0)} ms, B/A ${(b / a).toFixed(3)}; load ${os.loadavg()[0].toFixed(2)}`);
}
const later = ratios.slice(1).sort((x, y) => x - y);
if (later.length) console.log(`B/A after round 0: median ${later[later.length >> 1].toFixed(3)} (${later[0].toFixed(3)}–${later[later.length - 1].toFixed(3)})`);
