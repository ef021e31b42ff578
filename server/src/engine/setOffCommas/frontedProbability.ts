/**
 * The set-off comma model's probability of a comma after the sentence's first i words, asked as one of its
 * fronted-phrase candidates (`candidates.ts`): undefined when the prefix is not one (not a run of whole subtrees
 * hanging on the main verb after it, the first an adverbial) or slot i is not empty. Other steps that report an
 * introductory comma read it as evidence that the prefix is a real fronted phrase (`correction/style/introductoryHabit.ts`).
 */
import { AnalysedSentence } from '../sentence';
import { TreeInfo } from '../treeInfo';
import { setOffCandidates } from './candidates';
import { setOffFeatures } from './features';
import { SetOffCommasModel, setOffProbability } from './model';

export function frontedCommaProbability(s: AnalysedSentence, info: TreeInfo, model: SetOffCommasModel, i: number): number | undefined {
  const c = setOffCandidates(s, info).find((x) => x.kind === 'introductory' && x.right === i);
  return c && setOffProbability(model, setOffFeatures(s, info, c));
}
