/**
 * Expected calibration error over `bins` equal-width bins of the predicted probability: over the bins, weighted by
 * their share of the examples, |mean p − share of positives|. With `rate`, each example is weighted so that the
 * positives make up `rate` of the weight: how far the probabilities are from the frequencies a writer's text (at that
 * error rate) would show, for models trained on data far denser in errors.
 */
export function expectedCalibrationError(ps: readonly number[], ys: readonly number[], rate?: number, bins = 10): number {
  const pos = ys.filter((y) => y).length;
  const wPos = rate === undefined || pos === 0 ? 1 : rate / (pos / ys.length);
  const wNeg = rate === undefined || pos === ys.length ? 1 : (1 - rate) / (1 - pos / ys.length);
  const acc = Array.from({ length: bins }, () => ({ w: 0, p: 0, y: 0 }));
  ps.forEach((p, k) => {
    const b = acc[Math.min(bins - 1, Math.floor(p * bins))];
    const w = ys[k] ? wPos : wNeg;
    b.w += w;
    b.p += w * p;
    b.y += w * ys[k];
  });
  const total = acc.reduce((a, b) => a + b.w, 0);
  return total === 0 ? 0 : acc.reduce((a, b) => a + Math.abs(b.p - b.y), 0) / total;
}
