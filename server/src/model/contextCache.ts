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
  private readonly byRel = new Map<RelPairs, Map<number, ContextWeights>>();
  private bytes = 0;

  constructor(
    private readonly weights: Float64Array | Int16Array,
    private readonly scale: number,
    private readonly space: OutputSpace,
    /** Beyond this the cache starts again (entries are cheap to recompute; a bound matters, recency little). */
    private readonly maxBytes = 4 * 2 ** 20,
  ) {}

  get(h: number, o: number, rp: RelPairs): ContextWeights {
    let m = this.byRel.get(rp);
    if (!m) this.byRel.set(rp, (m = new Map()));
    const key = h * 16 + o; // h < 2^32 and o < 16 (four output bits): an exact integer key
    let cw = m.get(key);
    if (!cw) {
      cw = {
        pair: o & OUT_PAIR ? new Float64Array(rp.pair.length) : EMPTY,
        l: o & OUT_L ? new Float64Array(rp.ls.length) : EMPTY,
        r: o & OUT_R ? new Float64Array(rp.rs.length) : EMPTY,
        sym: o & OUT_SYM ? new Float64Array(SYM_CLASSES) : EMPTY,
      };
      addContextWeights(this.weights, this.scale, this.space, h, o, rp, cw.pair, cw.l, cw.r, cw.sym);
      this.bytes += 8 * (cw.pair.length + cw.l.length + cw.r.length + cw.sym.length) + 200;
      if (this.bytes > this.maxBytes) {
        this.byRel.clear();
        this.bytes = 0;
        this.byRel.set(rp, (m = new Map()));
      }
      m.set(key, cw);
    }
    return cw;
  }
}
