/**
 * The weights each Attach context contributes, cached per (context, relation). Scoring a node costs one hashed
 * lookup per context and output (~20 contexts × hundreds of pairs, each a cache miss in the 8 MB weight table:
 * ~20,000 misses per sentence); the same contexts recur across nodes, sentences and edits (`d=conj`, `b`, the POS
 * around an edge), so their weight vectors are read once and then summed from contiguous memory. Each cached entry
 * is 0 + θ_i, exactly θ_i (θ_i = −0 becomes +0, and adding either to a score that is never −0 gives the same sum).
 * Only for fixed weights: the model uses it while θ is the loaded, never-trained int16 vector.
 */
import { addContextWeights, ContextWeights, OutputSpace, RelPairs, SYM_CLASSES } from './attach';
import { OUT_L, OUT_PAIR, OUT_R, OUT_SYM } from './features';

const EMPTY = new Float64Array(0);

export class ContextWeightCache {
  /** By relation id · 2^36 + context hash · 16 + outputs (exact integers); Map order is recency order. */
  private readonly entries = new Map<number, ContextWeights>();
  private readonly relIds = new Map<RelPairs, number>();
  private bytes = 0;

  constructor(
    private readonly weights: Float64Array | Int16Array,
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
    cw = {
      pair: o & OUT_PAIR ? new Float64Array(rp.pair.length) : EMPTY,
      l: o & OUT_L ? new Float64Array(rp.ls.length) : EMPTY,
      r: o & OUT_R ? new Float64Array(rp.rs.length) : EMPTY,
      sym: o & OUT_SYM ? new Float64Array(SYM_CLASSES) : EMPTY,
    };
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

function entryBytes(cw: ContextWeights): number {
  return 8 * (cw.pair.length + cw.l.length + cw.r.length + cw.sym.length) + 200;
}
