/**
 * The comma that closes an appositive after a named subject (Quirk et al. 17.65, "nonrestrictive apposition"): the
 * writer names the subject, opens an appositive that says who the person is with a comma or a dash, and closes it with
 * a comma before the verb ("Masoud Shojai, head of the association and the fair organizer, said"; "Holly - the
 * owner, knows exactly how …"). A comma-robust parse reads the appositive's noun as the subject and the closing comma
 * as one between a subject and its verb; it is a convention, not an error. A learner's comma after a subject with no
 * name and opening mark before it ("The owner of the shop, knows …") has nothing to close and stays a candidate.
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';
import { FINITE_VERB_TAGS } from '../../guards/deletionGuards';

/** Marks that open an appositive after a name: a comma, or a dash (ASCII hyphen spaced, or an em/en dash). */
const OPENERS = new Set([',', '-', '—']);

/** The longest appositive read between the opening mark and the closing comma, in words. */
const MAX_APPOSITIVE_WORDS = 15;

/** Tags an appositive noun phrase may not contain: a verb or a clause marker would make it a clause of its own. */
const CLAUSAL = new Set(['VERB', 'AUX', 'SCONJ', 'PRON']);

/** Marks a noun phrase may hold inside it (quotes around a name, a possessive's apostrophe is a word). */
const INNER_MARKS = new Set(['“', '”', '‘', '’']);

const isName = (w: TreeWord) => w.upos === 'PROPN';

/** Slot i holds a comma that closes an appositive opened after the named subject of the verb that follows. */
export function namedSubjectAppositiveAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 3 || i >= words.length || !tree.slots[i].includes(',')) return false;
  if (!FINITE_VERB_TAGS.has(words[i].xpos)) return false;
  for (let j = i - 1; j >= Math.max(1, i - MAX_APPOSITIVE_WORDS); j--) {
    const slot = tree.slots[j];
    if (slot.length === 0) {
      if (CLAUSAL.has(words[j].upos) && words[j].xpos !== 'PRP$') return false;
      continue;
    }
    if (!slot.some((m) => OPENERS.has(m))) {
      if (slot.every((m) => INNER_MARKS.has(m)) && !CLAUSAL.has(words[j].upos)) continue;
      return false;
    }
    // The opening mark: a name right before it that opens its clause (the sentence's start, or after a mark).
    if (slot.length !== 1 || !isName(words[j - 1])) return false;
    let k = j - 1;
    while (k > 0 && isName(words[k - 1]) && tree.slots[k].length === 0) k--;
    const opensClause = k === 0 || tree.slots[k].length > 0;
    // The appositive begins with a noun phrase's first word, not a verb or a clause ("Holly, I think, knows" is
    // a comment clause's business).
    return opensClause && i - j >= 1 && ['DET', 'NOUN', 'ADJ', 'PROPN', 'NUM'].includes(words[j].upos);
  }
  return false;
}
