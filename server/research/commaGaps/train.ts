/**
 * Trains the comma-gap model (`models/en/comma-gaps.bin`, read by `engine/commaGaps/`) from the examples of
 * `examples.ts` (run it first for dev and train): P(an editor would write the comma missing at this gap) and P(the
 * comma written at this gap is stray), one hashed logistic model whose two questions have features of their own, fit
 * by AdaGrad with L2 and stopped early on dev log-loss (`smallModels/adagradLogistic.ts`).
 *
 * The training copies hold far more errors than writers make (every sentence gets a corrupted copy of each kind that
 * applies), so the fitted intercepts overstate every error. Each question's intercept is shifted by
 * logit(π_writers) − logit(π_train) (the prior correction of a logistic model fit on a sample drawn by class): π_train
 * the share of its gaps that are errors in the training examples, π_writers the writers' errors of its kinds per
 * sentence (`corruption/rates.ts WRITER_ERROR_RATES`: EWT's writers and the learner probes, no test data) over its
 * gaps per sentence as editors write (the training examples' clean copies). Examples drawn with the generic stray comma
 * (`examples.ts --comma-added-rate`) count its writers' rate too, `--comma-added-writers` per 1,000 sentences: it is no
 * kind of `WRITER_ERROR_RATES` (whose keys are the benchmark's kinds), and no probe pair shows it apart from the four
 * named kinds, so by that file's rule for such kinds it gets one probe pair's weight (65 / 6 ≈ 10.8). The expected
 * calibration error (ECE, 10 bins) is reported on dev reweighted to the writers' rate, before and after the shift.
 *
 * The threshold of each question and kind of gap (`gapKind`: the edge of a relative clause, of an apposition, a
 * fronted phrase's end, …) is chosen on dev: going down from 0.99, the least at which the dev sentences as the editors
 * wrote them get at most `--max-clean` findings of that kind per 1,000 sentences and its findings on the corrupted dev
 * copies are right at least `--min-precision` of the time. The dev table per error kind of the generator (precision,
 * recall, F0.5, slot by slot as the benchmark judges) is printed at the chosen thresholds.
 *
 *   npx tsx server/research/commaGaps/train.ts [--out models/en/comma-gaps.bin] [--bits 20] [--max-clean 0.3] [--no-prior-shift]
 *     [--show-dev FILE]   (the dev clean findings at the chosen thresholds, for reading)
 *     [--leave-fold k]    (train without the train documents of fold k: `scorer/crossFit.ts`)
 *     [--keep-thresholds FILE]   (every threshold from the model FILE instead of the sweep's: new probabilities, same findings' bar)
 */
import * as fs from 'fs';
import * as readline from 'readline';
import { parseArgs } from 'util';
import { fitAdagrad, LabelledExample, probOf } from '../smallModels/adagradLogistic';
import { examplesFile, GapCopy, MISSING_KINDS, readRecipe, STRAY_KINDS } from './examples';
import { ewtCleanFile } from './ewtClean';
import { GAP_KINDS } from '../../src/engine/commaGaps/features';
import { EditedPart } from '../editedEnglish';
import { readSilverTrees, SilverSentence } from '../silverTrees';
import { f05, Tally } from '../eval/score';
import { WRITER_ERROR_RATES } from '../corruption/rates';
import { decodeCommaGaps, encodeCommaGaps } from '../../src/engine/commaGaps/model';
import { featureIndex } from '../../src/restore/hashedLogistic';
import { int16Scale } from '../../src/engine/hashedWeightsFile';
import { GAP_FOLDS, gapFoldOf } from '../scorer/crossFit';
import { expectedCalibrationError } from '../eval/ece';

const logit = (p: number) => Math.log(p / (1 - p));

/** Fitted weights written by `--fitted`: the best epoch (int32), then the 2^bits float32 weights. */
function readFitted(file: string, bits: number): { w: Float32Array; epoch: number } {
  const raw = fs.readFileSync(file);
  if (raw.length !== 4 + 4 * 2 ** bits) throw new Error(`${file}: ${raw.length} bytes, not the weights of ${bits} bits`);
  const ab = raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length);
  return { epoch: new Int32Array(ab, 0, 1)[0], w: new Float32Array(ab, 4) };
}

