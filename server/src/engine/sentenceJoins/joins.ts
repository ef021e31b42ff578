/**
 * Sentence ends inside one written sentence: slots where the writer put only a comma (a comma splice, "It was late,
 * we went home") or nothing at all (a fused sentence, "It was late we went home") and the sentence-join model
 * (`model.ts`) finds that an editor would have ended a sentence.
 *
 * The per-sentence decisions of `engine/correction/` see such a join as one long sentence and almost never find it
 * (held-out edited-english, corrupted: comma splice recall 0.027, fused sentence 0.000; journal, "Learned correction
 * scorer (issue 29)"). The restoration boundary model alone does not either: it leans on the capital that starts a
 * sentence, which a writer who joins two sentences does not write (on dev, at precision ≥ 0.9 it finds 0 of 300 splices
 * and 1 of 300 fused sentences; journal, "Comma splices, fused sentences, semicolons and colons"). Whether a slot is a
 * join is the model's call alone; nothing here is hand-written linguistics.
 */
import { AnalysedSentence, slotMarks } from '../sentence';
import { joinContext } from './features';
import { JoinModel, joinSlotProbability } from './model';

export type JoinKind = 'comma-splice' | 'fused-sentence';

export interface SentenceJoin {
  kind: JoinKind;
  /** The slot after word `slot` (1 … n−1). */
  slot: number;
  /** The model's P(an editor ended a sentence here). */
  p: number;
}

/**
 * Every slot of the sentence between two separately written words where the writer has only a comma or no mark at
 * all, with the model's probability of a sentence end there. Callers keep those at or above their threshold. With
 * `slots`, only the slots from `first` to `last` are asked (a caller that reports none outside them spares the model
 * the rest: each slot costs ~70 hashed features).
 */
export function sentenceJoins(s: AnalysedSentence, model: JoinModel, slots?: { first: number; last: number }): SentenceJoin[] {
  const n = s.tree.words.length;
  if (n < 2) return [];
  const ctx = joinContext(s.tree);
  const out: SentenceJoin[] = [];
  for (let i = Math.max(1, slots?.first ?? 1); i < n && i <= (slots?.last ?? n); i++) {
    if (s.wordTokens[i - 1] === s.wordTokens[i]) continue;
    const marks = slotMarks(s, i);
    // An abbreviation's dot ("etc.") is in the tree's slot but not among the written marks: not a fused join.
    if (s.tree.slots[i].length === 0) out.push({ kind: 'fused-sentence', slot: i, p: joinSlotProbability(model, s.tree, i, 'none', ctx) });
    else if (marks.length === 1 && marks[0].norm === ',' && s.tree.slots[i].length === 1)
      out.push({ kind: 'comma-splice', slot: i, p: joinSlotProbability(model, s.tree, i, ',', ctx) });
  }
  return out;
}
