/**
 * How much the paragraph around an edit reads like running prose, from its token statistics alone. The model was
 * trained on prose; on text far from it (ASCII art, a man page's telegraphic option list, a table laid out with
 * spaces) its confident findings are often wrong, and `--fix` reflowed ASCII art (issue 36). The score is the share of
 * the paragraph's whitespace-delimited tokens that are words of prose (letters, with their punctuation, not
 * code-like), times the share of its lines that are not laid out in columns (a run of 3+ spaces inside the line, as
 * art, tables and option lists have); prose scores near 1, art near 0. `--fix` applies a fix only in a paragraph at
 * or above `MIN_PROSE_LIKENESS` (measured: BENCHMARKS, "Fixes that are right").
 */
import { isCodeLikeToken } from './codeLikeTokens';

/** Lines looked at on each side of the edit, at most (a budget: a paragraph can be a whole file). */
const MAX_LINES = 12;

/** The lines of the paragraph (between blank lines) around offset `at`, at most `MAX_LINES` on each side. */
export function paragraphAround(text: string, at: number): string[] {
  const lineStart = text.lastIndexOf('\n', Math.max(0, at - 1)) + 1;
  const nextBreak = text.indexOf('\n', at);
  const lineEnd = nextBreak < 0 ? text.length : nextBreak;
  const lines = [text.slice(lineStart, lineEnd)];
  for (let i = 0, s = lineStart; i < MAX_LINES && s > 0; i++) {
    const prevStart = text.lastIndexOf('\n', s - 2) + 1;
    const line = text.slice(prevStart, s - 1);
    if (line.trim() === '') break;
    lines.unshift(line);
    s = prevStart;
  }
  for (let i = 0, e = lineEnd; i < MAX_LINES && e < text.length; i++) {
    const next = text.indexOf('\n', e + 1);
    const line = text.slice(e + 1, next < 0 ? text.length : next);
    if (line.trim() === '') break;
    lines.push(line);
    e = next < 0 ? text.length : next;
  }
  return lines;
}

function isProseWord(token: string): boolean {
  return /\p{L}/u.test(token) && !isCodeLikeToken(token);
}

/** A line laid out in columns: three or more spaces (or a tab) between two of its non-space characters. */
function isColumnar(line: string): boolean {
  return /\S(?: {3,}|\t)\S/u.test(line);
}

/** The prose-likeness (0–1) of the paragraph `lines`. */
export function proseLikenessOf(lines: readonly string[]): number {
  const tokens = lines.flatMap((l) => l.split(/\s+/u)).filter((t) => t !== '');
  const content = lines.filter((l) => l.trim() !== '');
  if (tokens.length === 0 || content.length === 0) return 0;
  const words = tokens.filter(isProseWord).length / tokens.length;
  const flowing = content.filter((l) => !isColumnar(l)).length / content.length;
  return words * flowing;
}

/** The prose-likeness of the paragraph around offset `at` of `text`. */
export function proseLikenessAt(text: string, at: number): number {
  return proseLikenessOf(paragraphAround(text, at));
}
