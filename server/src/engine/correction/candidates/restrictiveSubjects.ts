/**
 * A comma a relative clause's grammar settles, whatever a writer's habit (CGEL 12.4.2; Quirk et al. 17.22): a
 * restrictive relative clause is part of its noun phrase and takes no comma, so a comma between a subject that ends in
 * one and the subject's verb is an error — the one learners make most with long subjects ("The man who lives next
 * door, is a doctor"). EWT's writers make it too, and a comma after a relative clause usually closes a pair there, so
 * the model's Δ for deleting it is small and the error model fitted on EWT never reaches its threshold (BENCHMARKS,
 * sessions 9 and 14); the candidate is decided as a convention of edited prose (`conventionKinds.ts`). After a clause
 * that may be supplementary ("which" after a noun), the lone comma is just as wrong — a relative clause has commas on
 * both sides or on neither — but the repair is in doubt, so both are candidates and the model chooses.
 */
import { PunctuatedTree, TreeWord } from '../../../data/depunct';
import { TreeInfo } from '../../treeInfo';
import { isWhRelative } from '../conventions/asides';

/** Variant of a subject–verb comma deletion after a restrictive relative clause (`restrictiveSubjectAt`). */
export const RESTRICTIVE_SUBJECT = 'restrictive-subject';
/** Variant of the two repairs of a lone comma after a clause that may be supplementary (`loneRelativeCommaAt`). */
export const LONE_RELATIVE = 'lone-relative';

/** The wh-relative that opens the relative clause `r` (first word, or after its preposition: "in which"), if any. */
function openingWhRelative(tree: PunctuatedTree, info: TreeInfo, r: number): TreeWord | undefined {
  const [a] = info.span[r];
  const first = tree.words[a - 1];
  if (isWhRelative(first)) return first;
  return first.upos === 'ADP' && isWhRelative(tree.words[a]) ? tree.words[a] : undefined;
}

/**
 * The relative clause that slot i closes where it ends a subject before that subject's verb, when the clause is
 * restrictive by its form and nothing opened it: introduced by "that", reduced ("the house we rented"), or by "who",
 * "whom" or "whose" after a common noun or a pronoun with no possessive ("the girl who sits next to me", "anyone who
 * wants to join"), with no comma at its left edge. Undefined elsewhere. On EWT train such a "who" clause is written
 * without commas 185 times against 8 with them (after a possessive 5 against 2); a "which" clause after a common noun
 * 76 times against 54 (so "which" is left out: a comma after it may as well close a clause whose opening comma was
 * dropped). `hasComma(j)`: slot j holds a comma as written.
 */
export function restrictiveSubjectAt(tree: PunctuatedTree, info: TreeInfo, i: number, hasComma: (j: number) => boolean): number | undefined {
  const found = relativeSubjectCommaAt(tree, info, i, hasComma);
  return found?.restrictive ? found.clause : undefined;
}

/**
 * The wh-relative clause that slot i closes where it ends a subject before its verb, with no comma at its left edge,
 * when the clause may as well be supplementary ("which" after a common noun; any wh-relative after a possessive or a
 * name: `restrictiveSubjectAt` takes the rest). The sentence is wrong as written either way — a relative clause is set
 * off on both sides or on neither — but the repair is in doubt: the comma goes, or the opening one is added.
 */
export function loneRelativeCommaAt(tree: PunctuatedTree, info: TreeInfo, i: number, hasComma: (j: number) => boolean): number | undefined {
  const found = relativeSubjectCommaAt(tree, info, i, hasComma);
  return found && !found.restrictive ? found.clause : undefined;
}

/**
 * A relative clause with no comma at its left edge that slot i closes where it ends a subject before its verb, and
 * whether it is restrictive by its form (`restrictiveSubjectAt`) or may be supplementary (`loneRelativeCommaAt`).
 */
export function relativeSubjectCommaAt(tree: PunctuatedTree, info: TreeInfo, i: number, hasComma: (j: number) => boolean): { clause: number; restrictive: boolean } | undefined {
  for (let r = 1; r <= info.n; r++) {
    if (info.rel(r) !== 'acl:relcl' || info.span[r][1] !== i || hasComma(info.span[r][0] - 1)) continue;
    // The subject whose phrase the clause ends: the antecedent or a word above it, its phrase ending at the slot.
    const w = subjectAbove(info, r, (x) => info.span[x][1] === i);
    if (w === 0 || info.head(w) <= i || !meetsItsVerb(info, w, i)) continue;
    const wh = openingWhRelative(tree, info, r);
    return { clause: r, restrictive: !wh || restrictiveWho(tree, info, wh, info.head(r)) };
  }
  return undefined;
}

/** The nearest subject (nsubj, csubj) above word x whose way up stays where `within` holds, or 0. */
export function subjectAbove(info: TreeInfo, x: number, within: (w: number) => boolean = () => true): number {
  let w = info.head(x);
  while (w !== 0 && within(w) && info.base(w) !== 'nsubj' && info.base(w) !== 'csubj') w = info.head(w);
  return w !== 0 && within(w) ? w : 0;
}

/** A "who"-type relative after an antecedent it restricts: a common noun or pronoun, not possessed. */
function restrictiveWho(tree: PunctuatedTree, info: TreeInfo, wh: TreeWord, antecedent: number): boolean {
  if (!['who', 'whom', 'whose'].includes(wh.form.toLowerCase())) return false;
  if (!['NOUN', 'PRON'].includes(tree.words[antecedent - 1].upos)) return false;
  return !info.children[antecedent].some((c) => info.rel(c) === 'nmod:poss');
}

/**
 * The subject w meets its predicate right after slot i (the predicate, or its auxiliary, copula or adverb, comes
 * next), and the predicate has no other subject: after "…, and", "…, whose" the comma belongs to a coordination or
 * another clause, and a predicate with two subjects ("those that don't love us, may God turn their hearts") is a
 * misparse of a fronted phrase.
 */
export function meetsItsVerb(info: TreeInfo, w: number, i: number): boolean {
  const h = info.head(w);
  const next = i + 1;
  if (next !== h && !(info.head(next) === h && ['aux', 'cop', 'advmod'].includes(info.base(next)))) return false;
  return info.children[h].filter((c) => info.base(c) === 'nsubj' || info.base(c) === 'csubj').length === 1;
}
