/**
 * Appositive and exemplifying markers: "such as", "including", "especially", "namely", "for example", "as in", "i.e."
 * open a supplementary phrase that names or illustrates what comes before it (Quirk et al. 17.77–17.80, "appositive
 * indicators"). Whether it is set off is the writer's choice of a non-restrictive reading ("some of them, such as X,
 * are …" vs "cities such as X are …"), so the comma before the marker is never one between a subject and its verb,
 * nor a stray one; a comma-robust parse reads the phrase into the clause and the comma then looks spurious.
 */
import { PunctuatedTree } from '../../../../data/depunct';

/** The markers, as word sequences (lower case). */
const MARKERS: string[][] = [
  ['such', 'as'], ['including'], ['especially'], ['particularly'], ['notably'], ['namely'], ['e.g'], ['i.e'], ['eg'],
  ['ie'], ['for', 'example'], ['for', 'instance'], ['as', 'in'], ['in', 'particular'],
];

/** Slot i holds a comma right before an appositive or exemplifying marker. */
export function appositiveMarkerCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i >= words.length || !tree.slots[i].includes(',')) return false;
  return MARKERS.some((m) => m.every((w, k) => i + k < words.length && words[i + k].form.toLowerCase() === w && (k === 0 || tree.slots[i + k].length === 0)));
}

/** "that is" and "that is to say" as the marker "i.e." spelled out. */
const SPELLED_MARKERS: string[][] = [['that', 'is', 'to', 'say'], ['that', 'is']];

/**
 * Slot i holds the comma after "that is" (or "that is to say") where it follows a mark or opens the sentence: the
 * marker "i.e." spelled out ("… chainable; that is, when setting …"), which a comma follows as it does "i.e.", not
 * the clause "that is" ("that is, I think, true" has no mark before it). Session 10, Debian's package descriptions.
 */
export function spelledMarkerCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (!tree.slots[i]?.includes(',')) return false;
  return SPELLED_MARKERS.some((m) => {
    const s = i - m.length;
    if (s < 0 || !m.every((w, k) => words[s + k].form.toLowerCase() === w && (k === 0 || tree.slots[s + k].length === 0))) return false;
    return s === 0 || tree.slots[s].some((mark) => /^[;,:(\u2013\u2014-]/.test(mark));
  });
}
