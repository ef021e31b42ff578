/**
 * From a sentence's surface tokens to what the tagger and parser read (words + normalised punctuation slots), and
 * back: which token each tree word and each slot mark came from. Normalisation is exactly `depunctuate()`'s: marks
 * through `normalisePunct`, and a word ending in an abbreviation dot (`etc.`) split into `etc` + ABBREV_DOT.
 */
import { splitAbbreviation } from '../data/depunct';
import { ABBREV_DOT, normalisePunct } from '../data/punctTokens';
import { SurfaceToken } from '../tokenize/token';
import { WordSequence } from './encoding';
import { QuotePairer } from './quoteSides';

export interface SlottedSentence extends WordSequence {
  wordTokens: number[];
  slotTokens: number[][];
}

export function slotSentence(tokens: readonly SurfaceToken[]): SlottedSentence {
  const forms: string[] = [];
  const wordTokens: number[] = [];
  const slots: string[][] = [[]];
  const slotTokens: number[][] = [[]];
  const quotes = new QuotePairer();
  tokens.forEach((t, k) => {
    if (t.punct) {
      const prev = tokens[k - 1];
      const next = tokens[k + 1];
      const side = quotes.side(t.text, {
        attachedBefore: prev !== undefined && prev.end === t.start,
        attachedAfter: next !== undefined && next.start === t.end,
        first: prev === undefined,
        last: next === undefined,
      });
      slots[slots.length - 1].push(normalisePunct(t.text, side));
      slotTokens[slotTokens.length - 1].push(k);
      return;
    }
    const { stem, dot } = splitAbbreviation(t.text);
    forms.push(stem);
    wordTokens.push(k);
    slots.push(dot ? [ABBREV_DOT] : []);
    slotTokens.push(dot ? [k] : []);
  });
  return { forms, slots, wordTokens, slotTokens };
}
