/**
 * What the engine needs to know about one analysed sentence: its tokens with offsets into the linted text, the
 * unpunctuated tree T and the surface punctuation per slot, and which token carries each word and each slot entry.
 *
 * This is the shape of the parser's `ParsedSentence` (server/src/parser); it is restated here so that the engine can
 * be driven by gold treebank trees too (the oracle row of the benchmark) without depending on the parser.
 */
import { PunctuatedTree } from '../data/depunct';

export interface AnalysedToken {
  text: string;
  /** UTF-16 offsets into the linted text. */
  start: number;
  end: number;
  /** A punctuation token (part of a slot) rather than a word. */
  punct: boolean;
}

export interface AnalysedSentence {
  start: number;
  end: number;
  tokens: AnalysedToken[];
  tree: PunctuatedTree;
  /** Token index of each word (words of one multiword token share it). */
  wordTokens: number[];
  /** Token index of each slot entry; for the abbreviation dot, the word's own token. */
  slotTokens: number[][];
  /** What the parser noted (its `SentenceNote`): a piece of a sentence too long to parse whole, mostly non-Latin text. */
  notes?: ('split-long' | 'not-english')[];
}

/**
 * The tree of a sentence read again with a comma written at each of the given slots (slot i lies after word i), or
 * undefined when that cannot be done (gold trees, a slot inside a written word).
 */
export type Reparse = (s: AnalysedSentence, commasAt: readonly number[]) => PunctuatedTree | undefined;

/** One mark of a slot as the engine edits it: its normalised form and the text it is written with. */
export interface SlotMark {
  norm: string;
  text: string;
}

/** Character range of slot i: from the end of word i's token to the start of word i+1's token. */
export function slotRegion(s: AnalysedSentence, i: number): { start: number; end: number } {
  const n = s.tree.words.length;
  const start = i === 0 ? s.start : s.tokens[s.wordTokens[i - 1]].end;
  const end = i === n ? s.end : s.tokens[s.wordTokens[i]].start;
  // Punctuation before the first word or after the last one may lie outside [s.start, s.end) if the splitter
  // trimmed it; widen to cover every slot token.
  let a = start;
  let b = Math.max(start, end);
  for (const t of s.slotTokens[i] ?? []) {
    const tok = s.tokens[t];
    if (!tok.punct) continue;
    a = Math.min(a, tok.start);
    b = Math.max(b, tok.end);
  }
  return { start: a, end: b };
}

/** The marks of slot i with their written text (the abbreviation dot, written inside its word, is left out). */
export function slotMarks(s: AnalysedSentence, i: number): SlotMark[] {
  const out: SlotMark[] = [];
  const toks = s.slotTokens[i] ?? [];
  s.tree.slots[i].forEach((norm, j) => {
    const tok = s.tokens[toks[j]];
    if (!tok || !tok.punct) return;
    out.push({ norm, text: tok.text });
  });
  return out;
}
