/**
 * The neural scorer's input projections at run time. Wx·x is a sum over the parts of x (word, tags, cluster, slots,
 * suffix, shape, pretrained vector), so each part's block of Wx times each row of its table — both directions, 2 × 4H
 * entries, a *row* here — is computed once, the first time the row is read, and parsing sums one row per part.
 *
 * Memory (journal, "the combination made shippable"): at most `MAX_ROWS` rows are kept, packed in slots (not at their
 * table's index, where a document's scattered ids would cost a 4 KB page per 2 KB row); when all slots are taken, the
 * CLOCK policy (second chance) gives a slot read least recently to the new row. Each row is added as soon as it is
 * found or computed, so a slot may be taken even from the sentence being summed. A row is a pure function of θ and its
 * id: what is cached, and when, never changes a sum.
 */
import { inputParts, NeuralInput, NeuralLayout, Tensor } from './neuralNet';
import { dot, Weights } from './dot';
import { FixedVectors } from './pretrainedVectors';
import { MatVecKernel, RowArena } from './wasmMatVec';

/** Sentences up to this many words are summed in WebAssembly (`arena`); longer ones in JavaScript. */
const ARENA_WORDS = 256;

/**
 * Rows kept at most by default: 8 MB of c's 1 KB rows (2 × 4H float32). EWT test (2,077 sentences) reads 8,058
 * distinct rows of c, so a second pass over it computes none (with 4,096 slots a pass computes ~10,000, and steady
 * parsing was ~0.05 ms a sentence slower; with 2,048, 14,119); the language server's 5,000-word benchmark document
 * reads ~3,500.
 */
export const MAX_ROWS = 8192;

/** A slot's owner is its part << ID_BITS | the row's id. */
const ID_BITS = 24;
const ID_MASK = (1 << ID_BITS) - 1;

/** A sentence of no words: `inputParts` of it names the tables and columns alone. */
const NONE = new Int32Array(0);
const NO_WORDS: NeuralInput = { n: 0, word: NONE, upos: NONE, xpos: NONE, cluster: NONE, slotBefore: NONE, slotAfter: NONE, suffix: NONE, shape: NONE, pretrained: NONE };

/**
 * The graph parser's batched products (`graph/f32Encoder.ts`, float32): both directions' Wx columns [col, col + n)
 * times each of the `count` rows of `w` (n entries each), into rows[at[t] · 2 · 4H …].
 */
export type BatchProduct = (col: number, n: number, w: Float64Array, count: number, rows: Float32Array, at: Int32Array) => void;

interface Part {
  col: number;
  table: Tensor;
  fixed: boolean;
  /** slot[id]: 1 + the slot holding the row, or 0 while it is not held. */
  slot: Int32Array;
}

export class InputTables {
  /** 2 × 4H: one row holds both directions' products, direction 0 first. */
  private readonly R: number;
  private readonly parts: Part[];
  private readonly capacity: number;
  private used = 0;
  /** Per slot: its row's part (high bits) and id, and whether it was read since the clock hand last passed. */
  private readonly owner: Int32Array;
  private readonly recent: Uint8Array;
  private hand = 0;
  /**
   * The rows, packed, in float32 (memory: half the bytes; each product is rounded once to float32,
   * and the sums stay float64); in WebAssembly memory (`arena.arrays[0]`) when available, else a growing array.
   */
  private rows: Float32Array;
  /** Both directions' Wx, stacked (they are consecutive in θ), in WebAssembly (`wasmMatVec.ts`), when available. */
  private readonly wx: MatVecKernel | undefined;
  /** When WebAssembly SIMD is available: the rows (array 0) and a sum area (array 1, ARENA_WORDS words × R). */
  private readonly arena: RowArena | undefined;
  private readonly scratch: Float64Array;
  /** `prefill`'s rows of a part (words × its columns) and the slots they go to. */
  private batchW = new Float64Array(0);
  private batchAt = new Int32Array(0);

