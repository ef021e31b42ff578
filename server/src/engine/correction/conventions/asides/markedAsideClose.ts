/**
 * The comma that closes an aside an appositive marker opened inside the sentence: "In some cases, such as a quoted
 * line, the parser needs …", "Several animals, including the old dog, were …". The marker's comma opens a
 * supplementary aside (`appositiveMarkers.ts` keeps that one), and parenthetical commas come in pairs (Quirk et al.
 * 15.55; CMOS 6.22): deleting the closing one leaves the aside running into the host clause. A comma-robust parse reads
 * the aside's last noun as the subject of the verb after it, and the closing comma looks like one between a subject
 * and its verb. A learner's comma after a subject that the marker's phrase ends ("Animals such as dogs, are …") has
 * no comma before the marker and stays a candidate.
 */
import { PunctuatedTree } from '../../../../data/depunct';
import { appositiveMarkerCommaAt } from './appositiveMarkers';
import { FINITE_VERB_TAGS } from '../../guards/deletionGuards';
import { commaAlone } from '../../guards/commaAlone';

/** Words a marked aside runs to at most, the marker included ("such as a quoted line or a list item"). */
const MARKED_ASIDE_MAX_WORDS = 10;

/**
 * Slot i holds a comma alone, words follow it, and the last marked slot before it, two to `MARKED_ASIDE_MAX_WORDS`
 * words back, holds a comma alone that an appositive marker follows; the aside between is complete and the host
 * resumes after it.
 */
export function markedAsideCloseAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 3 || i >= words.length || !commaAlone(tree, i)) return false;
  let j = i - 1;
  while (j >= 1 && tree.slots[j].length === 0) j--;
  if (!(j >= 1 && i - j >= 2 && i - j <= MARKED_ASIDE_MAX_WORDS && commaAlone(tree, j) && appositiveMarkerCommaAt(tree, j))) return false;
  // The aside is complete (it ends on a noun phrase's last word) and the host clause resumes after it, with its verb
  // or, after an opener, its subject: a comma inside the aside ("including 4, Iraqi soldiers", "including a group,
  // of police trainees") is a learner's.
  const [last, next] = [words[i - 1], words[i]];
  // The aside is a noun phrase (examples named): no verb or subordinator in it, whose clause a comma could split
  // ("especially when some databases, are …").
  const aside = words.slice(words[j].xpos === 'VBG' ? j + 1 : j, i); // "including" is a marker, though tagged a verb
  if (aside.some((w) => w.upos === 'VERB' || w.upos === 'AUX' || w.upos === 'SCONJ' || w.xpos === 'WRB')) return false;
  const complete = ['NOUN', 'PROPN', 'NUM', 'PRON', 'X', 'SYM'].includes(last.upos) && last.xpos !== 'WP' && last.xpos !== 'WDT';
  // A relative pronoun after the comma opens a relative clause on the aside's noun ("including two children, who …").
  const relative = next.xpos === 'WP' || next.xpos === 'WDT';
  const resumes = !relative && (FINITE_VERB_TAGS.has(next.xpos) || ['DET', 'PRON'].includes(next.upos) || (next.upos === 'PROPN' && last.upos !== 'PROPN'));
  return complete && resumes;
}
