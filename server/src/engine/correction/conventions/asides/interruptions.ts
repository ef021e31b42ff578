/**
 * The closing comma of an interruption: a phrase or clause that breaks into its host clause between two commas and
 * opens with a word that announces an aside — a preposition ("I have no right, by anything I say, to …"), "not" ("It
 * may worsen, not ease, the problem"), a coordinator with a focusing adverb ("we can foresee, and even prove, that
 * …"), or an adverb with a subordinator ("A guest, especially if he is late, should …"). Parenthetical commas come in
 * pairs (Quirk et al. 15.55; CMOS 6.22 for the contrasting "not" phrase): deleting the closing one alone leaves the
 * opening one unpaired. A comma-robust parse reads the aside into the clause, so the closing comma looks like one
 * between the subject or verb and what follows. `closesAsideAt` (deletionGuards.ts) judges subject–verb commas after
 * any aside up to eight words; this one judges any comma after an aside its first word announces.
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';

/** Words an interruption between two commas runs to at most ("especially if she had the misfortune of knowing anything"). */
const INTERRUPTION_MAX_WORDS = 12;

/** Focusing and degree adverbs that, after a coordinator, make an added conjunct an aside ("and even", "or perhaps"). */
const FOCUSING = new Set(['even', 'especially', 'perhaps', 'possibly', 'maybe', 'indeed', 'not', 'also', 'above', 'particularly', 'rather']);

/** Whether the words from k (0-based) open an interruption. */
function opensInterruption(words: TreeWord[], k: number): boolean {
  const [a, b] = [words[k], words[k + 1]];
  if (b === undefined) return false;
  const lower = a.form.toLowerCase();
  if (a.upos === 'ADP' && lower !== 'of') return true; // "of" continues a noun phrase ("most, of the time")
  if (lower === 'not') return true;
  if (a.upos === 'CCONJ') return FOCUSING.has(b.form.toLowerCase());
  return a.upos === 'ADV' && (b.upos === 'SCONJ' || b.upos === 'ADP');
}

/**
 * Slot i holds the comma that closes an interruption: the nearest marked slot before it holds a comma alone, two to
 * `INTERRUPTION_MAX_WORDS` words back, the words after that comma open an interruption, and words follow slot i (the
 * host clause goes on). A learner's subject–verb comma after a fronted opener ("When I came home, my brother, was
 * asleep") has a subject, not an aside, after the first comma, and stays a candidate.
 */
export function interruptionCloseAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 3 || i >= words.length || !tree.slots[i].includes(',')) return false;
  let j = i - 1;
  while (j >= 1 && tree.slots[j].length === 0) j--;
  if (j < 1 || i - j < 2 || i - j > INTERRUPTION_MAX_WORDS || tree.slots[j].length !== 1 || tree.slots[j][0] !== ',') return false;
  return opensInterruption(words, j);
}
