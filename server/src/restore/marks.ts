/**
 * The marks restoration may insert, as text: the model's normalised tokens (`data/punctTokens.ts`) written in the
 * writer's quote style, sorted into those that attach to the word before (closers) and after (openers).
 */
import { ABBREV_DOT, BOS_MARK, CLOSE_DOUBLE, CLOSERS, CLOSE_SINGLE, MIRROR, OPEN_DOUBLE, OPEN_SINGLE, SYMBOL } from '../data/punctTokens';

/** `straight`: `"` and `'` (what a keyboard types); `curly`: “ ” ‘ ’; `auto`: curly only if the text already has curly quotes or apostrophes. */
export type QuoteStyle = 'auto' | 'straight' | 'curly';

export function resolveQuoteStyle(style: QuoteStyle, text: string): 'straight' | 'curly' {
  if (style !== 'auto') return style;
  return /[“”‘’]/.test(text) ? 'curly' : 'straight';
}

const OPENERS: ReadonlySet<string> = new Set(MIRROR.keys());
/** Marks written between spaces (`well — known`), neither opening nor closing. */
const DASHES: ReadonlySet<string> = new Set(['—']);

export function isOpener(norm: string): boolean {
  return OPENERS.has(norm);
}

export function isDash(norm: string): boolean {
  return DASHES.has(norm);
}

/**
 * The marks restoration writes. Not the others of the model's alphabet: `/`, `*`, `< >`, `{ }` and symbols stand
 * between words in web text (`and / or`, `<file>`), not in restored prose, and a spaced hyphen is written as a dash.
 */
const RESTORED: ReadonlySet<string> = new Set([',', '.', ';', ':', '!', '?', '?!', '...', '—', '(', ')', '[', ']', OPEN_DOUBLE, CLOSE_DOUBLE, OPEN_SINGLE, CLOSE_SINGLE, ABBREV_DOT]);

/** The written form of a normalised token; undefined for marks that are never written (∘, symbols). */
export function writtenForm(norm: string, quotes: 'straight' | 'curly'): string | undefined {
  if (!RESTORED.has(norm)) return undefined;
  if (norm === ABBREV_DOT) return '.';
  if (quotes === 'straight') {
    if (norm === OPEN_DOUBLE || norm === CLOSE_DOUBLE) return '"';
    if (norm === OPEN_SINGLE || norm === CLOSE_SINGLE) return "'";
  }
  return norm;
}

/**
 * Removes, from the marks restoration inserts into one sentence, every bracket or quotation mark that has no partner
 * among the other inserted marks (a `(` whose `)` fell in a slot restoration may not write, or was never sampled):
 * the writer's own marks are never touched, so the inserted ones must pair up among themselves.
 * `slots[i]` are the normalised marks to insert at slot i; returns the slots with the unpaired marks removed.
 */
export function pairInsertedMarks(slots: readonly (readonly string[])[]): string[][] {
  const keep = slots.map((s) => s.map(() => true));
  const stack: Array<{ i: number; k: number; norm: string }> = [];
  slots.forEach((s, i) =>
    s.forEach((norm, k) => {
      if (OPENERS.has(norm)) stack.push({ i, k, norm });
      else if (CLOSERS.has(norm)) {
        // The innermost open mark of the same kind closes this one; marks opened inside it and still open are unpaired.
        let j = stack.length - 1;
        while (j >= 0 && MIRROR.get(stack[j].norm) !== norm) j--;
        if (j < 0) keep[i][k] = false;
        else for (const o of stack.splice(j).slice(1)) keep[o.i][o.k] = false;
      }
    }),
  );
  for (const o of stack) keep[o.i][o.k] = false;
  return slots.map((s, i) => s.filter((_, k) => keep[i][k]));
}
