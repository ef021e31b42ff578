/**
 * The cost of parser encoders too large for the parser's speed goal (journal, Parser, "what
 * an encoder of the published 88-UAS size costs here"): can a BiLSTM of the size published graph-based
 * parsers use (2–3 layers × 128–400 units per direction), with a biaffine arc scorer and Eisner's decoder, run within
 * the ~0.55 ms a sentence the ≥ 1,000 sentences/s goal leaves beside tagging and labelling, with the repository's
 * fastest kernels (`wasmMatVec.ts`, `wasmLstm.ts`)? Random weights: it times, it does not parse. EWT test's real
 * sentence lengths (all tokens).
 *
 *   npx tsx scripts/bench-encoder-cost.ts lstm [H,...] [wasm,wasm-table1,js]   # BiLSTM stacks: kernels and plain JS
 *   npx tsx scripts/bench-encoder-cost.ts biaffine                              # arc scorer + label scorer + Eisner
 *   npx tsx scripts/bench-encoder-cost.ts kernel                                # MatVecKernel alone, GFLOP/s by size
 *
 * BUDGET_SCALE=k makes the large sizes' samples k times as long (they run on every k-th sentence otherwise).
 */
import { readFileSync } from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { MatVecKernel } from '../server/src/parser/wasmMatVec';
import { LstmKernel } from '../server/src/parser/wasmLstm';
import { lstmForward } from '../server/src/parser/bilstm';
import { dot, matVec } from '../server/src/parser/dot';

const CONLLU = path.resolve(__dirname, '../../shared/data/ud-english-ewt/en_ewt-ud-test.conllu');

/** Words per sentence: every syntactic word (integer ID), punctuation included, as the parser sees them. */
function sentenceLengths(): number[] {
  const lengths: number[] = [];
  let n = 0;
  for (const line of readFileSync(CONLLU, 'utf8').split('\n')) {
    if (line.startsWith('#')) continue;
    if (line.trim() === '') {
      if (n > 0) lengths.push(n);
      n = 0;
      continue;
    }
    if (/^\d+\t/.test(line)) n++;
  }
  if (n > 0) lengths.push(n);
  return lengths;
}