  constructor(
    private readonly l: NeuralLayout,
    private readonly th: Weights,
    private readonly fixed: FixedVectors | undefined,
    maxRows = MAX_ROWS,
    /**
     * False: no WebAssembly copy of Wx, for a caller whose `prefill` computes the rows (a row it missed, `project`
     * computes in JavaScript).
     */
    kernel = true,
  ) {
    const G = 4 * l.dims.lstm;
    this.R = 2 * G;
    if (l.wx[1].offset !== l.wx[0].offset + G * l.D) throw new Error('the two directions of Wx must be consecutive in θ');
    // Only the tables and columns of `inputParts` matter here, so any input will do.
    const parts = inputParts(l, NO_WORDS).filter((p) => p.table.cols > 0);
    this.parts = parts.map(({ col, table, fixed }) => ({ col, table, fixed, slot: new Int32Array(table.rows) }));
    const total = parts.reduce((s, p) => s + p.table.rows, 0);
    this.capacity = Math.max(1, Math.min(total, maxRows));
    this.owner = new Int32Array(this.capacity);
    this.recent = new Uint8Array(this.capacity);
    if (Math.max(...parts.map((p) => p.table.rows)) > ID_MASK + 1) throw new Error('an input table is too large for the row cache');
    this.arena = RowArena.create([this.capacity * this.R, ARENA_WORDS * this.R], [0]);
    this.rows = (this.arena?.arrays[0] as Float32Array | undefined) ?? new Float32Array(Math.min(this.capacity, 1024) * this.R);
    this.scratch = new Float64Array(Math.max(0, ...parts.map((p) => p.table.cols)));
    this.wx = kernel ? MatVecKernel.create(th, l.wx[0].offset, this.R, l.D) : undefined;
  }

  /** Rows held now (for tests and memory accounting). */
  get rowsHeld(): number {
    return this.used;
  }

  /** Both directions' input projections: xproj[d][t] = Σ over the parts (in their order, from 0) of the part's row. */
  project(input: NeuralInput, xproj: [Float64Array, Float64Array]): void {
    const n = input.n;
    const P = this.parts.length;
    const R = this.R;
    const G = R / 2;
    const ids = inputParts(this.l, input).filter((p) => p.table.cols > 0).map((p) => p.ids);
    const arena = this.arena;
    if (arena && n <= ARENA_WORDS) {
      // The same additions in the same order as below, in WebAssembly (journal, "load time and neural speed"): one row
      // holds both directions, so one add per word and part.
      const sums = arena.arrays[1] as Float64Array;
      sums.fill(0, 0, n * R);
      for (let k = 0; k < P; k++) {
        const idk = ids[k];
        for (let t = 0; t < n; t++) arena.addWidened(1, t * R, 0, this.rowOf(k, idk[t]), R);
      }
      for (let t = 0; t < n; t++) {
        xproj[0].set(sums.subarray(t * R, t * R + G), t * G);
        xproj[1].set(sums.subarray(t * R + G, (t + 1) * R), t * G);
      }
      return;
    }
    xproj[0].fill(0, 0, n * G);
    xproj[1].fill(0, 0, n * G);
    for (let k = 0; k < P; k++) {
      const idk = ids[k];
      for (let t = 0; t < n; t++) {
        const w = this.rowOf(k, idk[t]);
        const rows = this.rows;
        const o = t * G;
        for (let d = 0; d < 2; d++) {
          const xp = xproj[d];
          const from = w + d * G;
          for (let j = 0; j < G; j++) xp[o + j] += rows[from + j];
        }
      }
    }
  }

