/**
 * The weights each Attach context contributes, cached per (context, relation). Scoring a node costs one hashed
 * lookup per context and output (~20 contexts × hundreds of pairs, each a cache miss in the weight table:
 * ~20,000 misses per sentence); the same contexts recur across nodes, sentences and edits (`d=conj`, `b`, the POS
 * around an edge), so their weights are read once and then summed from contiguous memory. An entry holds the
 * quantised int16 values themselves, not their float64 products: a quarter of the bytes, so that the working set
 * of a few hundred sentences fits the budget (with float64 entries it did not, and the cache missed on nearly every
 * pass, as any recency policy does on a loop a little larger than the cache). The scorer multiplies each by the
 * scale as it adds it, the same product the uncached scorer adds. With the values in one array and no object per
 * entry, the budget holds ~30,000 entries of the English model's mean size (a Map of entries held ~10,000); at the
 * budget all entries go at once. Only for fixed weights: the model uses it while
 * θ is the loaded, never-trained int16 vector.
 */
import { ContextWeightSource, OutputSpace, outL, outR, outSym, RelPairs, SYM_CLASSES } from './attach';
import { featureIndex, OUT_L, OUT_PAIR, OUT_R, OUT_SYM } from './features';
import { RankedInt16 } from './rankedWeights';

/** Entries of the table that `locate` probes: each the context's h, its tag and where its values start. */
const ENTRY_TABLE_BYTES = 12;

export class ContextWeightCache implements ContextWeightSource {
  /**
   * Every cached context's values, one entry after another (`locate` gives where each starts): reading a cached
   * context is one probe of the table below and a contiguous read here. An entry of its own (an object holding a
   * typed array, in a Map) cost several dependent memory reads a lookup: restoring EWT dev paragraphs, sampling took
   * 5–7% longer with it.
   */
  values: Int16Array;
  private filled = 0;
  /** Open addressing by `entryKey`, linear probing: per slot the entry's h, tag and first value (−1: empty). */
  private hs: Int32Array;
  private tags: Int32Array;
  private starts: Int32Array;
  private count = 0;
  private readonly relIds = new Map<RelPairs, number>();
  /** The largest table and values array the budget allows; when either is full, every entry goes (they are exact to recompute). */
  private readonly maxSlots: number;
  private readonly maxValues: number;

  constructor(
    private readonly weights: Int16Array | RankedInt16,
    readonly scale: number,
    private readonly space: OutputSpace,
    /** The memory the table and the values may take. */
    maxBytes = 8 * 2 ** 20,
  ) {
    let slots = 64;
    while (slots * 2 * ENTRY_TABLE_BYTES * 4 <= maxBytes) slots *= 2;
    this.maxSlots = slots;
    this.maxValues = Math.max(0, Math.floor((maxBytes - slots * ENTRY_TABLE_BYTES) / 2));
    const firstSlots = Math.min(slots, 4096);
    [this.hs, this.tags, this.starts] = [new Int32Array(firstSlots), new Int32Array(firstSlots), new Int32Array(firstSlots).fill(-1)];
    this.values = new Int16Array(Math.min(this.maxValues, 65536));
  }

  /** A small id per relation's pair set, asked once per scored node rather than once per context. */
  relation(rp: RelPairs): number {
    let rel = this.relIds.get(rp);
    if (rel === undefined) this.relIds.set(rp, (rel = this.relIds.size));
    return rel;
  }

  /** The bytes the table and the values in use take (for tests and memory accounting). */
  get size(): number {
    return this.starts.length * ENTRY_TABLE_BYTES + this.filled * 2;
  }

  /**
   * The quantised weights of context h for the outputs `o` asks of `rp`: the pairs', then the distinct l's, the
   * distinct r's and the symmetry classes', each present only if `o` has it (`ContextWeightSource.locate`). A view
   * of the cache's own values, valid until the next `get` or `locate`.
   */
  get(h: number, o: number, rp: RelPairs, rel = this.relation(rp)): Int16Array {
    const at = this.locate(h, o, rp, rel);
    return this.values.subarray(at, at + valueCount(o, rp));
  }

