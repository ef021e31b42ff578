/**
 * Repairs a misparse a learner's comma causes: "The main reason for my decision, was the cost" comes out with "reason"
 * as the root and "was the cost" as its apposition ("The best thing about my city, is the food": its parataxis). The
 * parser learned from EWT that a noun phrase, a comma and another phrase is an apposition or a juxtaposed fragment,
 * and EWT has few subjects followed by a comma.
 *
 * The repair reads a grammatical impossibility in the tree: an apposition or a juxtaposed fragment that begins with a
 * finite copula of its own is a finite clause, and a finite clause has a subject. With no subject, coordinator or
 * subordinator of its own, and the noun phrase that opens the sentence right before its comma, that noun phrase is
 * its subject: the predicate becomes the root and the noun phrase its `nsubj`. The tree stays projective (the noun
 * phrase's span ends at the comma, the predicate's starts after it).
 */
import { TreeWord } from '../data/depunct';
import { treeInfo } from '../data/treeInfo';
import { FINITE_TAGS, opensSentenceAsNoun } from './relativeClauseRepair';

/** The repair's name in the parser's version (bump when it changes what it returns). */
export const COPULAR_SUBJECT_REPAIR = 'copsubj1';

/** Relations the parser gives the copular predicate in this misparse. */
const MISREAD = /^(appos|parataxis)$/;
/** Dependents that give a clause its own subject, or link it as a coordinate or subordinate one. */
const LINKED = /^(nsubj|csubj|expl|cc|mark)/;

/** The tree with the misparse above repaired; the same array when nothing matched. */
export function repairCopularSubjects(words: readonly TreeWord[], slots: readonly (readonly string[])[]): TreeWord[] {
  const r = words.findIndex((w) => w.head === 0) + 1;
  if (r === 0 || !['NOUN', 'PROPN'].includes(words[r - 1].upos)) return words as TreeWord[];
  // Most sentences have no apposition or parataxis on a nominal root: the shape is cheap to rule out before building it.
  if (!words.some((w, i) => w.head === r && i + 1 > r && MISREAD.test(w.deprel))) return words as TreeWord[];
  const t = treeInfo({ words });
  const kids = t.children[r];
  const p = kids[kids.length - 1];
  if (p < r || !MISREAD.test(words[p - 1].deprel) || !opensSentenceAsNoun(words, t, r)) return words as TreeWord[];
  const [a] = t.span[p];
  const comma = a - 1;
  const cop = t.children[p][0];
  const copular = cop === a && words[cop - 1].deprel === 'cop' && FINITE_TAGS.has(words[cop - 1].xpos);
  const lone = slots[comma]?.length === 1 && slots[comma][0] === ',';
  if (!copular || !lone || t.children[p].some((c) => LINKED.test(words[c - 1].deprel))) return words as TreeWord[];
  const out = words.slice();
  out[p - 1] = { ...out[p - 1], head: 0, deprel: 'root' };
  out[r - 1] = { ...out[r - 1], head: p, deprel: 'nsubj' };
  return out;
}
