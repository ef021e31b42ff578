/**
 * The neural transition scorer at run time and the forward pass training shares (Kiperwasser & Goldberg 2016):
 * a BiLSTM over each word's embeddings gives one vector per word; an MLP over the vectors of s2, s1, s0 and b0
 * scores SHIFT / LEFT / RIGHT.
 *
 * Speed: the MLP's first layer is linear in each position's vector, so W1_k·v_i is computed once per word and
 * position (`A`), when first read, and a transition costs only a sum of four rows, tanh and the small output layer.
 */
import { Activations, EXACT_ACTIVATIONS, FAST_ACTIVATIONS } from './fastActivations';
import { ArcHybridState } from './arcHybrid';
import { EncodedSentence } from './encoding';
import { lstmCache, LstmCache, lstmForward, LstmView } from './bilstm';
import { inputParts, N_OUT, N_POSITIONS, neuralInput, NeuralInput, NeuralLayout, VocabIndex } from './neuralNet';
import { TagIds } from './parseFeatures';
import { dot, matVec, Weights } from './dot';
import { FixedVectors } from './pretrainedVectors';
import { MatVecKernel } from './wasmMatVec';
import { LstmKernel } from './wasmLstm';
import { InputTables } from './inputTables';

/** Everything one sentence's forward pass computed; training's backward reads it. */
export interface SentenceForward {
  input: NeuralInput;
  n: number;
  /** n × D embeddings, concatenated (in training with input dropout, after it). */
  x: Float64Array;
  /** The input dropout scale of every entry of x (0 or 1/(1−p)); absent without it. */
  keepX?: Float64Array;
  /** Per direction, n × 4H input projections and the LSTM cache. */
  xproj: [Float64Array, Float64Array];
  cache: [LstmCache, LstmCache];
  /** (n + 2) × 2H: BiLSTM vectors, then the root's (row n) and the empty position's (row n + 1). */
  v: Float64Array;
  /** What the MLP reads: v, or in training with dropout a copy with entries zeroed and the rest scaled by 1/(1−p). */
  mlpIn: Float64Array;
  /** The dropout scale of every entry of mlpIn (0 or 1/(1−p)); absent without dropout. */
  keep?: Float64Array;
  /** N_POSITIONS × (n + 2) × hidden: W1_k · v_r, filled where `aDone` is set (rows the MLP has read). */
  a: Float64Array;
  aDone: Uint8Array;
  /** Parsing's products (`RunTimeKernels`), absent in training, whose θ changes between sentences. */
  kernels?: RunTimeKernels;
  /** The LSTM's and the MLP's activations: the fast ones when parsing, the exact ones in training (`fastActivations.ts`). */
  act: Activations;
}

export class NeuralScorer {
  readonly vocab: VocabIndex;
  /** Built on the first parse: θ must not change after that (training parses only snapshots). */
  private tables: InputTables | undefined;
  private kernels: RunTimeKernels | undefined;
  private buffers: RunTimeBuffers | undefined;
  private readonly lstm: [LstmView, LstmView];

  constructor(
    readonly layout: NeuralLayout,
    /** Float64 in training; float32 when loaded for parsing (`neuralFromModel`), the same values in half the memory. */
    readonly theta: Weights,
    vocab: VocabIndex,
    /** The fixed pretrained vectors the layout's `ePretrained` part reads (absent when it has width 0). */
    readonly fixed?: FixedVectors,
  ) {
    if (layout.ePretrained.cols && (!fixed || fixed.dim !== layout.ePretrained.cols || fixed.rows !== layout.ePretrained.rows)) {
      throw new Error('the layout reads pretrained vectors the scorer was not given');
    }
    this.vocab = vocab;
    const view = (d: number): LstmView => ({ theta, H: layout.dims.lstm, wh: layout.wh[d].offset, b: layout.bias[d].offset });
    this.lstm = [view(0), view(1)];
  }

  lstmView(d: number): LstmView {
    return this.lstm[d];
  }

  input(e: EncodedSentence, tags: TagIds): NeuralInput {
    return neuralInput(this.vocab, e, tags);
  }

