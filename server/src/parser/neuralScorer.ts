/**
 * The neural transition scorer at run time (Kiperwasser & Goldberg 2016): a BiLSTM over each word's embeddings gives
 * one vector per word; an MLP over the vectors of s2, s1, s0 and b0 scores SHIFT / LEFT / RIGHT. Its forward pass is
 * inference only: it keeps none of the activations a backward pass would read, takes the fast activations
 * (`fastActivations.ts`), and writes into arrays the scorer reuses from sentence to sentence. Training's forward pass,
 * with dropout, the exact activations and everything its backward pass reads, is `training/parser/neuralForward.ts`.
 *
 * Speed: the MLP's first layer is linear in each position's vector, so W1_k·v_i is computed once per word and
 * position (`A`), when first read, and a transition costs only a sum of four rows, tanh and the small output layer.
 */
import { fastTanh } from './fastActivations';
import { ArcHybridState } from './arcHybrid';
import { EncodedSentence } from './encoding';
import { lstmForward, LstmView } from './bilstm';
import { N_OUT, N_POSITIONS, neuralInput, NeuralInput, NeuralLayout, VocabIndex } from './neuralNet';
import { TagIds } from './parseFeatures';
import { matVec, Weights } from './dot';
import { FixedVectors } from './pretrainedVectors';
import { MatVecKernel } from './wasmMatVec';
import { LstmKernel } from './wasmLstm';
import { InputTables } from './inputTables';

/**
 * One sentence's forward pass when parsing, in the scorer's buffers: valid until the scorer's next forward pass
 * (a parse reads it only while it parses that sentence, then the relation labeller reads `v`).
 */
export interface SentenceForward {
  input: NeuralInput;
  n: number;
  /** (n + 2) × 2H: BiLSTM vectors, then the root's (row n) and the empty position's (row n + 1). */
  v: Float64Array;
  /** N_POSITIONS × (n + 2) × hidden: W1_k · v_r, filled where `aDone` is set (rows the MLP has read). */
  a: Float64Array;
  aDone: Uint8Array;
}

