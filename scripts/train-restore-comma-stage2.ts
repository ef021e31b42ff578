/**
 * Trains the comma decision's second stage (`server/src/restore/commaSecondStage.ts`) on top of a first-stage comma
 * model (default the bundled `models/en/restore-commas.json`) and writes the first stage's file with the second stage
 * in it:
 *
 *   PUNCTEME_CACHE=DIR npx tsx scripts/train-restore-comma-stage2.ts [--first FILE] [--threshold T] [--web-threshold W]
 *       [--bits B] [--out FILE]
 *
 * Data: the parsed examples `scripts/train-restore-commas.ts --ewt --train 16000 --spreads 2` cached (DIR holds
 * train-16000.jsonl, train-16000-o1.jsonl, ewt-train-100000.jsonl, dev-100000.jsonl, ewt-dev-100000.jsonl). The
 * second stage must see first-stage P as restoration does, on text the first stage was not trained on: the first
 * stage's recipe (its features, AdaGrad, EPOCHS1 epochs, default 2, the shipped model's best) is trained on each half
 * of the training sentences (edited spread 0 with EWT train's first half, and the rest) and asked on the other half,
 * its P stacked by the first model's stack; on dev the first model itself is asked. The second stage (a logistic
 * model over hashed features, the first stage's logit as its offset, AdaGrad, the epoch of lowest dev log loss among
 * EPOCHS2, default 6) is trained on all train slots. Reports comma F1 and errors on edited dev and EWT dev slots at
 * thresholds, first stage against second. The written file keeps the first model's thresholds unless --threshold /
 * --web-threshold are given.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import type { RunParse } from '../server/src/restore/boundaries';
import { commaFeatureHashes, CommaModelJson, commaModelFromJson, commaProbOfHashes, stackedProb, yields, COMMA_MODEL_FILE } from '../server/src/restore/commaModel';
import { secondStageHashes } from '../server/src/restore/commaSecondStage';
import { denseWeightText } from '../server/src/restore/punctTagger';
import { hashOfParts } from '../server/src/restore/hashedLogistic';
import { loadParser } from '../server/src/parser';
import { runParse } from '../server/src/restore/boundaries';

const { values } = parseArgs({
  options: {
    first: { type: 'string' },
    out: { type: 'string' },
    bits: { type: 'string', default: '18' },
    threshold: { type: 'string' },
    'web-threshold': { type: 'string' },
  },
});
const CACHE = process.env.PUNCTEME_CACHE ?? '/work/cache/restore-commas';
const EPOCHS1 = Number(process.env.EPOCHS1 ?? 2);
const EPOCHS2 = Number(process.env.EPOCHS2 ?? 6);
const RATE = Number(process.env.RATE ?? 0.1);
const BITS2 = Number(values.bits);

interface SentenceExamples {
  forms: string[];
  parse: RunParse;
  label: number[];
  tagger: number[];
  model: number[];
}

function read(name: string): SentenceExamples[] {
  const file = path.join(CACHE, name);
  if (!fs.existsSync(file)) throw new Error(`${file} missing: build it with scripts/train-restore-commas.ts (PUNCTEME_CACHE=${CACHE})`);
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as SentenceExamples);
}

const firstFile = values.first ?? path.resolve(__dirname, '..', 'models', 'en', COMMA_MODEL_FILE);
const firstJson = JSON.parse(fs.readFileSync(firstFile, 'utf8')) as CommaModelJson;
const first = commaModelFromJson(firstJson);

/** Per sentence, each slot's first-stage feature hashes (slots 1 … n − 1, index k − 1). */
function firstHashes(data: readonly SentenceExamples[]): Int32Array[][] {
  const buf: number[] = [];
  return data.map((s) => {
    const spans = yields(s.parse.head, s.parse.deprel);
    return s.label.map((_, k) => Int32Array.from(commaFeatureHashes(s.forms, s.parse, spans, k + 1, { tagger: s.tagger[k], model: s.model[k] }, buf, first.featureSet)));
  });
}

let seed = 1;
const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
function shuffle(order: number[]): void {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
}