  /** The embedding concatenation of every word; `word` may replace the input's word ids (word dropout). */
  embed(input: NeuralInput, word: Int32Array = input.word): Float64Array {
    const l = this.layout;
    const th = this.theta;
    const D = l.D;
    const x = new Float64Array(input.n * D);
    for (const { table, col, ids, fixed } of inputParts(l, input, word)) {
      for (let t = 0; t < input.n; t++) {
        if (fixed) {
          for (let j = 0; j < table.cols; j++) x[t * D + col + j] = this.fixed!.value(ids[t], j);
          continue;
        }
        const from = table.offset + ids[t] * table.cols;
        for (let j = 0; j < table.cols; j++) x[t * D + col + j] = th[from + j];
      }
    }
    return x;
  }

  /**
   * The forward pass. Training (`word` given, dropout applied) multiplies Wx by the whole embedding concatenation x,
   * which backward needs; parsing takes the input projections from `InputTables` instead (the same sums, in
   * another order).
   */
  forward(input: NeuralInput, word?: Int32Array, dropout?: Dropout): SentenceForward {
    const l = this.layout;
    const th = this.theta;
    const n = input.n;
    const H = l.dims.lstm;
    const V = 2 * H;
    const M = l.dims.hidden;
    const D = l.D;
    const G = 4 * H;
    const training = word !== undefined;
    const x = training ? this.embed(input, word) : new Float64Array(0);
    const keepX = dropout && dropout.input ? mask(x.length, dropout.input, dropout.rand) : undefined;
    if (keepX) for (let i = 0; i < x.length; i++) x[i] *= keepX[i];
    // Parsing reuses the scorer's buffers (`RunTimeBuffers`): a parse allocated ~150 KB of typed arrays a sentence.
    const buffers = training ? undefined : (this.buffers ??= new RunTimeBuffers(l)).take(n);
    const xproj: [Float64Array, Float64Array] = buffers?.xproj ?? [new Float64Array(n * G), new Float64Array(n * G)];
    const cache: [LstmCache, LstmCache] = buffers?.cache ?? [lstmCache(n, H), lstmCache(n, H)];
    const v = buffers?.v ?? new Float64Array((n + 2) * V);
    const tables = training ? undefined : (this.tables ??= new InputTables(l, th, this.fixed));
    const kernels = training ? undefined : (this.kernels ??= new RunTimeKernels(l, th));
    const act = training ? EXACT_ACTIVATIONS : FAST_ACTIVATIONS;
    if (tables) tables.project(input, xproj);
    for (let d = 0; d < 2; d++) {
      const wx = l.wx[d].offset;
      const xp = xproj[d];
      if (!tables) {
        for (let t = 0; t < n; t++) for (let j = 0; j < G; j++) xp[t * G + j] = dot(th, wx + j * D, x, t * D, D);
      }
      // Parsing runs each direction in WebAssembly (`wasmLstm.ts`, the same values; its cache is not filled).
      const lstm = kernels?.lstm[d];
      if (lstm) lstm.forward(xp, n, d === 1, v, V, d * H);
      else lstmForward(this.lstm[d], xp, n, d === 1, v, V, d * H, cache[d], act);
    }
    for (let j = 0; j < V; j++) {
      v[n * V + j] = th[l.root.offset + j];
      v[(n + 1) * V + j] = th[l.empty.offset + j];
    }
    const rows = n + 2;
    let mlpIn = v;
    let keep: Float64Array | undefined;
    if (dropout && dropout.p > 0) {
      // Dropout on the BiLSTM vectors of the words (not the root's or the empty position's).
      keep = new Float64Array(v.length).fill(1);
      keep.set(mask(n * V, dropout.p, dropout.rand));
      mlpIn = v.slice();
      for (let i = 0; i < n * V; i++) mlpIn[i] *= keep[i];
    }
    const a = buffers?.a ?? new Float64Array(N_POSITIONS * rows * M);
    const aDone = buffers?.aDone ?? new Uint8Array(N_POSITIONS * rows);
    return { input, n, x, keepX, xproj, cache, v, mlpIn, keep, a, aDone, kernels, act };
  }