/** The sentence with slot i shown as ⟦·⟧ (after word i, words as the tree has them). */
function shownAt(sv: SilverSentence, i: number): string {
  const w = sv.tree.words.map((x, k) => x.form + (sv.tree.slots[k + 1].join('')) + (k + 1 === i ? '⟦·⟧' : ''));
  return sv.tree.slots[0].join('') + w.join(' ');
}

export const HEADS = ['missing', 'stray'] as const;

export interface Ex extends LabelledExample {
  x: Int32Array;
  head: 0 | 1;
  kind: number;
  copy: number;
  slot: number;
}

export interface Copies {
  source: string[];
  gold: number[][];
  text: Array<string | undefined>;
  id: string[];
  ex: Ex[];
}

/** `keep`: only the copies of the sentences it accepts (by their index in the part's silver trees). */
export async function read(part: EditedPart, bits: number, limit = Infinity, file = examplesFile(part), keep?: (sentence: number) => boolean): Promise<Copies> {
  if (!fs.existsSync(file)) throw new Error(`no examples at ${file}: run npx tsx server/research/commaGaps/examples.ts --part ${part}`);
  const mask = (1 << bits) - 1;
  const c: Copies = { source: [], gold: [], text: [], id: [], ex: [] };
  const rl = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of rl) {
    if (!line) continue;
    if (c.source.length >= limit) break;
    let g: GapCopy;
    try {
      g = JSON.parse(line) as GapCopy;
    } catch {
      break; // the last line of a file still being written
    }
    if (keep && !keep(Number(g.id.split('/')[0]))) continue;
    const k = c.source.length;
    c.source.push(g.source);
    c.gold.push(g.gold);
    c.text.push(g.text);
    c.id.push(g.id);
    for (const [slot, head, y, x, kind] of g.gaps) c.ex.push({ x: Int32Array.from(x, (f) => f & mask), y, head, kind, copy: k, slot });
  }
  return c;
}

function main(): Promise<void> {
  const { values: opt } = parseArgs({
    options: {
      out: { type: 'string', default: 'models/en/comma-gaps.bin' },
      bits: { type: 'string', default: '20' },
      epochs: { type: 'string', default: '20' },
      l2: { type: 'string', default: '1e-6' },
      lr: { type: 'string', default: '0.1' },
      'max-clean': { type: 'string', default: '0.3' },
      'min-precision': { type: 'string', default: '0.9' },
      limit: { type: 'string' },
      // Another examples file to train on (a part of train still being written, for a first look).
      'train-file': { type: 'string' },
      'show-dev': { type: 'string' },
      'no-prior-shift': { type: 'boolean' },
      // EWT dev as written (`ewtClean.ts`): per question and kind, at most `--max-ewt` findings there.
      'ewt-clean': { type: 'string' },
      'max-ewt': { type: 'string', default: '0' },
      fitted: { type: 'string' },
      // question/kind=t: this threshold instead of the one the sweep chooses (a choice made on dev, said in the journal).
      threshold: { type: 'string', multiple: true },
      // Train on every fold of the train documents but this one (`scorer/crossFit.ts`: the gap probabilities of the
      // scorer's training examples come from a model that did not see their documents).
      'leave-fold': { type: 'string' },
      // The generic stray comma's writers' rate per 1,000 sentences, counted only if the train examples plant it.
      'comma-added-writers': { type: 'string', default: String(65 / 6) },
      // Every question/kind's threshold from this model file (`--threshold` still overrides one).
      'keep-thresholds': { type: 'string' },
    },
  });
  return run(opt);
}

