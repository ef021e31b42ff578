/**
 * Appositive and exemplifying markers: "such as", "including", "especially", "namely", "for example", "as in", "i.e."
 * open a supplementary phrase that names or illustrates what comes before it (Quirk et al. 17.77–17.80, "appositive
 * indicators"). Whether it is set off is the writer's choice of a non-restrictive reading ("some of them, such as X,
 * are …" vs "cities such as X are …"), so the comma before the marker is never one between a subject and its verb,
 * nor a stray one; a comma-robust parse reads the phrase into the clause and the comma then looks spurious.
 */
import { PunctuatedTree } from '../../data/depunct';

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