  /** Row r of A_k = W1_k · v_r, computed the first time the MLP reads word r at position k. */
  private fillA(fw: SentenceForward, k: number, r: number): void {
    const l = this.layout;
    const M = l.dims.hidden;
    const V = 2 * l.dims.lstm;
    const out = (k * (fw.n + 2) + r) * M;
    const w1 = fw.kernels?.w1;
    if (w1) w1.mul(k * M, M, fw.mlpIn, r * V, fw.a, out);
    else matVec(this.theta, l.w1.offset + k * M * V, M, V, fw.mlpIn, r * V, fw.a, out);
    fw.aDone[k * (fw.n + 2) + r] = 1;
  }

  /** Rows of `a` the MLP reads in state st: s2, s1, s0, b0 (the root is row n, an empty position row n + 1). */
  positions(st: ArcHybridState, n: number, out: Int32Array): void {
    const at = (i: number) => (i < 0 ? n + 1 : i);
    out[0] = at(st.s(2));
    out[1] = at(st.s(1));
    out[2] = at(st.s(0));
    out[3] = at(st.bf(0));
  }

  /**
   * Transition scores for the rows `pos`; `hidden` receives the MLP's hidden layer (tanh), times `keepHidden` (a
   * dropout mask of training) when given.
   */
  scores(fw: SentenceForward, pos: Int32Array, hidden: Float64Array, out: Float64Array, keepHidden?: Float64Array): void {
    const l = this.layout;
    const th = this.theta;
    const M = l.dims.hidden;
    const rows = fw.n + 2;
    for (let k = 0; k < N_POSITIONS; k++) if (!fw.aDone[k * rows + pos[k]]) this.fillA(fw, k, pos[k]);
    // Unrolled over the four positions and the three outputs (fifth session, neural speed): the same sums in the
    // same order as a loop over k and then one over c, so the same scores bit for bit, in one pass over the hidden
    // layer.
    const a = fw.a;
    const a0 = pos[0] * M, a1 = (rows + pos[1]) * M, a2 = (2 * rows + pos[2]) * M, a3 = (3 * rows + pos[3]) * M;
    const b1 = l.b1.offset, w0 = l.w2.offset, w1 = w0 + M, w2 = w1 + M;
    let s0 = th[l.b2.offset], s1 = th[l.b2.offset + 1], s2 = th[l.b2.offset + 2];
    const { tanh } = fw.act;
    for (let m = 0; m < M; m++) {
      const z = th[b1 + m] + a[a0 + m] + a[a1 + m] + a[a2 + m] + a[a3 + m];
      const h = keepHidden ? tanh(z) * keepHidden[m] : tanh(z);
      hidden[m] = h;
      s0 += th[w0 + m] * h;
      s1 += th[w1 + m] * h;
      s2 += th[w2 + m] * h;
    }
    out[0] = s0;
    out[1] = s1;
    out[2] = s2;
  }

  /** For a combination with another scorer: a function that writes this scorer's transition scores in a state. */
  transitionScores(e: EncodedSentence, tags: TagIds, fw = this.forward(this.input(e, tags))): (st: ArcHybridState, s: Float64Array) => void {
    const pos = new Int32Array(N_POSITIONS);
    const hidden = new Float64Array(this.layout.dims.hidden);
    return (st, s) => {
      this.positions(st, e.n, pos);
      this.scores(fw, pos, hidden, s);
    };
  }

  /** Greedy parse: the highest-scoring legal transition at each step. Returns the heads (n = root). */
  parse(e: EncodedSentence, tags: TagIds): Int32Array {
    const fw = this.forward(this.input(e, tags));
    const st = new ArcHybridState(e.n);
    const pos = new Int32Array(N_POSITIONS);
    const hidden = new Float64Array(this.layout.dims.hidden);
    const s = new Float64Array(N_OUT);
    while (!st.isTerminal()) {
      // A forced transition needs no scores (as in `parseHeads`).
      let best = st.forced();
      if (best < 0) {
        this.positions(st, e.n, pos);
        this.scores(fw, pos, hidden, s);
        best = st.bestLegal(s);
      }
      st.apply(best);
    }
    return st.head;
  }
}

