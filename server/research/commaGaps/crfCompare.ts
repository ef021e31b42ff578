/**
 * Which learner for the comma-gap model: a hashed logistic model per gap (`smallModels/adagradLogistic.ts`, what
 * ships) or a linear-chain CRF over the gaps of a sentence (`src/restore/linearChainCrf.ts`, trained by
 * `restore/crfTraining.ts`; tag 1 = yes, the comma is missing or stray, tag 0 = no), with the same features and the
 * same examples (`examples.ts`). Each is scored on dev per question: the recall of the gold gaps of the corrupted
 * copies at the threshold where the dev sentences as the editors wrote them get `--clean` findings per 1,000 sentences,
 * and the same for the relative clauses' and appositions' missing commas alone.
 *
 *   npx tsx server/research/commaGaps/crfCompare.ts [--limit 30000] [--epochs 4] [--clean 1]
 */
import * as fs from 'fs';
import * as readline from 'readline';
import { parseArgs } from 'util';
import { posteriors } from '../../src/restore/linearChainCrf';
import { tagsOf, taggerScores } from '../../src/restore/punctTagger';
import { meanNll, TaggedRun, trainTagger } from '../restore/crfTraining';
import { fitAdagrad, probOf } from '../smallModels/adagradLogistic';
import { EXAMPLE_BITS, examplesFile, GapCopy } from './examples';
import { EditedPart } from '../editedEnglish';

const { values: opt } = parseArgs({
  options: {
    limit: { type: 'string', default: '30000' },
    epochs: { type: 'string', default: '4' },
    clean: { type: 'string', default: '1' },
    bits: { type: 'string', default: '20' },
  },
});
const BITS = Number(opt.bits);

interface Copy {
  source: string;
  gaps: GapCopy['gaps'];
}

async function read(part: EditedPart, limit: number): Promise<Copy[]> {
  const out: Copy[] = [];
  const rl = readline.createInterface({ input: fs.createReadStream(examplesFile(part), 'utf8'), crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line) continue;
    if (out.length >= limit) break;
    const g = JSON.parse(line) as GapCopy;
    out.push({ source: g.source, gaps: g.gaps });
  }
  return out;
}

/** Per question, recall at the clean budget; `p[c][k]` is the probability of copy c's k-th gap. */
function score(dev: readonly Copy[], p: number[][], cleanPer1k: number): Record<string, number> {
  const cleanCopies = dev.filter((c) => c.source === 'clean').length;
  const out: Record<string, number> = {};
  const groups: Array<[string, (c: Copy, head: number) => boolean]> = [
    ['missing', (_, h) => h === 0],
    ['missing relative+appositive', (c, h) => h === 0 && (c.source === 'clean' || /^(relative|appositive)/.test(c.source))],
    ['stray', (_, h) => h === 1],
  ];
  for (const [name, inGroup] of groups) {
    const clean: number[] = [];
    const gold: number[] = [];
    dev.forEach((c, ci) =>
      c.gaps.forEach(([, head, y], k) => {
        if (!inGroup(c, head)) return;
        if (c.source === 'clean') clean.push(p[ci][k]);
        else if (y) gold.push(p[ci][k]);
      }),
    );
    clean.sort((a, b) => b - a);
    const allowed = Math.floor((cleanPer1k * cleanCopies) / 1000);
    const t = clean[allowed] ?? 0;
    out[name] = gold.filter((q) => q > t).length / Math.max(1, gold.length);
  }
  return out;
}

async function main(): Promise<void> {
  const train = await read('train', Number(opt.limit));
  const dev = await read('dev', Infinity);
  const mask = (1 << BITS) - 1;
  const budget = Number(opt.clean);
  console.log(`train ${train.length} copies, dev ${dev.length}`);

  const lx = (c: Copy) => c.gaps.map(([, , y, x]) => ({ x: Int32Array.from(x, (f) => f & mask), y }));
  const t0 = Date.now();
  const lr = fitAdagrad(train.flatMap(lx), dev.flatMap(lx), { bits: BITS, lr: 0.1, l2: 1e-6, epochs: Number(opt.epochs) });
  const pl = dev.map((c) => lx(c).map((e) => probOf(lr.w, e.x)));
  console.log(`logistic (${((Date.now() - t0) / 1000).toFixed(0)} s): ${JSON.stringify(score(dev, pl, budget))}`);

  // The CRF's features are the same hashes, mixed with the tag (`weightIndex`); tag 1 of the tagger's tags is "yes".
  const runs = (cs: readonly Copy[]): TaggedRun[] => cs.map((c) => ({ hashes: c.gaps.map(([, , , x]) => Int32Array.from(x)), tags: c.gaps.map(([, , y]) => y) }));
  const trainRuns = runs(train);
  const devRuns = runs(dev);
  const t1 = Date.now();
  let best = { nll: Infinity, epoch: 0, p: [] as number[][] };
  trainTagger(trainRuns, {
    bits: BITS,
    epochs: Number(opt.epochs),
    afterEpoch: (e, m) => {
      const nll = meanNll(m, devRuns);
      console.log(`crf epoch ${e}: dev nll per gap ${nll.toFixed(4)}`);
      if (nll >= best.nll) return;
      const p = devRuns.map((r) => {
        if (!r.hashes.length) return [];
        const marginals = posteriors(taggerScores(m, r.hashes)).marginals;
        const k = tagsOf(m).length;
        return r.hashes.map((_, i) => marginals[i * k + 1]);
      });
      best = { nll, epoch: e, p };
    },
  });
  console.log(`crf (${((Date.now() - t1) / 1000).toFixed(0)} s, best epoch ${best.epoch}): ${JSON.stringify(score(dev, best.p, budget))}`);
}

void main();
