/**
 * The weights each Attach context contributes, cached per (context, relation). Scoring a node costs one hashed
 * lookup per context and output (~20 contexts × hundreds of pairs, each a cache miss in the 8 MB weight table:
 * ~20,000 misses per sentence); the same contexts recur across nodes, sentences and edits (`d=conj`, `b`, the POS
 * around an edge), so their weight vectors are read once and then summed from contiguous memory. Each cached entry
 * is 0 + θ_i, exactly θ_i (θ_i = −0 becomes +0, and adding either to a score that is never −0 gives the same sum).
 * Only for fixed weights: the model uses it while θ is the loaded, never-trained int16 vector.
 */
import { addContextWeights, ContextWeights, ContextWeightSource, OutputSpace, RelPairs, SYM_CLASSES, WeightVector } from './attach';
import { OUT_L, OUT_PAIR, OUT_R, OUT_SYM } from './features';
import { TYPED_ARRAY_OVERHEAD_BYTES } from './sparse';

const EMPTY = new Float64Array(0);

/** One cached context: its identity (the key is a hash of it), its vectors and the CLOCK bit. */
interface Entry {
  h: number;
  tag: number;
  cw: ContextWeights;
  bytes: number;
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
    private readonly weights: WeightVector,
    private readonly scale: number,
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

  get(h: number, o: number, rp: RelPairs, rel = this.relation(rp)): ContextWeights {
    const tag = rel * 16 + o; // o < 16
    const key = entryKey(h, tag);
    const e = this.entries.get(key);
    if (e !== undefined && e.h === h && e.tag === tag) {
      e.used = true;
      return e.cw;
    }
    const cw = contextVectors(o, rp);
    addContextWeights(this.weights, this.scale, this.space, h, o, rp, cw.pair, cw.l, cw.r, cw.sym);
    // A colliding entry is replaced (both are exact; the collision is rare).
    if (e !== undefined) this.bytes -= e.bytes;
    const bytes = entryBytes(cw);
    this.entries.set(key, { h, tag, cw, bytes, used: false });
    this.bytes += bytes;
    if (this.bytes > this.maxBytes) this.evict();
    return cw;
  }

  /** CLOCK: from the oldest, an entry read since the last pass goes to the back with its bit cleared, others go. */
  private evict(): void {
    for (const [key, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      if (e.used) {
        e.used = false;
        this.entries.set(key, e);
      } else this.bytes -= e.bytes;
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

/**
 * Zeroed vectors for the outputs `o` asks of `rp`, sharing one buffer: four buffers of their own cost ~600 bytes
 * more an entry (measured).
 */
function contextVectors(o: number, rp: RelPairs): ContextWeights {
  const lengths = [o & OUT_PAIR ? rp.pair.length : 0, o & OUT_L ? rp.ls.length : 0, o & OUT_R ? rp.rs.length : 0, o & OUT_SYM ? SYM_CLASSES : 0];
  const buf = new ArrayBuffer(8 * (lengths[0] + lengths[1] + lengths[2] + lengths[3]));
  let at = 0;
  const view = (n: number): Float64Array => {
    if (n === 0) return EMPTY;
    at += n;
    return new Float64Array(buf, 8 * (at - n), n);
  };
  return { pair: view(lengths[0]), l: view(lengths[1]), r: view(lengths[2]), sym: view(lengths[3]) };
}

/** The vectors, their views and buffer, the entry objects and the Map entry (checked against the memory freed). */
function entryBytes(cw: ContextWeights): number {
  const vectors = [cw.pair, cw.l, cw.r, cw.sym].filter((v) => v.length);
  return vectors.reduce((b, v) => b + v.byteLength + 80, TYPED_ARRAY_OVERHEAD_BYTES + 150 + 40);
}