export class NeuralScorer {
  readonly vocab: VocabIndex;
  /** Built on the first parse: θ must not change after that (training parses only snapshots). */
  private tables: InputTables | undefined;
  private kernels: RunTimeKernels | undefined;
  private buffers: RunTimeBuffers | undefined;
  /** Per layer (bottom first), per direction. */
  private readonly lstm: Array<[LstmView, LstmView]>;

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
    const H = layout.dims.lstm;
    this.lstm = [layout, ...layout.upper].map((t) => [0, 1].map((d) => ({ theta, H, wh: t.wh[d].offset, b: t.bias[d].offset })) as [LstmView, LstmView]);
  }

  /** Direction d of BiLSTM layer `layer` (0: the first, over the embeddings). */
  lstmView(d: number, layer = 0): LstmView {
    return this.lstm[layer][d];
  }

  input(e: EncodedSentence, tags: TagIds): NeuralInput {
    return neuralInput(this.vocab, e, tags);
  }

  /**
   * The forward pass: the input projections from `InputTables` (each part's product once per row), each LSTM
   * direction in WebAssembly where it can (`wasmLstm.ts`, else `bilstm.ts`, the same values), into the scorer's
   * buffers (a parse allocated ~150 KB of typed arrays a sentence before they were kept).
   */
  forward(input: NeuralInput): SentenceForward {
    const l = this.layout;
    const th = this.theta;
    const n = input.n;
    const H = l.dims.lstm;
    const V = 2 * H;
    const { xproj, below, v, a, aDone } = (this.buffers ??= new RunTimeBuffers(l)).take(n);
    const tables = (this.tables ??= new InputTables(l, th, this.fixed));
    const kernels = (this.kernels ??= new RunTimeKernels(l, th));
    tables.project(input, xproj);
    const layers = l.upper.length + 1;
    // Each layer writes its vectors where the layer above reads them (`below`), the top layer into v.
    for (let layer = 0; layer < layers; layer++) {
      const out = layer === layers - 1 ? v : below[layer];
      if (layer > 0) {
        // The upper layer's input projections: Wx (4H × 2H) times each vector of the layer below.
        const G = 4 * H;
        const from = below[layer - 1];
        for (let d = 0; d < 2; d++) {
          const wx = kernels.upperWx[layer - 1][d];
          for (let t = 0; t < n; t++) {
            if (wx) wx.mul(0, G, from, t * V, xproj[d], t * G);
            else matVec(th, l.upper[layer - 1].wx[d].offset, G, V, from, t * V, xproj[d], t * G);
          }
        }
      }
      for (let d = 0; d < 2; d++) {
        const lstm = kernels.lstm[layer][d];
        if (lstm) lstm.forward(xproj[d], n, d === 1, out, V, d * H);
        else lstmForward(this.lstm[layer][d], xproj[d], n, d === 1, out, V, d * H);
      }
    }
    for (let j = 0; j < V; j++) {
      v[n * V + j] = th[l.root.offset + j];
      v[(n + 1) * V + j] = th[l.empty.offset + j];
    }
    return { input, n, v, a, aDone };
  }

  /** Row r of A_k = W1_k · v_r, computed the first time the MLP reads word r at position k. */
  private fillA(fw: SentenceForward, k: number, r: number): void {
    const l = this.layout;
    const M = l.dims.hidden;
    const V = 2 * l.dims.lstm;
    const out = (k * (fw.n + 2) + r) * M;
    const w1 = this.kernels!.w1;
    if (w1) w1.mul(k * M, M, fw.v, r * V, fw.a, out);
    else matVec(this.theta, l.w1.offset + k * M * V, M, V, fw.v, r * V, fw.a, out);
    fw.aDone[k * (fw.n + 2) + r] = 1;
  }

  /** Rows of `a` the MLP reads in state st: s2, s1, s0, b0 (the root is row n, an empty position row n + 1). */
  positions(st: ArcHybridState, n: number, out: Int32Array): void {
    out[0] = rowAt(st.s(2), n);
    out[1] = rowAt(st.s(1), n);
    out[2] = rowAt(st.s(0), n);
    out[3] = rowAt(st.bf(0), n);
  }

  /** Transition scores for the rows `pos` (`positions`). */
  scores(fw: SentenceForward, pos: Int32Array, out: Float64Array): void {
    const l = this.layout;
    const th = this.theta;
    const M = l.dims.hidden;
    const rows = fw.n + 2;
    for (let k = 0; k < N_POSITIONS; k++) if (!fw.aDone[k * rows + pos[k]]) this.fillA(fw, k, pos[k]);
    // Unrolled over the four positions and the three outputs: the same sums in the same order as a loop over k and
    // then one over c, so the same scores bit for bit, in one pass over the hidden layer.
    const a = fw.a;
    const a0 = pos[0] * M, a1 = (rows + pos[1]) * M, a2 = (2 * rows + pos[2]) * M, a3 = (3 * rows + pos[3]) * M;
    const b1 = l.b1.offset, w0 = l.w2.offset, w1 = w0 + M, w2 = w1 + M;
    let s0 = th[l.b2.offset], s1 = th[l.b2.offset + 1], s2 = th[l.b2.offset + 2];
    for (let m = 0; m < M; m++) {
      const h = fastTanh(th[b1 + m] + a[a0 + m] + a[a1 + m] + a[a2 + m] + a[a3 + m]);
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
    return (st, s) => {
      this.positions(st, e.n, pos);
      this.scores(fw, pos, s);
    };
  }

  /** Greedy parse: the highest-scoring legal transition at each step. Returns the heads (n = root). */
  parse(e: EncodedSentence, tags: TagIds): Int32Array {
    const fw = this.forward(this.input(e, tags));
    const st = new ArcHybridState(e.n);
    const pos = new Int32Array(N_POSITIONS);
    const s = new Float64Array(N_OUT);
    while (!st.isTerminal()) {
      // A forced transition needs no scores (as in `parseHeads`).
      let best = st.forced();
      if (best < 0) {
        this.positions(st, e.n, pos);
        this.scores(fw, pos, s);
        best = st.bestLegal(s);
      }
      st.apply(best);
    }
    return st.head;
  }
}