// `scores` is unrolled over the four positions and the three transitions.
if (N_POSITIONS !== 4 || N_OUT !== 3) throw new Error('the unrolled MLP reads four positions and scores three transitions');

/** Dropout mask of n entries: 0 with probability p, else 1/(1−p). */
function mask(n: number, p: number, rand: () => number): Float64Array {
  const keep = new Float64Array(n);
  const scale = 1 / (1 - p);
  for (let i = 0; i < n; i++) keep[i] = rand() < p ? 0 : scale;
  return keep;
}

/** Training's dropout: `p` on the BiLSTM vectors the MLP reads, `input` on the LSTM inputs (x); `rand` draws masks. */
export interface Dropout {
  p: number;
  input?: number;
  rand: () => number;
}

/**
 * Parsing's products in WebAssembly SIMD, the same results bit for bit: W1 (all four positions' blocks,
 * `wasmMatVec.ts`) and each LSTM direction with its Wh and b (`wasmLstm.ts`), copied from θ when the scorer first
 * parses. Absent kernels (no WebAssembly SIMD) leave the JavaScript in place.
 */
class RunTimeKernels {
  readonly w1: MatVecKernel | undefined;
  readonly lstm: [LstmKernel | undefined, LstmKernel | undefined];

  constructor(l: NeuralLayout, th: Weights) {
    const H = l.dims.lstm;
    this.w1 = MatVecKernel.create(th, l.w1.offset, N_POSITIONS * l.dims.hidden, 2 * H);
    this.lstm = [0, 1].map((d) => LstmKernel.create(th, l.wh[d].offset, l.bias[d].offset, H)) as [LstmKernel | undefined, LstmKernel | undefined];
  }
}

/**
 * The arrays of parsing's forward pass, kept by the scorer and handed out as views of the sentence's size: what
 * `forward` returns when parsing is valid until the scorer's next parse (a parse reads it only while it parses that
 * sentence; training allocates its own, which its backward pass keeps).
 */
class RunTimeBuffers {
  private words = 0;
  private xproj: Float64Array[] = [];
  private gates: Float64Array[] = [];
  private cells: Float64Array[] = [];
  private v = new Float64Array(0);
  private a = new Float64Array(0);
  private aDone = new Uint8Array(0);

  constructor(private readonly l: NeuralLayout) {}

  take(n: number): Pick<SentenceForward, 'xproj' | 'cache' | 'v' | 'a' | 'aDone'> {
    const H = this.l.dims.lstm;
    const G = 4 * H;
    const V = 2 * H;
    const M = this.l.dims.hidden;
    if (n > this.words) {
      const w = (this.words = Math.max(n, 2 * this.words, 64));
      this.xproj = [new Float64Array(w * G), new Float64Array(w * G)];
      this.gates = [new Float64Array(w * G), new Float64Array(w * G)];
      this.cells = [0, 1, 2, 3].map(() => new Float64Array(w * H));
      this.v = new Float64Array((w + 2) * V);
      this.a = new Float64Array(N_POSITIONS * (w + 2) * M);
      this.aDone = new Uint8Array(N_POSITIONS * (w + 2));
    }
    const rows = n + 2;
    const aDone = this.aDone.subarray(0, N_POSITIONS * rows);
    aDone.fill(0);
    const cache = (d: number): LstmCache => ({ gates: this.gates[d].subarray(0, n * G), c: this.cells[2 * d].subarray(0, n * H), tc: this.cells[2 * d + 1].subarray(0, n * H) });
    return {
      xproj: [this.xproj[0].subarray(0, n * G), this.xproj[1].subarray(0, n * G)],
      cache: [cache(0), cache(1)],
      v: this.v.subarray(0, rows * V),
      a: this.a.subarray(0, N_POSITIONS * rows * M),
      aDone,
    };
  }
}
