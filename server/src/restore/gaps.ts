/**
 * Where restoration may write: the slots between a sentence's words whose text, as the writer typed it, is only
 * whitespace. Everything else is the writer's and is kept as written: the inside of a word the tokenizer split
 * (`twenty-one`, `node_modules`, `don't`, `e.g`), slots that already hold marks (`(quietly)`), and code spans.
 */
import type { ParsedSentence } from '../parser';

export interface Gap {
  /** Whether marks may be inserted here. */
  free: boolean;
  /** Where marks that attach to the word before go (the end of the previous word; slot 0: the first word's start). */
  closeAt: number;
  /** Where marks that attach to the word after go (the start of the next word; the last slot: the last word's end). */
  openAt: number;
}

/** [start, end) spans of inline code (`` `x` ``, ``` ``x`` ```) and fenced code blocks, in which nothing is inserted. */
export function codeSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const m of text.matchAll(/^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^[ \t]*\1[^\n]*$|(?![\s\S]))/gm)) spans.push([m.index!, m.index! + m[0].length]);
  for (const m of text.matchAll(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g)) spans.push([m.index!, m.index! + m[0].length]);
  return spans;
}

/** The n + 1 slots of a parsed sentence of n words, in `text` (the string the sentence was parsed from). */
export function sentenceGaps(text: string, s: Pick<ParsedSentence, 'tokens' | 'wordTokens' | 'slotTokens'>, code: ReadonlyArray<[number, number]>): Gap[] {
  const n = s.wordTokens.length;
  const word = (i: number) => s.tokens[s.wordTokens[i]];
  const gaps: Gap[] = [];
  for (let i = 0; i <= n; i++) {
    const closeAt = i === 0 ? word(0).start : word(i - 1).end;
    const openAt = i === n ? word(n - 1).end : word(i).start;
    // A slot holding a mark the writer wrote (or an abbreviation dot, counted in the word's own token) is theirs.
    let free = (s.slotTokens[i] ?? []).length === 0;
    if (free && i > 0 && i < n) {
      const between = text.slice(closeAt, openAt);
      free = s.wordTokens[i - 1] !== s.wordTokens[i] && /^\s+$/.test(between);
    }
    // Nothing goes inside code.
    if (free && code.some(([from, to]) => from < closeAt && openAt < to)) free = false;
    gaps.push({ free, closeAt, openAt });
  }
  return gaps;
}
