/**
 * Parser combination by reparsing (Sagae & Lavie 2006): the graph parser's arc scores, each dependent's normalised to
 * log-probabilities over its heads, plus `weight` for the arc another parser's tree chose; Eisner over the sum then
 * finds the projective tree that agrees with the other parser where the graph parser is not confident otherwise.
 *
 * Normalising per dependent adds a constant to each dependent's row, and every tree takes exactly one head per
 * dependent, so with weight 0 the best tree is the graph parser's own.
 */

/**
 * In place: `score[d·(n + 1) + h]` (h = n the root; −∞ where no arc may go) becomes log p(h | d) + weight·[votes[d] = h].
 * `votes[d]` is the other tree's head of d in the same convention.
 */
export function addArcVotes(score: Float64Array, n: number, votes: Int32Array, weight: number): void {
  const W = n + 1;
  for (let d = 0; d < n; d++) {
    const row = d * W;
    let max = -Infinity;
    for (let h = 0; h < W; h++) if (score[row + h] > max) max = score[row + h];
    let sum = 0;
    for (let h = 0; h < W; h++) sum += Math.exp(score[row + h] - max);
    const logZ = max + Math.log(sum);
    for (let h = 0; h < W; h++) score[row + h] -= logZ;
    const v = votes[d];
    if (v >= 0 && v <= n && v !== d) score[row + v] += weight;
  }
}