/** AdaGrad on logistic loss over hashed features with an offset per example; `epochs` fixed, or the best on `dev`. */
function trainLogistic(
  bits: number,
  train: ReadonlyArray<{ hashes: Int32Array; y: number; offset: number }>,
  epochs: number,
  dev?: ReadonlyArray<{ hashes: Int32Array; y: number; offset: number }>,
): Float32Array {
  const mask = (1 << bits) - 1;
  const w = new Float32Array(1 << bits);
  const g2 = new Float32Array(1 << bits).fill(1e-2);
  const order = train.map((_, i) => i);
  const z = (e: { hashes: Int32Array; offset: number }, ws: Float32Array) => {
    let s = e.offset;
    for (const h of e.hashes) s += ws[(h >>> 0) & mask];
    return s;
  };
  let best = { loss: Infinity, w: Float32Array.from(w), epoch: 0 };
  for (let epoch = 1; epoch <= epochs; epoch++) {
    shuffle(order);
    for (const k of order) {
      const e = train[k];
      const g = 1 / (1 + Math.exp(-z(e, w))) - e.y;
      for (const h of e.hashes) {
        const j = (h >>> 0) & mask;
        g2[j] += g * g;
        w[j] -= (RATE * g) / Math.sqrt(g2[j]);
      }
    }
    if (!dev) continue;
    let loss = 0;
    for (const e of dev) {
      const p = Math.min(1 - 1e-9, Math.max(1e-9, 1 / (1 + Math.exp(-z(e, w)))));
      loss -= e.y ? Math.log(p) : Math.log(1 - p);
    }
    loss /= dev.length;
    console.log(`  epoch ${epoch}: dev log loss ${loss.toFixed(4)}`);
    if (loss < best.loss) best = { loss, w: Float32Array.from(w), epoch };
  }
  if (dev) console.log(`  kept epoch ${best.epoch}`);
  return dev ? best.w : w;
}

/** Stacked first-stage P at every slot of each sentence (index k − 1 for slot k) under weights `w`. */
function firstProbs(data: readonly SentenceExamples[], hashes: readonly Int32Array[][], w: Float32Array): Float64Array[] {
  const m = { bits: first.bits, weights: w };
  return data.map((s, j) => Float64Array.from(s.label, (_, k) => stackedProb(first.stack, commaProbOfHashes(m, hashes[j][k] as unknown as number[]), { tagger: s.tagger[k], model: s.model[k] })));
}

/** The first stage trained on `fit` (its labelled slots) and asked on `ask`. */
function crossFitted(fit: readonly SentenceExamples[], fitHashes: readonly Int32Array[][], ask: readonly SentenceExamples[], askHashes: readonly Int32Array[][]): Float64Array[] {
  const train: Array<{ hashes: Int32Array; y: number; offset: number }> = [];
  fit.forEach((s, j) => s.label.forEach((y, k) => y >= 0 && train.push({ hashes: fitHashes[j][k], y, offset: 0 })));
  const w = trainLogistic(first.bits, train, EPOCHS1);
  return firstProbs(ask, askHashes, w);
}

interface Example {
  hashes: Int32Array;
  y: number;
  offset: number;
  p1: number;
}

function logitOf(p: number): number {
  const r = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(r / (1 - r));
}

/** JOINT=1 (research): the second stage reads the first stage's own features too (its corrections by word and parse). */
const JOINT = process.env.JOINT === '1';

function secondExamples(data: readonly SentenceExamples[], p1: readonly Float64Array[], firstOf?: readonly Int32Array[][]): Example[] {
  const out: Example[] = [];
  const buf: number[] = [];
  data.forEach((s, j) => {
    // p1 indexed by slot (1 … n − 1), as the restorer holds it.
    const bySlot = new Float64Array(s.forms.length + 1);
    p1[j].forEach((p, k) => (bySlot[k + 1] = p));
    s.label.forEach((y, k) => {
      if (y < 0) return;
      const own = secondStageHashes(s.forms, s.parse, bySlot, k + 1, buf);
      const hashes = JOINT && firstOf ? Int32Array.from([...own, ...firstOf[j][k].map((h) => h ^ 0x5bd1e995)]) : Int32Array.from(own);
      out.push({ hashes, y, offset: logitOf(bySlot[k + 1]), p1: bySlot[k + 1] });
    });
  });
  return out;
}

