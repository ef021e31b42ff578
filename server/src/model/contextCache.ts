/**
 * The weights each Attach context contributes, cached per (context, relation). Scoring a node costs one hashed
 * lookup per context and output (~20 contexts × hundreds of pairs, each a cache miss in the 8 MB weight table:
 * ~20,000 misses per sentence); the same contexts recur across nodes, sentences and edits (`d=conj`, `b`, the POS
 * around an edge), so their weight vectors are read once and then summed from contiguous memory. Each cached entry
 * is 0 + θ_i, exactly θ_i (θ_i = −0 becomes +0, and adding either to a score that is never −0 gives the same sum).
 * Only for fixed weights: the model uses it while θ is the loaded, never-trained int16 vector.
 */
import { addContextWeights, ContextWeights, OutputSpace, RelPairs, SYM_CLASSES, WeightVector } from './attach';
import { OUT_L, OUT_PAIR, OUT_R, OUT_SYM } from './features';
import { TYPED_ARRAY_OVERHEAD_BYTES } from './sparse';

const EMPTY = new Float64Array(0);

export class ContextWeightCache {
  /** By relation id · 2^36 + context hash · 16 + outputs (exact integers); Map order is recency order. */
  private readonly entries = new Map<number, ContextWeights>();
  private readonly relIds = new Map<RelPairs, number>();
  private bytes = 0;

  constructor(
    private readonly weights: WeightVector,
    private readonly scale: number,
    private readonly space: OutputSpace,
    /** Beyond this the least recently used entries go (they are cheap to recompute, but a burst of misses is not). */
    private readonly maxBytes = 8 * 2 ** 20,
  ) {}

  get(h: number, o: number, rp: RelPairs): ContextWeights {
    let rel = this.relIds.get(rp);
    if (rel === undefined) this.relIds.set(rp, (rel = this.relIds.size));
    const key = rel * 2 ** 36 + h * 16 + o; // h < 2^32, o < 16, and far fewer than 2^17 relations
    let cw = this.entries.get(key);
    if (cw) {
      this.entries.delete(key);
      this.entries.set(key, cw);
      return cw;
    }
    // The entry's vectors share one buffer: four buffers of their own cost ~600 bytes more an entry (measured).
    const lengths = [o & OUT_PAIR ? rp.pair.length : 0, o & OUT_L ? rp.ls.length : 0, o & OUT_R ? rp.rs.length : 0, o & OUT_SYM ? SYM_CLASSES : 0];
    const buf = new ArrayBuffer(8 * (lengths[0] + lengths[1] + lengths[2] + lengths[3]));
    let at = 0;
    const view = (n: number): Float64Array => {
      if (n === 0) return EMPTY;
      at += n;
      return new Float64Array(buf, 8 * (at - n), n);
    };
    cw = { pair: view(lengths[0]), l: view(lengths[1]), r: view(lengths[2]), sym: view(lengths[3]) };
    addContextWeights(this.weights, this.scale, this.space, h, o, rp, cw.pair, cw.l, cw.r, cw.sym);
    this.entries.set(key, cw);
    this.bytes += entryBytes(cw);
    for (const [k, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.bytes -= entryBytes(old);
      this.entries.delete(k);
    }
    return cw;
  }
}

/** The vectors, their views and buffer, the entry object and its Map entry (checked against the memory freed). */
function entryBytes(cw: ContextWeights): number {
  const vectors = [cw.pair, cw.l, cw.r, cw.sym].filter((v) => v.length);
  return vectors.reduce((b, v) => b + v.byteLength + 80, TYPED_ARRAY_OVERHEAD_BYTES + 150);
}
