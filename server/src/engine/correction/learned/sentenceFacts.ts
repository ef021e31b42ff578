/**
 * What the learned scorer's features read of a whole sentence, the same for each of its candidates: the signs of its
 * writer's register and the commas written in it (`emitCandidateFeatures`; a sink may keep them for the sentence's
 * other candidates, `FeatureSink.sentence`).
 */
import type { AnalysedSentence } from '../../sentence';

export interface SentenceFacts {
  register: readonly string[];
  commas: number;
}

/** The sentence's facts. */
export function sentenceFacts(s: AnalysedSentence): SentenceFacts {
  return { register: registerFeatures(s), commas: writtenCommas(s) };
}

/** Signs of the writer's register in the sentence as written (`candidateFeatures`). */
export function registerFeatures(s: AnalysedSentence): string[] {
  const words = s.tree.words;
  const out: string[] = [];
  if (words.length === 0) return out;
  if (/^\p{Ll}/u.test(words[0].form)) out.push('reg:lowerStart');
  if (words.some((w) => w.form === 'i')) out.push('reg:lowerI');
  const last = s.tree.slots[words.length] ?? [];
  if (!last.some((m) => m === '.' || m === '?' || m === '!' || m === '...' || m === '?!')) out.push('reg:noFinalMark');
  return out;
}

/** The commas written in the sentence. */
function writtenCommas(s: AnalysedSentence): number {
  let k = 0;
  for (const marks of s.tree.slots) for (const m of marks) if (m === ',') k++;
  return k;
}