function f1(data: readonly Example[], decide: (e: Example, k: number) => boolean): { f1: number; p: number; r: number; errors: number } {
  let tp = 0, pred = 0, gold = 0;
  data.forEach((e, k) => {
    const d = decide(e, k);
    if (d) pred++;
    if (e.y) gold++;
    if (d && e.y) tp++;
  });
  const p = tp / Math.max(1, pred), r = tp / Math.max(1, gold);
  return { f1: p + r ? (2 * p * r) / (p + r) : 0, p, r, errors: pred + gold - 2 * tp };
}

/**
 * DEV_FOLDS=1 (research): the second stage trained on half the dev slots (by sentence parity; with the train slots
 * too if DEV_FOLDS=train) and scored on the other half, both ways: whether slots with first-stage P as restoration
 * sees them teach more than the cross-fitted train slots.
 */
function devFolds(train: readonly Example[], dev: Record<string, Example[]>): void {
  const all = Object.values(dev).flat();
  const parity = new Map<Example, number>();
  // Sentence parity is not kept on the examples; alternate blocks of 50 slots instead (about two sentences).
  all.forEach((e, k) => parity.set(e, Math.floor(k / 50) % 2));
  const weights = [0, 1].map((f) => {
    const fit = all.filter((e) => parity.get(e) === f);
    return trainLogistic(BITS2, process.env.DEV_FOLDS === 'train' ? [...train, ...fit, ...fit, ...fit] : fit, 3);
  });
  const mask = (1 << BITS2) - 1;
  for (const [name, data] of Object.entries(dev)) {
    const q = data.map((e) => {
      const w = weights[1 - parity.get(e)!];
      let z = e.offset;
      for (const h of e.hashes) z += w[(h >>> 0) & mask];
      return 1 / (1 + Math.exp(-z));
    });
    for (const t of [0.3, 0.35, 0.4, 0.45, 0.5, 0.6]) {
      const b = f1(data, (_, k) => q[k] >= t);
      console.log(`dev folds (${process.env.DEV_FOLDS}): ${name} dev slots ≥ ${t}: second F1 ${b.f1.toFixed(3)} (P ${b.p.toFixed(3)}, R ${b.r.toFixed(3)}) errors ${b.errors}`);
    }
  }
}

/**
 * REPARSE=1 (research; issue #31's second next step): each sentence parsed again with the first stage's commas
 * written (P₁ ≥ its threshold; `Parser.parseWithCommas`, the words laid out with single spaces), and a comma model of
 * the first stage's recipe trained on those parses, reading the first stage's syntactic P (cross-fitted) in bins, then
 * stacked with the tagger's P and the model's share on dev as the first stage is. Scored on the dev slots against the
 * first stage. The parses are cached (reparse-*.jsonl in the cache directory). REPARSE=context: the model reads the
 * second stage's features of the first stage's P at the other slots as well.
 */
function reparsed(name: string, data: readonly SentenceExamples[], p1: readonly Float64Array[]): RunParse[] {
  const file = path.join(CACHE, `reparse-${name}.jsonl`);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as RunParse);
  const parser = loadParser();
  let changed = 0;
  const out = data.map((s, j) => {
    const commasAt = Array.from(p1[j], (p, k) => (p >= first.threshold ? k + 1 : -1)).filter((i) => i > 0);
    if (commasAt.length === 0) return s.parse;
    let at = 0;
    const tokens = s.forms.map((text) => {
      const t = { text, start: at, end: at + text.length, punct: false };
      at += text.length + 1;
      return t;
    });
    // parseWithCommas reads only the number of the tree's words (to check the re-parse kept them); the cache has no tree.
    const tree = parser.parseWithCommas({ tokens, wordTokens: tokens.map((_, k) => k), tree: { words: s.forms.map(() => ({})) } as never }, commasAt);
    if (!tree) return s.parse;
    changed++;
    return runParse(tree.words);
  });
  fs.writeFileSync(file, out.map((x) => JSON.stringify(x)).join('\n') + '\n');
  console.log(`reparsed ${name}: ${changed} of ${data.length} sentences with a comma written`);
  return out;
}

/** Syntactic (unstacked) first-stage P at every slot under weights `w`. */
function syntaxProbs(data: readonly SentenceExamples[], hashes: readonly Int32Array[][], w: Float32Array): Float64Array[] {
  const m = { bits: first.bits, weights: w };
  return data.map((s, j) => Float64Array.from(s.label, (_, k) => commaProbOfHashes(m, hashes[j][k] as unknown as number[])));
}

