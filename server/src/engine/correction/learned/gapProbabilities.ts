/**
 * The comma-gap model's answer at every gap of a sentence as written (`engine/commaGaps/`), for the learned scorer's
 * features: P(a comma is missing here) at an empty gap, P(the written comma is stray) at a gap holding one, NaN where
 * the model asks nothing (inside a word, at a gap with other marks). Read only through the model's public API, so a
 * refit of that model (`npm run train:comma-gaps`) needs no change here, only the scorer's refit.
 */
import { AnalysedSentence } from '../../sentence';
import { TreeInfo } from '../../treeInfo';
import { gapHead } from '../../commaGaps/features';
import { gapView } from '../../commaGaps/findings';
import { CommaGapsModel, gapProbabilityAt } from '../../commaGaps/model';

export function gapProbabilities(s: AnalysedSentence, info: TreeInfo, model: CommaGapsModel, prior?: Float64Array): Float64Array {
  const n = s.tree.words.length;
  const out = new Float64Array(n + 1).fill(NaN);
  // The sentence's one gap view: the comma-gap findings ask the same gaps of it, and its answers are kept.
  const g = gapView(s, prior, info);
  for (let i = 1; i < n; i++) {
    const head = gapHead(s, i);
    if (head) out[i] = gapProbabilityAt(model, g, i, head);
  }
  return out;
}