// `scores` is unrolled over the four positions and the three transitions.
if (N_POSITIONS !== 4 || N_OUT !== 3) throw new Error('the unrolled MLP reads four positions and scores three transitions');

/**
 * Parsing's products in WebAssembly SIMD, the same results bit for bit: W1 (all four positions' blocks,
 * `wasmMatVec.ts`), each LSTM direction with its Wh and b (`wasmLstm.ts`), and the upper layers' Wx, copied from θ
 * when the scorer first parses. Absent kernels (no WebAssembly SIMD) leave the JavaScript in place.
 */
class RunTimeKernels {
  readonly w1: MatVecKernel | undefined;
  /** Per layer (bottom first), per direction. */
  readonly lstm: Array<[LstmKernel | undefined, LstmKernel | undefined]>;
  /** Per layer above the first, per direction: Wx over the layer below's vectors. */
  readonly upperWx: Array<[MatVecKernel | undefined, MatVecKernel | undefined]>;

  constructor(l: NeuralLayout, th: Weights) {
    const H = l.dims.lstm;
    this.w1 = MatVecKernel.create(th, l.w1.offset, N_POSITIONS * l.dims.hidden, 2 * H);
    this.lstm = [l, ...l.upper].map((t) => [0, 1].map((d) => LstmKernel.create(th, t.wh[d].offset, t.bias[d].offset, H)) as [LstmKernel | undefined, LstmKernel | undefined]);
    this.upperWx = l.upper.map((u) => [0, 1].map((d) => MatVecKernel.create(th, u.wx[d].offset, 4 * H, 2 * H)) as [MatVecKernel | undefined, MatVecKernel | undefined]);
  }
}

/** The arrays of parsing's forward pass, kept by the scorer and handed out as views of the sentence's size. */
class RunTimeBuffers {
  private words = 0;
  private xproj: [Float64Array, Float64Array] = [new Float64Array(0), new Float64Array(0)];
  /** The vectors of each layer below the top (n × 2H), when the BiLSTM is stacked. */
  private below: Float64Array[] = [];
  private v = new Float64Array(0);
  private a = new Float64Array(0);
  private aDone = new Uint8Array(0);

  constructor(private readonly l: NeuralLayout) {}

  take(n: number): { xproj: [Float64Array, Float64Array]; below: Float64Array[]; v: Float64Array; a: Float64Array; aDone: Uint8Array } {
    const H = this.l.dims.lstm;
    const G = 4 * H;
    const V = 2 * H;
    const M = this.l.dims.hidden;
    if (n > this.words) {
      const w = (this.words = Math.max(n, 2 * this.words, 64));
      this.xproj = [new Float64Array(w * G), new Float64Array(w * G)];
      this.below = this.l.upper.map(() => new Float64Array(w * V));
      this.v = new Float64Array((w + 2) * V);
      this.a = new Float64Array(N_POSITIONS * (w + 2) * M);
      this.aDone = new Uint8Array(N_POSITIONS * (w + 2));
    }
    const rows = n + 2;
    const aDone = this.aDone.subarray(0, N_POSITIONS * rows);
    aDone.fill(0);
    return {
      xproj: [this.xproj[0].subarray(0, n * G), this.xproj[1].subarray(0, n * G)],
      below: this.below.map((b) => b.subarray(0, n * V)),
      v: this.v.subarray(0, rows * V),
      a: this.a.subarray(0, N_POSITIONS * rows * M),
      aDone,
    };
  }
}

/**
 * The row of position i of a sentence of n words (`positions`): i itself, or the empty position's row n + 1 for none
 * (i < 0). A function of the module, not a closure made at every transition (the bundle's keepNames names each).
 */
function rowAt(i: number, n: number): number {
  return i < 0 ? n + 1 : i;
}