function reparseExperiment(parts: Record<string, { data: SentenceExamples[]; hashes: Int32Array[][]; p1: Float64Array[]; w: Float32Array }>): void {
  const examplesOf = (name: string) => {
    const { data, hashes, p1, w } = parts[name];
    const parses = reparsed(name, data, p1);
    const ps = syntaxProbs(data, hashes, w);
    const out: Array<{ hashes: Int32Array; y: number; offset: number; tagger: number; model: number; p1: number }> = [];
    const buf: number[] = [];
    data.forEach((s, j) => {
      const spans = yields(parses[j].head, parses[j].deprel);
      const bySlot = new Float64Array(s.forms.length + 1);
      p1[j].forEach((p, k) => (bySlot[k + 1] = p));
      s.label.forEach((y, k) => {
        if (y < 0) return;
        const h = commaFeatureHashes(s.forms, parses[j], spans, k + 1, { tagger: s.tagger[k], model: s.model[k] }, buf, first.featureSet);
        h.push(hashOfParts('ps=', String(Math.min(19, Math.floor(ps[j][k] * 20)))));
        // REPARSE=context: the second stage's features of the first stage's P at the other slots too.
        if (process.env.REPARSE === 'context') for (const c of secondStageHashes(s.forms, parses[j], bySlot, k + 1)) h.push(c ^ 0x2545f491);
        out.push({ hashes: Int32Array.from(h), y, offset: 0, tagger: s.tagger[k], model: s.model[k], p1: p1[j][k] });
      });
    });
    return out;
  };
  const train = [...examplesOf('A'), ...examplesOf('B')];
  const dev = { edited: examplesOf('edited'), ewt: examplesOf('ewt') };
  const devAll = [...dev.edited, ...dev.ewt];
  console.log(`re-parse examples: train ${train.length}, dev ${devAll.length}`);
  const w = trainLogistic(first.bits, train, 3, devAll);
  const m = { bits: first.bits, weights: w };
  const pr = (e: { hashes: Int32Array }) => commaProbOfHashes(m, e.hashes as unknown as number[]);
  // The stack as the first stage's trainer fits it (logistic regression on dev, by gradient steps here).
  const x = devAll.map((e) => [logitOf(pr(e)), logitOf(e.tagger), e.model, 1]);
  let st = [1, 0, 0, 0];
  for (let iter = 0; iter < 300; iter++) {
    const g = [0, 0, 0, 0];
    x.forEach((xi, k) => {
      const p = 1 / (1 + Math.exp(-xi.reduce((a, v, j) => a + v * st[j], 0)));
      for (let a = 0; a < 4; a++) g[a] += ((p - devAll[k].y) * xi[a]) / x.length;
    });
    st = st.map((v, a) => v - 2 * g[a]);
  }
  console.log(`re-parse stack: ${st.map((v) => v.toFixed(3)).join(', ')}`);
  const stack = { syntax: st[0], tagger: st[1], model: st[2], bias: st[3] };
  for (const [name, data] of Object.entries(dev)) {
    const q = data.map((e) => stackedProb(stack, pr(e), { tagger: e.tagger, model: e.model }));
    for (const t of [0.3, 0.35, 0.4, 0.45, 0.5]) {
      const a = f1(data as unknown as Example[], (e) => e.p1 >= t);
      const b = f1(data as unknown as Example[], (_, k) => q[k] >= t);
      console.log(`re-parse: ${name} dev slots ≥ ${t}: first stage F1 ${a.f1.toFixed(3)} errors ${a.errors}; re-parsed F1 ${b.f1.toFixed(3)} (P ${b.p.toFixed(3)}, R ${b.r.toFixed(3)}) errors ${b.errors}`);
    }
  }
}