async function run(opt: Record<string, string | boolean | string[] | undefined>): Promise<void> {
  const bits = Number(opt.bits);
  const limit = opt.limit ? Number(opt.limit) : Infinity;
  const leave = opt['leave-fold'] === undefined ? undefined : Number(opt['leave-fold']);
  const trainDocs = leave === undefined ? undefined : readSilverTrees('train').map((s) => gapFoldOf(s.doc));
  const keep = trainDocs && ((sentence: number) => trainDocs[sentence] !== leave);
  const train = await read('train', bits, limit, (opt['train-file'] as string | undefined) ?? examplesFile('train'), keep);
  if (leave !== undefined) console.log(`fold ${leave} of ${GAP_FOLDS} left out of train`);
  const dev = await read('dev', bits);
  const cleanSentences = dev.source.filter((s) => s === 'clean').length;
  console.log(`train: ${train.source.length} copies, ${train.ex.length} gaps (${train.ex.filter((e) => e.y).length} positive); dev: ${dev.source.length} copies (${cleanSentences} clean), ${dev.ex.length} gaps`);
  // --fitted FILE: the fitted weights (before the prior shift) are read from FILE if it exists, else fit and written
  // there, so the thresholds can be chosen again (`--threshold`) without fitting again.
  const fittedFile = opt.fitted as string | undefined;
  const best = fittedFile && fs.existsSync(fittedFile) ? readFitted(fittedFile, bits) : fitAdagrad(train.ex, dev.ex, { bits, lr: Number(opt.lr), l2: Number(opt.l2), epochs: Number(opt.epochs) });
  if (fittedFile && !fs.existsSync(fittedFile)) fs.writeFileSync(fittedFile, Buffer.concat([Buffer.from(Int32Array.of(best.epoch).buffer), Buffer.from(best.w.buffer, best.w.byteOffset, best.w.byteLength)]));

  // The prior correction of each question's intercept (see the top of this file).
  const trainClean = train.source.filter((x) => x === 'clean').length;
  const recipe = readRecipe((opt['train-file'] as string | undefined) ?? examplesFile('train'));
  const planted = (recipe?.commaAddedRate ?? 0) > 0;
  const writerRate = (k: string) => (k === 'comma-added' ? (planted ? Number(opt['comma-added-writers']) : 0) : (WRITER_ERROR_RATES[k as keyof typeof WRITER_ERROR_RATES]?.per1k ?? 0));
  if (planted) console.log(`train examples plant comma-added at ${recipe!.commaAddedRate}; its writers' rate ${writerRate('comma-added').toFixed(2)} per 1,000 sentences`);
  const priorShift: Record<string, number> = {};
  const devRate: Record<string, number> = {};
  for (const head of [0, 1] as const) {
    const mine = train.ex.filter((e) => e.head === head);
    const piTrain = mine.filter((e) => e.y).length / mine.length;
    const gapsPerSentence = train.ex.filter((e) => e.head === head && train.source[e.copy] === 'clean').length / trainClean;
    const perSentence = (head === 0 ? MISSING_KINDS : STRAY_KINDS).reduce((a, k) => a + writerRate(k), 0) / 1000;
    const piWriters = perSentence / gapsPerSentence;
    devRate[HEADS[head]] = piWriters;
    const shift = opt['no-prior-shift'] ? 0 : logit(piWriters) - logit(piTrain);
    priorShift[HEADS[head]] = Number(shift.toFixed(4));
    console.log(`${HEADS[head]}: train error share ${piTrain.toFixed(4)}; writers ${perSentence.toFixed(3)} errors per sentence over ${gapsPerSentence.toFixed(2)} gaps = ${piWriters.toFixed(5)}; intercept shift ${shift.toFixed(3)}`);
  }
  const fitted = dev.ex.map((e) => probOf(best.w, e.x));
  for (const name of HEADS) best.w[featureIndex(`${name === 'missing' ? 'm' : 's'}.bias`, bits)] += priorShift[name];
  const p = dev.ex.map((e) => probOf(best.w, e.x));
  // A split's name (`dev`) reads `ewtClean.ts`'s file of it; anything else is a path.
  const ewtArg = opt['ewt-clean'] as string | undefined;
  const ewt = ewtArg ? await read('dev', bits, Infinity, /^[a-z]+$/.test(ewtArg) ? ewtCleanFile(ewtArg) : ewtArg) : undefined;
  const ewtP = ewt ? ewt.ex.map((e) => probOf(best.w, e.x)) : [];
  const maxEwt = Number(opt['max-ewt']);
  if (ewt) console.log(`EWT clean: ${ewt.source.length} sentences, ${ewt.ex.length} gaps; at most ${maxEwt} findings per question and kind`);
  for (const [h, name] of HEADS.entries()) {
    const idx = dev.ex.map((e, j) => [e, j] as const).filter(([e]) => e.head === h);
    const ys = idx.map(([e]) => e.y);
    const before = idx.map(([, j]) => fitted[j]);
    const after = idx.map(([, j]) => p[j]);
    console.log(`ECE ${name} on dev: fitted, dev as drawn ${expectedCalibrationError(before, ys).toFixed(4)}; reweighted to writers' rate: fitted ${expectedCalibrationError(before, ys, devRate[name]).toFixed(4)}, shifted ${expectedCalibrationError(after, ys, devRate[name]).toFixed(4)}`);
  }
  const maxClean = Number(opt['max-clean']);
  const minPrecision = Number(opt['min-precision']);

  // Per question and kind of gap: clean findings and right/wrong findings on corrupted copies, by threshold.
  const thresholds: Record<string, Record<string, number>> = { missing: {}, stray: {} };
  const keptFile = opt['keep-thresholds'] as string | undefined;
  const keptThresholds = keptFile ? decodeCommaGaps(fs.readFileSync(keptFile)).thresholds : undefined;
  for (const head of [0, 1] as const) {
    for (let k = 0; k < GAP_KINDS.length; k++) {
      const mine = dev.ex.map((e, j) => [e, p[j]] as const).filter(([e]) => e.head === head && e.kind === k);
      const ewtMine = ewt ? ewtP.filter((_, j) => ewt.ex[j].head === head && ewt.ex[j].kind === k) : [];
      let chosen = 1.01;
      const lines: string[] = [];
      let over = false;
      for (let t = 0.99; t >= 0.02; t -= 0.01) {
        let clean = 0;
        let right = 0;
        let wrong = 0;
        for (const [e, q] of mine) {
          if (q < t) continue;
          if (dev.source[e.copy] === 'clean') clean++;
          else if (e.y) right++;
          else wrong++;
        }
        const per1k = (1000 * clean) / cleanSentences;
        const ewtFound = ewtMine.filter((q) => q >= t).length;
        if (ewtFound > maxEwt) over = true;
        const precision = right + wrong ? right / (right + wrong) : 1;
        // Going down, the clean findings only grow: past the budget nothing is chosen (the sweep goes on, for reading).
        if (per1k > maxClean) over = true;
        if (per1k > 5 * maxClean + 1) break;
        if (!over && precision >= minPrecision && right > 0) chosen = t;
        if (Math.round(t * 100) % 3 === 0) lines.push(`    t ${t.toFixed(2)}: clean ${clean} (${per1k.toFixed(2)}/1k), EWT ${ewtFound}, corrupted right ${right} wrong ${wrong}`);
      }
      const swept = chosen;
      const kept = keptThresholds?.[HEADS[head]][GAP_KINDS[k]];
      if (keptThresholds && kept === undefined) throw new Error(`${keptFile}: no threshold for ${HEADS[head]}/${GAP_KINDS[k]}`);
      if (kept !== undefined) chosen = kept;
      const given = ((opt.threshold as string[] | undefined) ?? []).map((x) => x.split('=')).find(([key]) => key === `${HEADS[head]}/${GAP_KINDS[k]}`);
      if (given) chosen = Number(given[1]);
      if (chosen !== swept) console.log(`${HEADS[head]}/${GAP_KINDS[k]}: the sweep chose ${swept.toFixed(2)}; kept ${chosen.toFixed(2)}`);
      thresholds[HEADS[head]][GAP_KINDS[k]] = Number(Math.min(chosen, 1.01).toFixed(3));
      const positives = mine.filter(([e]) => e.y).length;
      console.log(`${HEADS[head]}/${GAP_KINDS[k]}: ${mine.length} dev gaps, ${positives} positive; chosen ${chosen.toFixed(2)}`);
      lines.forEach((l) => console.log(l));
    }
  }

  // The dev table per error kind at the chosen thresholds, slot by slot.
  const flagged = dev.ex.map((e, j) => p[j] >= thresholds[HEADS[e.head]][GAP_KINDS[e.kind]]);
  const byKind = new Map<string, Tally>();
  const found = new Map<number, Set<number>>();
  let clean = 0;
  dev.ex.forEach((e, j) => {
    if (!flagged[j]) return;
    const src = dev.source[e.copy];
    if (src === 'clean') return void clean++;
    const o = byKind.get(src) ?? { tp: 0, fp: 0, fn: 0 };
    byKind.set(src, o);
    if (e.y) {
      o.tp++;
      let s = found.get(e.copy);
      if (!s) found.set(e.copy, (s = new Set()));
      s.add(e.slot);
    } else o.fp++;
  });
  dev.source.forEach((src, k) => {
    if (src === 'clean') return;
    const o = byKind.get(src) ?? { tp: 0, fp: 0, fn: 0 };
    byKind.set(src, o);
    o.fn += dev.gold[k].filter((i) => !found.get(k)?.has(i)).length;
  });
  if (ewt) {
    const found = ewt.ex.map((e, j) => [e, j] as const).filter(([e, j]) => ewtP[j] >= thresholds[HEADS[e.head]][GAP_KINDS[e.kind]]);
    console.log(`EWT dev clean at the chosen thresholds: ${found.length} gap findings`);
    for (const [e, j] of found) console.log(`  EWT ${HEADS[e.head]}/${GAP_KINDS[e.kind]} ${ewtP[j].toFixed(3)} slot ${e.slot}: ${ewt.text[e.copy]}`);
  }
  console.log(`\ndev at the chosen thresholds: clean ${clean} findings = ${((1000 * clean) / cleanSentences).toFixed(2)} per 1,000 sentences`);
  console.log('| error kind | TP | FP | FN | P | R | F0.5 |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [src, o] of [...byKind].sort()) {
    const s = f05(o);
    console.log(`| ${src} | ${o.tp} | ${o.fp} | ${o.fn} | ${s.precision.toFixed(3)} | ${s.recall.toFixed(3)} | ${s.f05.toFixed(3)} |`);
  }
  if (opt['show-dev']) {
    const silver = readSilverTrees('dev');
    const lines: string[] = [];
    dev.ex.forEach((e, j) => {
      if (flagged[j] && dev.source[e.copy] === 'clean') lines.push(`clean\t${HEADS[e.head]}/${GAP_KINDS[e.kind]}\t${p[j].toFixed(3)}\tslot ${e.slot}\t${shownAt(silver[Number(dev.id[e.copy])], e.slot)}`);
      if (flagged[j] && dev.source[e.copy] !== 'clean' && !e.y) lines.push(`wrong\t${HEADS[e.head]}/${GAP_KINDS[e.kind]}\t${p[j].toFixed(3)}\tslot ${e.slot}\t${dev.text[e.copy]}`);
      if (!flagged[j] && e.y) lines.push(`missed\t${HEADS[e.head]}/${GAP_KINDS[e.kind]}\t${p[j].toFixed(3)}\tslot ${e.slot}\t${dev.source[e.copy]}\t${dev.text[e.copy]}`);
    });
    fs.writeFileSync(opt['show-dev'] as string, lines.join('\n') + '\n');
  }
  const kept: Array<[number, number]> = [];
  best.w.forEach((v, k) => {
    if (Math.abs(v) > 1e-4) kept.push([k, v]);
  });
  // Each weight rounded to the file's int16 step (`hashedWeightsFile.ts`).
  const scale = int16Scale(kept.map(([, v]) => v));
  const weights = kept.map(([k, v]) => [k, Math.round(v * scale) / scale] as [number, number]).filter(([, v]) => v !== 0);
  // The shipped recipe's note as it was; a recipe with the generic stray comma says so (and how to rebuild it).
  const note =
    'Trained by npm run train:comma-gaps (server/research/commaGaps/train.ts); priorShift is already in the weights.' +
    (planted ? ` Examples with comma-added at ${recipe!.commaAddedRate} (examples.ts --comma-added-rate), its writers' rate ${writerRate('comma-added').toFixed(2)} per 1,000 sentences${keptFile ? `; thresholds kept from ${keptFile}` : ''}.` : '');
  // A model shown the generic stray comma names the kinds of gap where it saw stray commas, so that the stray agreement
  // (`correction/pipeline/modelRules.ts`, `strayAgreement`) asks it there; the shipped recipe's file stays as it was.
  const strayKinds = planted ? GAP_KINDS.filter((_, k) => train.ex.some((e) => e.head === 1 && e.y && e.kind === k)) : undefined;
  fs.writeFileSync(opt.out as string, encodeCommaGaps({ version: `comma-gaps-2-e${best.epoch}`, bits, weights }, scale, { thresholds: thresholds as { missing: Record<string, number>; stray: Record<string, number> }, priorShift, ...(strayKinds ? { strayKinds } : {}), note }));
  console.log(`wrote ${opt.out}: ${weights.length} weights at 1/${scale}, thresholds ${JSON.stringify(thresholds)}, prior shift ${JSON.stringify(priorShift)}`);
}

if (require.main === module) void main();
