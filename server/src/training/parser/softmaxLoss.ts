/**
 * Softmax cross-entropy of one example, the loss the parser's neural heads train with (the relation labeller, the
 * auxiliary relation and head heads): loss = log Σ_c exp(s_c) − s_gold, and ds_c = softmax(s)_c − [c = gold], computed
 * with the maximum subtracted. A score of −Infinity is a class left out: probability 0, gradient 0.
 */
export function softmaxCrossEntropy(s: Float64Array, count: number, gold: number, ds: Float64Array): number {
  let max = -Infinity;
  for (let c = 0; c < count; c++) if (s[c] > max) max = s[c];
  let sum = 0;
  for (let c = 0; c < count; c++) sum += Math.exp(s[c] - max);
  for (let c = 0; c < count; c++) ds[c] = Math.exp(s[c] - max) / sum - (c === gold ? 1 : 0);
  return max + Math.log(sum) - s[gold];
}
