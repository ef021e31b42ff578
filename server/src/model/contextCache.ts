/**
 * The weights each Attach context contributes, cached per (context, relation). Scoring a node costs one hashed
 * lookup per context and output (~20 contexts × hundreds of pairs, each a cache miss in the weight table:
 * ~20,000 misses per sentence); the same contexts recur across nodes, sentences and edits (`d=conj`, `b`, the POS
 * around an edge), so their weights are read once and then summed from contiguous memory. An entry holds the
 * quantised int16 values themselves, not their float64 products: a quarter of the bytes, so that the working set
 * of a few hundred sentences fits the budget (with float64 entries it did not, and CLOCK missed on nearly every
 * pass, as any recency policy does on a loop a little larger than the cache). The scorer multiplies each by the
 * scale as it adds it, the same product the uncached scorer adds. Only for fixed weights: the model uses it while
 * θ is the loaded, never-trained int16 vector.
 */
import { ContextWeightSource, OutputSpace, outL, outR, outSym, RelPairs, SYM_CLASSES } from './attach';
import { featureIndex, OUT_L, OUT_PAIR, OUT_R, OUT_SYM } from './features';
import { RankedInt16 } from './rankedWeights';

/** One cached context: its identity (the key is a hash of it), its values and the CLOCK bit. */
interface Entry {
  h: number;
  tag: number;
  q: Int16Array;
  /** Read since the eviction scan last passed it: it gets a second chance instead of going. */
  used: boolean;
}

export class ContextWeightCache implements ContextWeightSource {
  /**
   * By `entryKey` (a small integer, which V8 hashes without allocating; the entry's own h and tag tell a collision
   * from a hit). Map order is insertion order: eviction scans it from the oldest, as CLOCK does, so that a hit
   * only sets a bit (moving the entry to the back on every hit, ~400,000 times per 2,000 sentences, cost more
   * than the weights it saves reading).
   */
  private readonly entries = new Map<number, Entry>();
  private readonly relIds = new Map<RelPairs, number>();
  private bytes = 0;

  constructor(
    private readonly weights: Int16Array | RankedInt16,
    readonly scale: number,
    private readonly space: OutputSpace,
    /** Beyond this the least recently used entries go (they are cheap to recompute, but a burst of misses is not). */
    private readonly maxBytes = 8 * 2 ** 20,
  ) {}

  /** A small id per relation's pair set, asked once per scored node rather than once per context. */
  relation(rp: RelPairs): number {
    let rel = this.relIds.get(rp);
    if (rel === undefined) this.relIds.set(rp, (rel = this.relIds.size));
    return rel;
  }

  /** The bytes the entries are counted at (for tests and memory accounting). */
  get size(): number {
    return this.bytes;
  }

  /**
   * The quantised weights of context h for the outputs `o` asks of `rp`: the pairs', then the distinct l's, the
   * distinct r's and the symmetry classes', each present only if `o` has it (`ContextWeightSource.get`).
   */
  get(h: number, o: number, rp: RelPairs, rel = this.relation(rp)): Int16Array {
    const tag = rel * 16 + o; // o < 16
    const key = entryKey(h, tag);
    const e = this.entries.get(key);
    if (e !== undefined && e.h === h && e.tag === tag) {
      e.used = true;
      return e.q;
    }
    const q = contextValues(this.weights, this.space, h, o, rp);
    // A colliding entry is replaced (both are exact; the collision is rare).
    if (e !== undefined) this.bytes -= entryBytes(e.q);
    this.entries.set(key, { h, tag, q, used: false });
    this.bytes += entryBytes(q);
    if (this.bytes > this.maxBytes) this.evict();
    return q;
  }

  /** CLOCK: from the oldest, an entry read since the last pass goes to the back with its bit cleared, others go. */
  private evict(): void {
    for (const [key, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      if (e.used) {
        e.used = false;
        this.entries.set(key, e);
      } else this.bytes -= entryBytes(e.q);
    }
  }
}

/**
 * (context hash, relation · 16 + outputs) mixed into a 30-bit integer: V8 keeps integers below 2³⁰ as small integers
 * (Smis), which a Map hashes in place; a wider key is a heap number, allocated and hashed by value on every lookup
 * (a quarter of the comma prior's scoring time). Collisions are told apart by the entry's own h and tag.
 */
function entryKey(h: number, tag: number): number {
  return (h ^ Math.imul(tag + 1, 0x9e3779b1)) & 0x3fffffff;
}

/** θ's quantised values at context h's slots for the outputs `o` asks of `rp`, laid out as `get` says. */
function contextValues(weights: Int16Array | RankedInt16, space: OutputSpace, h: number, o: number, rp: RelPairs): Int16Array {
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
  const q = new Int16Array(n);
  if (weights instanceof RankedInt16) for (let i = 0; i < n; i++) q[i] = weights.get(slots[i]);
  else for (let i = 0; i < n; i++) q[i] = weights[slots[i]];
  return q;
}

let slotScratch = new Int32Array(1024);

/**
 * What an entry costs in memory: its values and ~600 bytes more for the typed array (its object and its own
 * backing store), the entry object and the Map's slot. Measured: 100,000 entries of 84 values (the mean over EWT dev)
 * raised RSS by 786 bytes each, of 300 values by 1,199.
 */
function entryBytes(q: Int16Array): number {
  return q.byteLength + ENTRY_OVERHEAD_BYTES;
}
const ENTRY_OVERHEAD_BYTES = 600;
