/**
 * Which constituent an edit means: the one whose words are exactly a selected range or a quoted phrase, or, at a
 * cursor, the largest constituent around it that a writer deletes or moves as a unit (a modifier, not an argument).
 */
import { projectiveTree } from '../../model/projective';
import { AnalysedSentence } from '../sentence';

/** Relations of constituents that can go without breaking the sentence's grammar (UD, subtypes included by prefix). */
const REMOVABLE = ['appos', 'acl', 'advcl', 'advmod', 'obl', 'nmod', 'parataxis', 'discourse', 'vocative', 'dislocated', 'amod', 'conj'];

export function removable(deprel: string): boolean {
  return REMOVABLE.includes(deprel.split(':')[0]);
}

/** Words (1-based) whose tokens overlap [start, end). */
function wordsIn(s: AnalysedSentence, start: number, end: number): number[] {
  const out: number[] = [];
  s.wordTokens.forEach((t, k) => {
    const tok = s.tokens[t];
    if (tok.start < end && tok.end > start) out.push(k + 1);
  });
  return out;
}

/**
 * The head of the constituent whose words are exactly those the range [start, end) touches; undefined if none is, or
 * if the range starts or ends inside a word: `a doc` of `a doctor` selects no constituent, and deleting or moving the
 * whole of `a doctor` would not be the edit the writer selected.
 */
export function constituentOfRange(s: AnalysedSentence, start: number, end: number): number | undefined {
  const cutsWord = s.wordTokens.some((t) => {
    const tok = s.tokens[t];
    return (start > tok.start && start < tok.end) || (end > tok.start && end < tok.end);
  });
  if (cutsWord) return undefined;
  const words = wordsIn(s, start, end);
  if (words.length === 0) return undefined;
  const a = words[0], b = words[words.length - 1];
  const info = projectiveTree(s.tree);
  for (let w = 1; w <= info.n; w++) if (info.head(w) !== 0 && info.lo[w] === a && info.hi[w] === b) return w;
  return undefined;
}

/** The head of the largest removable constituent around the word at `offset` (not the whole sentence). */
export function constituentAt(s: AnalysedSentence, offset: number): number | undefined {
  let word = wordsIn(s, offset, offset + 1)[0] ?? wordsIn(s, offset - 1, offset)[0];
  if (word === undefined) return undefined;
  const info = projectiveTree(s.tree);
  let found: number | undefined;
  for (let w = word; w !== 0; w = info.head(w)) if (info.head(w) !== 0 && removable(s.tree.words[w - 1].deprel)) found = w;
  return found;
}

/** The constituent spelled by `phrase` in the sentence (its first occurrence), as in `puncteme explain --delete "phrase"`. */
export function constituentOfPhrase(text: string, s: AnalysedSentence, phrase: string): number | undefined {
  const at = text.slice(s.start, s.end).indexOf(phrase.trim());
  if (at < 0 || phrase.trim() === '') return undefined;
  return constituentOfRange(s, s.start + at, s.start + at + phrase.trim().length);
}
