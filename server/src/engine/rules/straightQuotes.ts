/**
 * The straight double quote left open ("I didn't realize how much "stuff you could pack …"). A straight quote is
 * its own closer, so which one opens and which closes has to be read off its neighbours: an opener follows a space
 * (or the start, a bracket, a dash) and touches the next word; a closer touches the word before it and is followed by
 * a space or a mark. Only a paragraph with an odd number of them has one left open for sure (a quotation may run over
 * several sentences, but within a paragraph its quotes pair up), and only when this reading of every quote leaves
 * exactly one opener unclosed is that one reported, and only when its sentence is the paragraph's last: a quotation that
 * goes on past its sentence (dialogue, a quoted passage) may be closed in a later paragraph. An opener at the
 * paragraph's start is left alone too: a quotation of several paragraphs opens each of them and closes only the last,
 * which one block cannot see.
 */

/** A quote after a number and before a space or a mark is an inch or second mark (`1" thick`, `2.5"`), not a quotation mark. */
const INCH = /(^|\s)[\d.,/-]*\d$/;
const OPENS_BEFORE = /[\s([{\u2014\u2013\-/]/;
const CLOSES_AFTER = /[\s.,;:!?)\]}\u2014\u2013\-…]/;

type Side = 'open' | 'close' | 'inch' | 'unknown';

function sideOf(text: string, i: number, start: number, end: number): Side {
  const before = i > start ? text[i - 1] : '';
  const after = i + 1 < end ? text[i + 1] : '';
  const afterCloses = after === '' || CLOSES_AFTER.test(after);
  if (before && INCH.test(text.slice(Math.max(start, i - 12), i)) && afterCloses) return 'inch';
  const beforeOpens = before === '' || OPENS_BEFORE.test(before);
  if (beforeOpens && after && !/\s/.test(after)) return 'open';
  if (before && !/\s/.test(before) && afterCloses) return 'close';
  return 'unknown';
}

/** Offset of the paragraph's one unclosed straight opening quote, if its quotes leave exactly one open. */
function unclosedIn(text: string, start: number, end: number): number | undefined {
  const quotes: Array<{ at: number; side: Side }> = [];
  for (let i = text.indexOf('"', start); i >= 0 && i < end; i = text.indexOf('"', i + 1)) {
    const side = sideOf(text, i, start, end);
    if (side !== 'inch') quotes.push({ at: i, side });
  }
  if (quotes.length % 2 === 0 || quotes.some((q) => q.side === 'unknown')) return undefined;
  const unclosed: number[] = [];
  let open: number | undefined;
  for (const q of quotes) {
    if (q.side === 'open') {
      if (open !== undefined) unclosed.push(open);
      open = q.at;
    } else if (open !== undefined) open = undefined;
    else return undefined; // a closer with nothing open: which quote is missing is anyone's guess
  }
  if (open !== undefined) unclosed.push(open);
  if (unclosed.length !== 1) return undefined;
  const at = unclosed[0];
  if (text.slice(start, at).trim() === '') return undefined;
  // A quotation that goes on past the end of its sentence (dialogue, a quoted passage) may close in a later paragraph
  // or not be closed by its author's convention; only one that must end with its sentence is surely left open.
  // … and only one whose sentence is seen to end: a paragraph that stops without a final mark may have been cut
  // (a line of a list, a passage the prose layer split).
  const rest = text.slice(at, end);
  return SENTENCE_GOES_ON.test(rest) || !SENTENCE_ENDS.test(rest) ? undefined : at;
}

/** The text ends with a sentence's final mark (and perhaps closing brackets or single quotes after it). */
const SENTENCE_ENDS = /[.!?…]+[)\]'’”]*\s*$/;

/** A sentence end followed by more text. */
const SENTENCE_GOES_ON = /[.!?…]["'”’)\]]*\s+\S/;

/** The offsets of straight opening quotes left unclosed, one paragraph (text between blank lines) at a time. */
export function unclosedStraightQuotes(text: string): number[] {
  const out: number[] = [];
  let start = 0;
  while (start <= text.length) {
    const brk = text.indexOf('\n\n', start);
    const end = brk < 0 ? text.length : brk;
    const at = unclosedIn(text, start, end);
    if (at !== undefined) out.push(at);
    if (brk < 0) break;
    start = brk + 2;
  }
  return out;
}
