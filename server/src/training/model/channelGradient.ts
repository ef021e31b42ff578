/** The noisy channel's gradient, for training (`model/inside.ts` computes the slot gradients it starts from). */
import { PunctemeTable, SlotGrads } from '../../model/inside';
import { SlotAutomaton } from '../../model/automaton';
import { Mat, addScaled, mul, mulTransAInto, mulTransBInto, zeros } from '../../model/matrix';
import { toDense } from '../../model/sparse';

/** Turns the per-puncteme slot gradients into d log Z / d φ (probabilities), accumulated into dPhi. */
export function channelGradient(auts: SlotAutomaton[], V: PunctemeTable, slotGrads: SlotGrads[], dPhi: Float64Array): void {
  slotGrads.forEach((sg, slot) => {
    const aut = auts[slot];
    const dTok = new Map<number, Mat>();
    for (const [id, dA] of sg.punct) {
      const toks = V.tokens[id];
      // d/dM(t_q) of <dA, M(t_1)⋯M(t_m)> = P_{q-1}ᵀ · dA · S_{q+1}ᵀ
      for (let q = 0; q < toks.length; q++) {
        let left = dA;
        if (q > 0) {
          let P = toDense(aut.mats[toks[0]]!);
          for (let u = 1; u < q; u++) P = mul(P, toDense(aut.mats[toks[u]]!));
          left = zeros(aut.n, aut.n);
          mulTransAInto(left, P, dA);
        }
        if (q < toks.length - 1) {
          let Sm = toDense(aut.mats[toks[q + 1]]!);
          for (let u = q + 2; u < toks.length; u++) Sm = mul(Sm, toDense(aut.mats[toks[u]]!));
          const t2 = zeros(aut.n, aut.n);
          mulTransBInto(t2, left, Sm);
          left = t2;
        }
        let acc = dTok.get(toks[q]);
        if (!acc) dTok.set(toks[q], (acc = zeros(aut.n, aut.n)));
        addScaled(acc, left, 1);
      }
    }
    for (const [tok, d] of dTok) {
      const arcs = aut.arcs[tok]; // (s, t, param) triples
      for (let k = 0; k < arcs.length; k += 3) if (arcs[k + 2] >= 0) dPhi[arcs[k + 2]] += d.d[arcs[k] * aut.n + arcs[k + 1]];
    }
    if (sg.lambda) for (const a of aut.lambdaArcs) if (a.param >= 0) dPhi[a.param] += aut.lambdaScale * sg.lambda[a.t];
  });
}