function main(): void {
  const t0 = Date.now();
  const time = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
  const ewtTrain = read('ewt-train-100000.jsonl');
  const half = Math.floor(ewtTrain.length / 2);
  const foldA = [...read('train-16000.jsonl'), ...ewtTrain.slice(0, half)];
  const foldB = [...read('train-16000-o1.jsonl'), ...ewtTrain.slice(half)];
  const devEdited = read('dev-100000.jsonl');
  const devEwt = read('ewt-dev-100000.jsonl');
  console.log(`sentences: fold A ${foldA.length}, fold B ${foldB.length}, edited dev ${devEdited.length}, EWT dev ${devEwt.length} (${time()})`);
  const [hA, hB, hDe, hDw] = [foldA, foldB, devEdited, devEwt].map(firstHashes);
  console.log(`first-stage features hashed (${time()})`);
  if (process.env.REPARSE) {
    const fit = (fitD: SentenceExamples[], fitH: Int32Array[][]) => {
      const train: Array<{ hashes: Int32Array; y: number; offset: number }> = [];
      fitD.forEach((s, j) => s.label.forEach((y, k) => y >= 0 && train.push({ hashes: fitH[j][k], y, offset: 0 })));
      return trainLogistic(first.bits, train, EPOCHS1);
    };
    const wA = fit(foldA, hA);
    const wB = fit(foldB, hB);
    reparseExperiment({
      A: { data: foldA, hashes: hA, p1: firstProbs(foldA, hA, wB), w: wB },
      B: { data: foldB, hashes: hB, p1: firstProbs(foldB, hB, wA), w: wA },
      edited: { data: devEdited, hashes: hDe, p1: firstProbs(devEdited, hDe, first.weights), w: first.weights },
      ewt: { data: devEwt, hashes: hDw, p1: firstProbs(devEwt, hDw, first.weights), w: first.weights },
    });
    return;
  }
  const pB = crossFitted(foldA, hA, foldB, hB);
  console.log(`first stage on fold A, asked on fold B (${time()})`);
  const pA = crossFitted(foldB, hB, foldA, hA);
  console.log(`first stage on fold B, asked on fold A (${time()})`);
  const pDe = firstProbs(devEdited, hDe, first.weights);
  const pDw = firstProbs(devEwt, hDw, first.weights);
  const train = [...secondExamples(foldA, pA, hA), ...secondExamples(foldB, pB, hB)];
  const dev = { edited: secondExamples(devEdited, pDe, hDe), ewt: secondExamples(devEwt, pDw, hDw) };
  const devAll = [...dev.edited, ...dev.ewt];
  console.log(`second-stage examples: train ${train.length}, dev ${devAll.length} (${time()})`);
  const cross = f1(train, (e) => e.p1 >= first.threshold);
  console.log(`train slots, cross-fitted first stage ≥ ${first.threshold}: F1 ${cross.f1.toFixed(3)} (P ${cross.p.toFixed(3)}, R ${cross.r.toFixed(3)})`);
  if (process.env.DEV_FOLDS) devFolds(train, dev);
  const w2 = trainLogistic(BITS2, train, EPOCHS2, devAll);
  const mask = (1 << BITS2) - 1;
  const p2 = (e: Example) => {
    let z = e.offset;
    for (const h of e.hashes) z += w2[(h >>> 0) & mask];
    return 1 / (1 + Math.exp(-z));
  };
  for (const [name, data] of Object.entries(dev)) {
    const q2 = data.map(p2);
    for (const t of [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7]) {
      const a = f1(data, (e) => e.p1 >= t);
      const b = f1(data, (_, k) => q2[k] >= t);
      console.log(`${name} dev slots ≥ ${t}: first stage F1 ${a.f1.toFixed(3)} (P ${a.p.toFixed(3)}, R ${a.r.toFixed(3)}) errors ${a.errors}; second F1 ${b.f1.toFixed(3)} (P ${b.p.toFixed(3)}, R ${b.r.toFixed(3)}) errors ${b.errors}`);
    }
  }
  const json: CommaModelJson = {
    ...firstJson,
    version: `${firstJson.version}-s2`,
    ...(values.threshold !== undefined ? { threshold: Number(values.threshold) } : {}),
    ...(values['web-threshold'] !== undefined ? { webThreshold: Number(values['web-threshold']) } : {}),
    secondStage: { bits: BITS2, dense: denseWeightText(w2) },
  };
  const file = values.out ?? path.resolve(__dirname, '..', 'models', 'en', COMMA_MODEL_FILE);
  fs.writeFileSync(file, JSON.stringify(json));
  console.log(`wrote ${file} (${time()})`);
}

main();
