/**
 * The set-off comma model's answer at a sentence's candidates (`engine/setOffCommas/`), for the learned scorer's
 * features: for each non-restrictive relative clause, apposition or fronted phrase that may lack its commas, the slots
 * a comma would be written at and P(an editor wrote them). The candidates are the ones the calibrated decision asks the
 * model about, trial parses included (`candidatesWithTrials`, given `reparse`), so the scorer reads the probability the
 * model was trained to give. Read only through the model's public API, so a refit of that model
 * (`npm run train:set-off-commas`) needs no change here, only the scorer's refit.
 */
import { AnalysedSentence, Reparse } from '../../sentence';
import { TreeInfo } from '../../treeInfo';
import { SetOffKind } from '../../setOffCommas/candidates';
import { setOffFeatures } from '../../setOffCommas/features';
import { SetOffCommasModel, setOffProbability } from '../../setOffCommas/model';
import { candidatesWithTrials, trialFeatures } from '../../setOffCommas/trialCandidates';

export interface SetOffAnswer {
  kind: SetOffKind;
  /** The slots the commas would be written at (1 or 2, ascending). */
  slots: readonly number[];
  /** P(an editor wrote the commas at those slots), calibrated to writers' error rate. */
  p: number;
}

export function setOffProbabilities(s: AnalysedSentence, info: TreeInfo, model: SetOffCommasModel, reparse?: Reparse): SetOffAnswer[] {
  if (s.tree.words.length === 0) return [];
  return candidatesWithTrials(s, info, reparse).map((r) => ({
    kind: r.c.kind,
    slots: r.c.slots,
    p: setOffProbability(model, [...setOffFeatures(r.s, r.info, r.c), ...trialFeatures(r)]),
  }));
}

/**
 * What the set-off model says about a candidate edit's slots: the most probable of its answers that shares a slot with
 * them, and whether that answer's slots are exactly the edit's (a pair decided as a pair, or the one missing comma).
 */
export function setOffAt(answers: readonly SetOffAnswer[], slots: readonly number[]): { answer: SetOffAnswer; same: boolean } | undefined {
  let best: SetOffAnswer | undefined;
  for (const a of answers) if (a.slots.some((i) => slots.includes(i)) && (!best || a.p > best.p)) best = a;
  if (!best) return undefined;
  return { answer: best, same: best.slots.length === slots.length && best.slots.every((i) => slots.includes(i)) };
}