  /** Where in `values` context h's values for `o` and `rp` start (read `values` after this call: it may replace it). */
  locate(h: number, o: number, rp: RelPairs, rel: number): number {
    const tag = rel * 16 + o; // o < 16
    const key = h | 0;
    const mask = this.starts.length - 1;
    let i = entryKey(h, tag) & mask;
    for (let at = this.starts[i]; at >= 0; at = this.starts[i]) {
      if (this.hs[i] === key && this.tags[i] === tag) return at;
      i = (i + 1) & mask;
    }
    const n = valueCount(o, rp);
    if (!this.roomFor(n)) return this.locate(h, o, rp, rel); // the table was grown or emptied: probe it again
    const at = this.filled;
    contextValues(this.weights, this.space, h, o, rp, this.values, at);
    this.filled += n;
    [this.hs[i], this.tags[i], this.starts[i]] = [key, tag, at];
    this.count++;
    return at;
  }

  /**
   * Whether one more entry of n values fits as things are; if not, the table or the values are made room for
   * (grown, or emptied at the budget), and false.
   */
  private roomFor(n: number): boolean {
    const tableFull = 2 * (this.count + 1) > this.starts.length;
    const valuesFull = this.filled + n > this.values.length;
    if (!tableFull && !valuesFull) return true;
    if (tableFull && this.starts.length < this.maxSlots) this.rehash(2 * this.starts.length);
    else if (valuesFull && this.values.length < this.maxValues && this.filled + n <= this.maxValues) {
      const grown = new Int16Array(Math.min(this.maxValues, Math.max(2 * this.values.length, this.filled + n)));
      grown.set(this.values.subarray(0, this.filled));
      this.values = grown;
    } else {
      this.starts.fill(-1);
      this.count = 0;
      this.filled = 0;
      if (n > this.values.length) this.values = new Int16Array(n); // an entry larger than the budget: kept alone
    }
    return false;
  }

  private rehash(slots: number): void {
    const [hs, tags, starts] = [this.hs, this.tags, this.starts];
    [this.hs, this.tags, this.starts] = [new Int32Array(slots), new Int32Array(slots), new Int32Array(slots).fill(-1)];
    const mask = slots - 1;
    for (let j = 0; j < starts.length; j++) {
      if (starts[j] < 0) continue;
      let i = entryKey(hs[j] >>> 0, tags[j]) & mask;
      while (this.starts[i] >= 0) i = (i + 1) & mask;
      [this.hs[i], this.tags[i], this.starts[i]] = [hs[j], tags[j], starts[j]];
    }
  }
}

/** How many values an entry for outputs `o` of `rp` holds. */
function valueCount(o: number, rp: RelPairs): number {
  return (o & OUT_PAIR ? rp.pair.length : 0) + (o & OUT_L ? rp.ls.length : 0) + (o & OUT_R ? rp.rs.length : 0) + (o & OUT_SYM ? SYM_CLASSES : 0);
}

/**
 * (context hash, relation · 16 + outputs) mixed into a 30-bit integer, where `locate` starts probing; the entry's own
 * h and tag tell a collision from a hit.
 */
function entryKey(h: number, tag: number): number {
  return (h ^ Math.imul(tag + 1, 0x9e3779b1)) & 0x3fffffff;
}

/** θ's quantised values at context h's slots for the outputs `o` asks of `rp`, laid out as `locate` says, into out from `at`. */
function contextValues(weights: Int16Array | RankedInt16, space: OutputSpace, h: number, o: number, rp: RelPairs, out: Int16Array, at: number): void {
  const nP = o & OUT_PAIR ? rp.pair.length : 0, nL = o & OUT_L ? rp.ls.length : 0, nR = o & OUT_R ? rp.rs.length : 0;
  const n = nP + nL + nR + (o & OUT_SYM ? SYM_CLASSES : 0);
  if (slotScratch.length < n) slotScratch = new Int32Array(2 * n);
  const slots = slotScratch, mask = weights.length - 1;
  // The slots first, then their values, in a loop per kind of θ with its reads inlined (a closure over either kind
  // was a tenth of scoring new text).
  let k = 0;
  for (let j = 0; j < nP; j++) slots[k++] = featureIndex(h, rp.pair[j], mask);
  for (let j = 0; j < nL; j++) slots[k++] = featureIndex(h, outL(space, rp.ls[j]), mask);
  for (let j = 0; j < nR; j++) slots[k++] = featureIndex(h, outR(space, rp.rs[j]), mask);
  if (o & OUT_SYM) for (let j = 0; j < SYM_CLASSES; j++) slots[k++] = featureIndex(h, outSym(space, j), mask);
  if (weights instanceof RankedInt16) for (let i = 0; i < n; i++) out[at + i] = weights.get(slots[i]);
  else for (let i = 0; i < n; i++) out[at + i] = weights[slots[i]];
}

let slotScratch = new Int32Array(1024);