let seed = 12345;
function rand(): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
}
function randomF32(len: number, scale: number): Float32Array {
  const a = new Float32Array(len);
  for (let i = 0; i < len; i++) a[i] = (2 * rand() - 1) * scale;
  return a;
}
function randomF64(len: number, scale: number): Float64Array {
  const a = new Float64Array(len);
  for (let i = 0; i < len; i++) a[i] = (2 * rand() - 1) * scale;
  return a;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Layer {
  I: number;
  H: number;
  /** Both directions' Wx stacked: 8H × I, float32 (as parsing holds θ). */
  wxTheta: Float32Array;
  wx: MatVecKernel;
  /** θ for the recurrence: Wh0 (4H×H), b0 (4H), Wh1, b1. */
  theta: Float32Array;
  lstm: [LstmKernel, LstmKernel];
}

function makeLayer(I: number, H: number): Layer {
  const G = 4 * H;
  const wxTheta = randomF32(2 * G * I, 1 / Math.sqrt(I));
  const theta = new Float32Array(2 * (G * H + G));
  theta.set(randomF32(G * H, 1 / Math.sqrt(H)), 0);
  theta.set(randomF32(G, 0.1), G * H);
  theta.set(randomF32(G * H, 1 / Math.sqrt(H)), G * H + G);
  theta.set(randomF32(G, 0.1), 2 * G * H + G);
  const wx = MatVecKernel.create(wxTheta, 0, 2 * G, I);
  const l0 = LstmKernel.create(theta, 0, G * H, H);
  const l1 = LstmKernel.create(theta, G * H + G, 2 * G * H + G, H);
  if (!wx || !l0 || !l1) throw new Error('no WebAssembly SIMD');
  return { I, H, wxTheta, wx, theta, lstm: [l0, l1] };
}

/** Buffers big enough for the longest sentence. */
function buffers(maxN: number, H: number, I0: number) {
  const G = 4 * H;
  return {
    x0: randomF64(maxN * I0, 1),
    xp: [new Float64Array(maxN * G), new Float64Array(maxN * G)],
    v: [new Float64Array(maxN * 2 * H), new Float64Array(maxN * 2 * H)],
  };
}

interface PassResult {
  ms: number;
  projMs: number;
  recMs: number;
}

/** One layer's two steps on a sentence of n words whose input is x: the input projection, then the recurrences into out. */
interface LayerSteps {
  project(L: Layer, li: number, x: Float64Array, n: number): void;
  recur(L: Layer, n: number, out: Float64Array): void;
}

/** One pass over `sents` (lengths) through an L-layer BiLSTM by `steps`, timing the projections and recurrences apart. */
function pass(layers: Layer[], sents: number[], buf: ReturnType<typeof buffers>, steps: LayerSteps): PassResult {
  let projMs = 0;
  let recMs = 0;
  const t0 = performance.now();
  for (const n of sents) {
    let x = buf.x0;
    for (let li = 0; li < layers.length; li++) {
      const a = performance.now();
      steps.project(layers[li], li, x, n);
      const b = performance.now();
      const out = buf.v[li & 1];
      steps.recur(layers[li], n, out);
      const c = performance.now();
      projMs += b - a;
      recMs += c - b;
      x = out;
    }
  }
  return { ms: performance.now() - t0, projMs, recMs };
}

/**
 * WebAssembly kernels: per word Wx·x by MatVecKernel (both directions in two calls of 4H rows), then each direction's
 * recurrence by LstmKernel. `tableLayer1`: layer 1's projection skipped (the repository takes it from cached per-row
 * tables, `inputTables.ts`).
 */
function passWasm(layers: Layer[], sents: number[], buf: ReturnType<typeof buffers>, tableLayer1: boolean): PassResult {
  return pass(layers, sents, buf, {
    project(L, li, x, n) {
      if (tableLayer1 && li === 0) return;
      const G = 4 * L.H;
      for (let t = 0; t < n; t++) {
        L.wx.mul(0, G, x, t * L.I, buf.xp[0], t * G);
        L.wx.mul(G, G, x, t * L.I, buf.xp[1], t * G);
      }
    },
    recur(L, n, out) {
      L.lstm[0].forward(buf.xp[0], n, false, out, 2 * L.H, 0);
      L.lstm[1].forward(buf.xp[1], n, true, out, 2 * L.H, L.H);
    },
  });
}

/** The same in plain JavaScript: `matVec` (dot.ts) for Wx·x, `lstmForward` with the fast activations. */
function passJs(layers: Layer[], sents: number[], buf: ReturnType<typeof buffers>): PassResult {
  return pass(layers, sents, buf, {
    project(L, _li, x, n) {
      const { I, H } = L;
      const G = 4 * H;
      for (let t = 0; t < n; t++) {
        matVec(L.wxTheta, 0, G, I, x, t * I, buf.xp[0], t * G);
        matVec(L.wxTheta, G * I, G, I, x, t * I, buf.xp[1], t * G);
      }
    },
    recur(L, n, out) {
      const { H } = L;
      const G = 4 * H;
      lstmForward({ theta: L.theta, H, wh: 0, b: G * H }, buf.xp[0], n, false, out, 2 * H, 0);
      lstmForward({ theta: L.theta, H, wh: G * H + G, b: 2 * G * H + G }, buf.xp[1], n, true, out, 2 * H, H);
    },
  });
}

/** Multiply-adds × 2 of one L-layer pass over `words` words (input projections + recurrences; gates not counted). */
function flops(I0: number, H: number, nLayers: number, words: number, tableLayer1: boolean): number {
  const G = 4 * H;
  let perWord = 0;
  for (let l = 0; l < nLayers; l++) {
    const I = l === 0 ? I0 : 2 * H;
    if (!(tableLayer1 && l === 0)) perWord += 2 * G * I * 2;
    perWord += 2 * G * H * 2;
  }
  return perWord * words;
}

/** Every k-th sentence, k chosen so that a pass costs at most ~`budgetFlop` (the BiLSTM is linear in the words). */
function sample(lengths: number[], perWordFlop: number, budgetFlop: number): { sents: number[]; stride: number } {
  const words = lengths.reduce((s, n) => s + n, 0);
  const stride = Math.max(1, Math.ceil((perWordFlop * words) / budgetFlop));
  return { sents: lengths.filter((_, i) => i % stride === 0), stride };
}

function lstmMain(Hs: number[], modes: string[]) {
  const lengths = sentenceLengths();
  const I0 = 150;
  const maxN = Math.max(...lengths);
  const totalWords = lengths.reduce((s, n) => s + n, 0);
  console.log(`# EWT test: ${lengths.length} sentences, ${totalWords} words (all tokens), max ${maxN}; layer-1 input width ${I0}`);
  console.log('# mode\tlayers\tH\tI_upper\tstride\tsents\twords\tms/sent(med)\tsent/s\tGFLOP/s\tproj ms/sent\trec ms/sent\truns ms/sent');
  for (const H of Hs) {
    for (const nLayers of [1, 2, 3]) {
      for (const mode of modes) {
        const tableLayer1 = mode === 'wasm-table1';
        const js = mode === 'js';
        const perWord = flops(I0, H, nLayers, 1, tableLayer1);
        // budget: ~4 s a pass at ~4 GFLOP/s (wasm), ~1.5 s for JS
        const scale = Number(process.env.BUDGET_SCALE ?? 1);
        const { sents, stride } = sample(lengths, perWord, (js ? 4e9 : 16e9) * scale);
        const words = sents.reduce((s, n) => s + n, 0);
        seed = 777 + H;
        const layers = Array.from({ length: nLayers }, (_, l) => makeLayer(l === 0 ? I0 : 2 * H, H));
        const buf = buffers(maxN, H, I0);
        const run = () => (js ? passJs(layers, sents, buf) : passWasm(layers, sents, buf, tableLayer1));
        // warm-up: a pass over a quarter of the sample (at least 50 sentences)
        const warm = sents.slice(0, Math.max(50, Math.ceil(sents.length / 4)));
        if (js) passJs(layers, warm, buf);
        else passWasm(layers, warm, buf, tableLayer1);
        const results: PassResult[] = [];
        for (let r = 0; r < 3; r++) results.push(run());
        const ms = results.map((r) => r.ms / sents.length);
        const med = median(ms);
        const medRun = results[ms.indexOf(med)];
        const gflops = (flops(I0, H, nLayers, words, tableLayer1) / (medRun.ms / 1000)) / 1e9;
        console.log(
          [mode, nLayers, H, 2 * H, stride, sents.length, words, med.toFixed(4), (1000 / med).toFixed(0), gflops.toFixed(2), (medRun.projMs / sents.length).toFixed(4), (medRun.recMs / sents.length).toFixed(4), ms.map((m) => m.toFixed(4)).join(',')].join('\t'),
        );
      }
    }
  }
}

/** Eisner's O(n³) projective decoder (first order), scores[h * (n+1) + d], word 0 the root; returns the best score. */
function eisner(scores: Float64Array, n1: number, C: Float64Array[]): number {
  // C[0]: complete left, C[1]: complete right, C[2]: incomplete left, C[3]: incomplete right; index s * n1 + t
  const [cl, cr, il, ir] = C;
  for (let i = 0; i < n1 * n1; i++) cl[i] = cr[i] = il[i] = ir[i] = 0;
  for (let k = 1; k < n1; k++) {
    for (let s = 0; s + k < n1; s++) {
      const t = s + k;
      let best = -Infinity;
      for (let r = s; r < t; r++) {
        const v = cr[s * n1 + r] + cl[(r + 1) * n1 + t];
        if (v > best) best = v;
      }
      il[s * n1 + t] = best + scores[t * n1 + s]; // t → s
      ir[s * n1 + t] = best + scores[s * n1 + t]; // s → t
      let bl = -Infinity;
      for (let r = s; r < t; r++) {
        const v = cl[s * n1 + r] + il[r * n1 + t];
        if (v > bl) bl = v;
      }
      cl[s * n1 + t] = bl;
      let br = -Infinity;
      for (let r = s + 1; r <= t; r++) {
        const v = ir[s * n1 + r] + cr[r * n1 + t];
        if (v > br) br = v;
      }
      cr[s * n1 + t] = br;
    }
  }
  return cr[n1 - 1];
}

/**
 * Biaffine arc scorer (Dozat & Manning 2017) per sentence, with MatVecKernel: arc-dep and arc-head MLPs (d × 2H each,
 * one stacked kernel, ReLU), q_j = U·h_head_j (U d × d) for every j incl. the root, then S[i][j] = h_dep_i · q_j + the
 * head bias h_head_j · u (as another row block), the n × (n+1) part in a kernel whose matrix is overwritten per sentence
 * (a benchmark-only hack on its memory) and in JavaScript `dot` for comparison. Label scorer: rel MLPs (dr × 2H, dr =
 * 100), then for each word at its head L bilinear forms (L·dr × dr as one kernel) + dots. Eisner on the arc scores.
 */
function biaffineMain() {
  const lengths = sentenceLengths();
  const maxN = Math.max(...lengths);
  const LABELS = 50;
  console.log('# biaffine: H\td_arc\td_rel\tmlp ms\tU ms\tnxn wasm ms\tnxn js ms\tlabel ms\ttotal arc (wasm) ms\ttotal arc+label ms\tGFLOP/s(arc)\tsent/s(arc+label)');
  const cases: Array<[number, number, number]> = [[32, 64, 32], [64, 128, 64], [128, 256, 100], [200, 400, 100], [200, 500, 100], [256, 500, 100], [400, 500, 100]];
  for (const [H, d, dr] of cases) {
    seed = 99 + H + d;
    const V = 2 * H;
    const mlpTheta = randomF32(2 * d * V, 1 / Math.sqrt(V));
    const mlp = MatVecKernel.create(mlpTheta, 0, 2 * d, V)!;
    const Utheta = randomF32((d + 1) * d, 1 / Math.sqrt(d)); // row d: the head bias u
    const U = MatVecKernel.create(Utheta, 0, d + 1, d)!;
    const relTheta = randomF32(2 * dr * V, 1 / Math.sqrt(V));
    const relMlp = MatVecKernel.create(relTheta, 0, 2 * dr, V)!;
    const relU = MatVecKernel.create(randomF32(LABELS * dr * dr, 1 / Math.sqrt(dr)), 0, LABELS * dr, dr)!;
    // kernel whose float32 matrix (maxN+1 rows × d) is overwritten with q for each sentence
    const Q = MatVecKernel.create(new Float32Array((maxN + 1) * d), 0, maxN + 1, d)!;
    const qMem = () => new Float32Array(((Q as unknown as { f64: Float64Array }).f64).buffer, 0, (maxN + 1) * d);
    const v = randomF64((maxN + 1) * V, 1);
    const hid = new Float64Array((maxN + 1) * 2 * d);
    const hdep = new Float64Array((maxN + 1) * d);
    const q = new Float64Array((maxN + 1) * (d + 1));
    const S = new Float64Array((maxN + 1) * (maxN + 1));
    const rel = new Float64Array((maxN + 1) * 2 * dr);
    const relDep = new Float64Array(dr);
    const lab = new Float64Array(LABELS * dr);
    const labScores = new Float64Array(LABELS);
    const C = [0, 1, 2, 3].map(() => new Float64Array((maxN + 1) * (maxN + 1)));
    const pass = () => {
      let tMlp = 0, tU = 0, tNN = 0, tNNjs = 0, tLab = 0, tEis = 0;
      let sink = 0;
      for (const n of lengths) {
        const a = performance.now();
        // word rows 0..n-1, root row n (as a learned vector: its MLPs computed too)
        for (let t = 0; t <= n; t++) {
          mlp.mul(0, 2 * d, v, t * V, hid, t * 2 * d);
          for (let k = 0; k < 2 * d; k++) if (hid[t * 2 * d + k] < 0) hid[t * 2 * d + k] = 0;
        }
        const b = performance.now();
        for (let t = 0; t <= n; t++) U.mul(0, d + 1, hid, t * 2 * d + d, q, t * (d + 1)); // U·h_head_j and u·h_head_j
        const c = performance.now();
        const qm = qMem();
        for (let j = 0; j <= n; j++) for (let k = 0; k < d; k++) qm[j * d + k] = q[j * (d + 1) + k];
        for (let i = 0; i < n; i++) {
          for (let k = 0; k < d; k++) hdep[k] = hid[i * 2 * d + k];
          Q.mul(0, n + 1, hdep, 0, S, i * (n + 1));
          for (let j = 0; j <= n; j++) S[i * (n + 1) + j] += q[j * (d + 1) + d];
        }
        const e = performance.now();
        for (let i = 0; i < n; i++) for (let j = 0; j <= n; j++) S[i * (n + 1) + j] = dot(qm, j * d, hid, i * 2 * d, d) + q[j * (d + 1) + d];
        const f = performance.now();
        // labels: each word at a head (here word i-1 / root; the cost does not depend on which)
        for (let t = 0; t <= n; t++) relMlp.mul(0, 2 * dr, v, t * V, rel, t * 2 * dr);
        for (let i = 0; i < n; i++) {
          const h = i === 0 ? n : i - 1;
          relU.mul(0, LABELS * dr, rel, h * 2 * dr + dr, lab, 0);
          for (let k = 0; k < dr; k++) relDep[k] = rel[i * 2 * dr + k];
          for (let l = 0; l < LABELS; l++) labScores[l] = dot(lab, l * dr, relDep, 0, dr);
          sink += labScores[0];
        }
        const g = performance.now();
        // Eisner over (n+1) nodes: scores[h][d] from S (S[i][j]: dependent i, head j; root = n → node 0)
        const n1 = n + 1;
        const scores = new Float64Array(n1 * n1);
        for (let i = 0; i < n; i++) for (let j = 0; j <= n; j++) scores[(j === n ? 0 : j + 1) * n1 + (i + 1)] = S[i * (n + 1) + j];
        sink += eisner(scores, n1, C);
        const h = performance.now();
        tMlp += b - a; tU += c - b; tNN += e - c; tNNjs += f - e; tLab += g - f; tEis += h - g;
      }
      return { tMlp, tU, tNN, tNNjs, tLab, tEis, sink };
    };
    pass();
    const runs = [pass(), pass(), pass()];
    const arc = runs.map((r) => r.tMlp + r.tU + r.tNN);
    const m = median(arc);
    const r = runs[arc.indexOf(m)];
    const N = lengths.length;
    const words = lengths.reduce((s, n) => s + n, 0);
    const arcFlop = lengths.reduce((s, n) => s + 2 * ((n + 1) * 2 * d * V + (n + 1) * (d + 1) * d + n * (n + 1) * d), 0);
    const labFlop = lengths.reduce((s, n) => s + 2 * ((n + 1) * 2 * dr * V + n * (LABELS * dr * dr + LABELS * dr)), 0);
    const per = (x: number) => (x / N).toFixed(4);
    const arcLab = r.tMlp + r.tU + r.tNN + r.tLab;
    console.log([H, d, dr, per(r.tMlp), per(r.tU), per(r.tNN), per(r.tNNjs), per(r.tLab), per(r.tMlp + r.tU + r.tNN), per(arcLab), (arcFlop / (m / 1000) / 1e9).toFixed(2), (N / (arcLab / 1000)).toFixed(0)].join('\t'));
    console.log(`#   Eisner (n+1 nodes, JS) ${per(r.tEis)} ms/sent; label GFLOP/s ${(labFlop / (r.tLab / 1000) / 1e9).toFixed(2)}; words ${words}; arc MFLOP/sent ${(arcFlop / N / 1e6).toFixed(2)}, label MFLOP/sent ${(labFlop / N / 1e6).toFixed(2)}; arc runs ${arc.map((x) => per(x)).join(',')}`);
  }
}

/** MatVecKernel alone: rows × n float32 matrix, repeated products, GFLOP/s (working set vs L1 64 KB / L2 1 MB / L3). */
function kernelMain() {
  console.log('# kernel: rows\tn\tmatrix KB (f32)\tus/product\tGFLOP/s');
  const shapes: Array<[number, number]> = [[128, 32], [256, 64], [256, 150], [512, 128], [512, 150], [1024, 256], [800, 400], [800, 200], [1600, 400], [1600, 800], [3200, 800], [500, 500]];
  for (const [rows, n] of shapes) {
    const k = MatVecKernel.create(randomF32(rows * n, 0.1), 0, rows, n)!;
    const b = randomF64(n, 1);
    const out = new Float64Array(rows);
    const reps = Math.max(20, Math.round(2e9 / (rows * n * 2) / 4));
    const time = () => {
      const t = performance.now();
      for (let r = 0; r < reps; r++) k.mul(0, rows, b, 0, out, 0);
      return (performance.now() - t) / reps;
    };
    time();
    const ms = median([time(), time(), time()]);
    console.log([rows, n, ((rows * n * 4) / 1024).toFixed(0), (ms * 1000).toFixed(2), ((2 * rows * n) / (ms / 1000) / 1e9).toFixed(2)].join('\t'));
  }
}

const [what, hs, ms] = process.argv.slice(2);
if (what === 'lstm') lstmMain((hs ?? '32,64,128,200,256,400').split(',').map(Number), (ms ?? 'wasm,wasm-table1,js').split(','));
else if (what === 'biaffine') biaffineMain();
else if (what === 'kernel') kernelMain();
else console.log('usage: encoderBench.ts lstm|biaffine|kernel');