  /**
   * Takes slots for the rows of `input` not held, and computes each part's together with `product` (one product a
   * part and sentence, where `project` computes a missing row at a time); `project` then finds them held. The rows are
   * then `product`'s sums (the graph parser's float32 ones); the transition parser never calls this. A row taken here
   * may be evicted again by a later part's (only when a sentence holds more rows than the clock keeps): `project` then
   * computes it alone.
   */
  prefill(input: NeuralInput, product: BatchProduct): void {
    const ids = inputParts(this.l, input).filter((p) => p.table.cols > 0).map((p) => p.ids);
    const n = input.n;
    if (this.batchAt.length < n) {
      this.batchAt = new Int32Array(Math.max(n, 2 * this.batchAt.length));
      this.batchW = new Float64Array(this.batchAt.length * this.scratch.length);
    }
    for (let k = 0; k < this.parts.length; k++) {
      const part = this.parts[k];
      const cols = part.table.cols;
      const idk = ids[k];
      let count = 0;
      for (let t = 0; t < n; t++) {
        const id = idk[t];
        if (part.slot[id]) continue;
        this.inputRow(part, id, this.batchW, count * cols);
        this.batchAt[count++] = this.take(k, id);
      }
      if (count) product(part.col, cols, this.batchW, count, this.rows, this.batchAt);
    }
  }

  /** Where row `id` of part k starts in `rows`, computing it first if it is not held. */
  private rowOf(k: number, id: number): number {
    const part = this.parts[k];
    const s = part.slot[id];
    if (s) {
      this.recent[s - 1] = 1;
      return (s - 1) * this.R;
    }
    const at = this.take(k, id);
    this.compute(part, id, at);
    return at * this.R;
  }

  /** A slot for row `id` of part k (a free one, else the clock's), held from now on and marked read. */
  private take(k: number, id: number): number {
    const at = this.used < this.capacity ? this.used++ : this.evict();
    this.growTo(at + 1);
    this.parts[k].slot[id] = at + 1;
    this.owner[at] = (k << ID_BITS) | id;
    this.recent[at] = 1;
    return at;
  }

  /** The part's input vector `id` (its table's row, or the fixed vectors') into w[o …]. */
  private inputRow(part: Part, id: number, w: Float64Array, o: number): void {
    const { table, fixed } = part;
    const n = table.cols;
    if (!fixed) {
      for (let j = 0; j < n; j++) w[o + j] = this.th[table.offset + id * n + j];
      return;
    }
    this.fixed!.row(id, this.scratch);
    if (w !== this.scratch || o !== 0) for (let j = 0; j < n; j++) w[o + j] = this.scratch[j];
  }

  /** The slot the clock hand stops at: the first one not read since the hand last passed it, its row forgotten. */
  private evict(): number {
    while (this.recent[this.hand]) {
      this.recent[this.hand] = 0;
      this.hand = this.hand + 1 === this.capacity ? 0 : this.hand + 1;
    }
    const at = this.hand;
    this.hand = this.hand + 1 === this.capacity ? 0 : this.hand + 1;
    const o = this.owner[at];
    this.parts[o >>> ID_BITS].slot[o & ID_MASK] = 0;
    return at;
  }

  /** Both directions' Wx-block · row `id` of the part, into row `at`. */
  private compute(part: Part, id: number, at: number): void {
    const { l, th, R } = this;
    const { col, table } = part;
    const w = this.scratch;
    const n = table.cols;
    this.inputRow(part, id, w, 0);
    const o = at * R;
    if (this.wx) this.wx.mul(0, R, w, 0, this.rows, o, col, n);
    else for (let j = 0; j < R; j++) this.rows[o + j] = dot(th, l.wx[0].offset + j * l.D + col, w, 0, n);
  }

  /**
   * Room for `rows` rows. JavaScript's array doubles up to the capacity; WebAssembly's rows are reserved at once
   * (pages never written cost nothing).
   */
  private growTo(rows: number): void {
    if (rows * this.R <= this.rows.length) return;
    const grown = new Float32Array(Math.min(Math.max(2 * this.rows.length, rows * this.R), this.capacity * this.R));
    grown.set(this.rows.subarray(0, this.used * this.R));
    this.rows = grown;
  }
}
