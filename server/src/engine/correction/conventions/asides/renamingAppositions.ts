/**
 * An appositive noun phrase after a complete clause that renames what the clause ends with (Quirk et al. 17.65–17.72,
 * "apposition"; CGEL "supplementary appositives"): the writer repeats its head noun ("all the letter we need, a letter
 * written on your heart"), takes it up with "one" and a relative clause ("another equation emerged, one which would
 * …"), or adds a second predicate noun after a copula's ("Courage is resistance to fear, mastery of fear"). Such an
 * appositive is set off by a comma; a comma-robust parse reads it as the verb's object or a stray noun, and the comma
 * looks like one between a verb and its object. A learner's object after a comma ("I need, a letter") renames nothing
 * before it and stays a candidate.
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';
import { clauseStartBefore, COPULA_FORMS } from '../../guards/clauseSpan';
import { FINITE_VERB_TAGS } from '../../guards/deletionGuards';

/** Tags that may come before a noun phrase's head: determiners, numbers, adjectives. */
const PREMODIFIERS = new Set(['DET', 'NUM', 'ADJ']);

/** The index (0-based) of the head of the noun phrase that opens at word k: past its determiners and adjectives. */
function headFrom(words: TreeWord[], k: number): number {
  while (k < words.length && (PREMODIFIERS.has(words[k].upos) || words[k].xpos === 'PRP$')) k++;
  return k;
}

const isVerb = (w: TreeWord) => w.upos === 'VERB' || w.upos === 'AUX';

/** Slot i holds the comma before an appositive that renames the end of the clause before it. */
export function renamingAppositionAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  const n = words.length;
  if (i < 2 || i >= n || !tree.slots[i].includes(',')) return false;
  const h = headFrom(words, i);
  if (h >= n || (h > i && tree.slots.slice(i + 1, h + 1).some((m) => m.length > 0))) return false;
  const head = words[h];
  const start = clauseStartBefore(tree, i);
  const before = words.slice(start, i);
  // "one which …", "one that …": the pro-form takes up the noun phrase before, its relative clause says more.
  // ("one" is tagged a number, so it is looked for at the phrase's first word as well as at its head.)
  for (const k of [i, h]) {
    const relative = k + 1 < n && tree.slots[k + 1].length === 0 && (['WDT', 'WP'].includes(words[k + 1].xpos) || words[k + 1].form.toLowerCase() === 'that');
    if (k < n && words[k].form.toLowerCase() === 'one' && relative) return true;
  }
  if (head.upos !== 'NOUN') return false;
  // The head after the comma is no subject of a new clause ("…, the car is broken").
  if (h + 1 < n && tree.slots[h + 1].length === 0 && FINITE_VERB_TAGS.has(words[h + 1].xpos)) return false;
  // A repeated head noun: "the letter we need, a letter written …".
  if (h > i && before.some((w) => w.upos === 'NOUN' && w.form.toLowerCase() === head.form.toLowerCase())) return true;
  // A second predicate noun: a copula, then only its noun phrase up to the comma, ending in a noun.
  // A coordinator after the copula opens a new clause, whose subject the comma then follows ("Food is awful and the
  // place, caters …", with "caters" tagged a noun): a subject–verb comma.
  const copula = before.findIndex((w) => w.upos === 'AUX' && COPULA_FORMS.has(w.form.toLowerCase()));
  if (copula < 0 || words[i - 1].upos !== 'NOUN') return false;
  return !before.slice(copula + 1).some((w) => isVerb(w) || w.upos === 'CCONJ');
}
