/**
 * The sentence-join findings' CPU (`sentenceJoinFindings`: the join model at the slots of one analysed sentence),
 * this checkout against another, in one process: EWT test sentences parsed once by this checkout's analyser, then
 * each round's sentences handed to both checkouts' functions in turn (which goes first alternating), with the
 * findings compared. The whole lint's noise on this shared machine (±5% a round) hides a change to one stage that
 * costs ~5% of it; this times the stage alone. Only the ratio means anything.
 *
 *   npx tsx server/research/benchJoinsAB.ts --root OTHER_CHECKOUT [--rounds 8] [--repeat 5]
 */
import * as path from 'path';
import { parseArgs } from 'util';
import { cpuMs } from './eval/cpuTime';

const { values: opt } = parseArgs({
  options: {
    root: { type: 'string' },
    rounds: { type: 'string', default: '8' },
    repeat: { type: 'string', default: '5' },
  },
});
if (!opt.root) throw new Error('--root OTHER_CHECKOUT is required');

type JoinFindings = (s: unknown, text: string, model: unknown) => { findings: Array<{ start: number; confidence: number }> };

function joinsAt(root: string): { run: JoinFindings; model: unknown } {
  const from = (p: string) => require(path.join(root, 'server/src', p)); // eslint-disable-line @typescript-eslint/no-require-imports
  const model = from('engine/sentenceJoins/model').loadJoinModel(path.join(root, 'models/en'));
  if (!model) throw new Error(`no sentence-join model in ${root}`);
  return { run: from('engine/sentenceJoins/findings').sentenceJoinFindings, model };
}

function main(): void {
  const { readTreebank } = require(path.resolve(__dirname, '../src/data/treebank')); // eslint-disable-line @typescript-eslint/no-require-imports
  const { loadEngineParts } = require(path.resolve(__dirname, '../src/engine')); // eslint-disable-line @typescript-eslint/no-require-imports
  const texts = (readTreebank(path.resolve(__dirname, '../../../shared/data/ud-english-ewt/en_ewt-ud-test.conllu')).sentences as Array<{ text?: string }>)
    .map((s) => s.text ?? '')
    .filter((t) => t.trim() !== '');
  const analyser = loadEngineParts().analyser;
  const sentences = texts.flatMap((t) => analyser.parseText(t).map((s: unknown) => ({ s, t })));
  const here = joinsAt(path.resolve(__dirname, '../..'));
  const other = joinsAt(path.resolve(opt.root!));
  const rounds = Number(opt.rounds);
  const repeat = Number(opt.repeat);
  const per = Math.floor(sentences.length / rounds);
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const part = sentences.slice(r * per, (r + 1) * per);
    const ms = { here: 0, other: 0 };
    const sig = { here: '', other: '' };
    const run = (k: 'here' | 'other') => {
      const e = k === 'here' ? here : other;
      ms[k] += cpuMs(() => {
        for (let x = 0; x < repeat; x++) for (const { s, t } of part) e.run(s, t, e.model);
      });
      sig[k] = part.map(({ s, t }) => e.run(s, t, e.model).findings.map((f) => `${f.start}:${f.confidence}`).join(',')).join(';');
    };
    if (r % 2) (run('here'), run('other'));
    else (run('other'), run('here'));
    if (sig.here !== sig.other) throw new Error(`round ${r + 1}: the two checkouts' findings differ`);
    ratios.push(ms.here / ms.other);
    console.log(`round ${r + 1}: ${part.length} sentences × ${repeat}, CPU ms: this ${ms.here.toFixed(0)}, other ${ms.other.toFixed(0)}, ratio ${(ms.here / ms.other).toFixed(3)} (the same findings)`);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  console.log(`ratio this / other: min ${sorted[0].toFixed(3)} median ${sorted[Math.floor(sorted.length / 2)].toFixed(3)} max ${sorted[sorted.length - 1].toFixed(3)}`);
}

main();
