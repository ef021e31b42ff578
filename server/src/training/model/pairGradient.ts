/** The gradient of the Attach model's pair scores over its hashed weights, for training (`model/attach.ts` scores). */
import { HashedContexts, OutputSpace, outL, outR, outSym, RelPairs, SYM_CLASSES } from '../../model/attach';
import { featureIndex, OUT_L, OUT_PAIR, OUT_R, OUT_SYM } from '../../model/features';

/** A dense gradient over the hashed weights that remembers which entries were touched (for sparse updates). */
export class SparseGrad {
  readonly g: Float64Array;
  private readonly flag: Uint8Array;
  touched: number[] = [];
  constructor(size: number) {
    this.g = new Float64Array(size);
    this.flag = new Uint8Array(size);
  }
  add(i: number, v: number): void {
    if (!this.flag[i]) {
      this.flag[i] = 1;
      this.touched.push(i);
    }
    this.g[i] += v;
  }
  clear(): void {
    for (const i of this.touched) {
      this.g[i] = 0;
      this.flag[i] = 0;
    }
    this.touched = [];
  }
}

/** grad[feature] += Σ_j g_j · ∂score_j/∂θ[feature], where g_j is the gradient w.r.t. the score of pair j. */
export function accumulatePairGrad(
  grad: SparseGrad,
  space: OutputSpace,
  ctx: HashedContexts,
  rp: RelPairs,
  g: Float64Array,
): void {
  const mask = grad.g.length - 1;
  const k = rp.pair.length;
  const gL = new Float64Array(rp.ls.length), gR = new Float64Array(rp.rs.length), gS = new Float64Array(SYM_CLASSES);
  for (let j = 0; j < k; j++) {
    gL[rp.lPos[j]] += g[j];
    gR[rp.rPos[j]] += g[j];
    gS[rp.sym[j]] += g[j];
  }
  const add = (i: number, v: number) => {
    if (v !== 0) grad.add(i, v);
  };
  for (let c = 0; c < ctx.hash.length; c++) {
    const h = ctx.hash[c], o = ctx.outputs[c];
    if (o & OUT_PAIR) for (let j = 0; j < k; j++) add(featureIndex(h, rp.pair[j], mask), g[j]);
    if (o & OUT_L) for (let j = 0; j < rp.ls.length; j++) add(featureIndex(h, outL(space, rp.ls[j]), mask), gL[j]);
    if (o & OUT_R) for (let j = 0; j < rp.rs.length; j++) add(featureIndex(h, outR(space, rp.rs[j]), mask), gR[j]);
    if (o & OUT_SYM) for (let j = 0; j < SYM_CLASSES; j++) add(featureIndex(h, outSym(space, j), mask), gS[j]);
  }
}
