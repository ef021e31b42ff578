/**
 * Maps wink-nlp's tokens onto UD English (EWT) tokenisation, keeping exact spans:
 * - clitics split off their host: `I'm` → `I 'm`, `she'd've` → `she 'd 've` (wink already splits `don't`, `'s`);
 * - `gonna`/`wanna`/`gotta` → `gon na`, `wan na`, `got ta`;
 * - hyphenated words stay split (`long - term`) except after the prefixes EWT keeps whole (`e-mail`, `non-human`);
 * - runs of marks written together are one token (`!!!`, `?!`, `--`, `<<`);
 * - a possessive apostrophe after a plural (`boys' toys`) is a word, not a closing quote;
 * - a sentence-final `X.` is the letter `X` and a period, not an initial.
 */
import { isPunctForm } from './punctForms';
import { SurfaceToken } from './token';
import { WinkToken } from './winkTokens';

const CLITIC = /^(.*[^'’])((?:n['’]t)|(?:['’](?:s|m|re|ve|d|ll)))$/i;
// A Map, not an object literal: a plain object answers `constructor`, `toString`, … with Object's own members.
const SPLIT_WORDS: ReadonlyMap<string, number> = new Map([['gonna', 3], ['wanna', 3], ['gotta', 3]]);
const HYPHEN_PREFIXES = new Set([
  'e', 'non', 'mid', 'pre', 're', 'anti', 'post', 'co', 'pro', 'multi', 'over', 'ex', 'semi', 'sub', 'un', 'inter',
  'de', 'bi', 'tri', 'x',
]);

function sub(t: SurfaceToken, from: number, to: number): SurfaceToken {
  const text = t.text.slice(from, to);
  return { text, start: t.start + from, end: t.start + to, punct: isPunctForm(text) };
}

function splitWord(t: WinkToken): SurfaceToken[] {
  if (t.punct || t.type === 'url' || t.type === 'email' || t.type === 'emoticon' || t.type === 'emoji') return [t];
  const cut = SPLIT_WORDS.get(t.text.toLowerCase());
  if (cut) return [sub(t, 0, cut), sub(t, cut, t.text.length)];
  const out: SurfaceToken[] = [];
  let rest: SurfaceToken = t;
  for (;;) {
    const m = CLITIC.exec(rest.text);
    if (!m || m[1].length === 0) break;
    out.unshift(sub(rest, m[1].length, rest.text.length));
    rest = sub(rest, 0, m[1].length);
  }
  return [{ ...rest, punct: false }, ...out.map((x) => ({ ...x, punct: false }))];
}

const adjacent = (a: SurfaceToken, b: SurfaceToken) => a.end === b.start;
const FINAL_RUN = /^[.!?…]+$/;

function sameRun(a: string, b: string): boolean {
  if (FINAL_RUN.test(a) && FINAL_RUN.test(b)) return true;
  const c = a[0];
  return a.split('').every((x) => x === c) && b.split('').every((x) => x === c) && c !== '"' && c !== "'";
}

export function toUdTokens(tokens: readonly WinkToken[], text: string): SurfaceToken[] {
  const split = tokens.flatMap(splitWord);
  const out: SurfaceToken[] = [];
  for (let i = 0; i < split.length; i++) {
    const t = split[i];
    const prev = out[out.length - 1];
    // Runs of marks written together: `!` `!` `!` → `!!!`.
    if (prev && t.punct && prev.punct && adjacent(prev, t) && sameRun(prev.text, t.text)) {
      out[out.length - 1] = { text: text.slice(prev.start, t.end), start: prev.start, end: t.end, punct: true };
      continue;
    }
    // Prefix compounds EWT keeps whole: `e` `-` `mail` → `e-mail`.
    const next = split[i + 1];
    if (
      t.text === '-' && prev && next && !prev.punct && !next.punct && adjacent(prev, t) && adjacent(t, next) &&
      HYPHEN_PREFIXES.has(prev.text.toLowerCase())
    ) {
      out[out.length - 1] = { text: text.slice(prev.start, next.end), start: prev.start, end: next.end, punct: false };
      i++;
      continue;
    }
    out.push(t);
  }
  markPossessives(out, text);
  splitFinalInitial(out);
  return out;
}

/** wink reads a sentence-final `X.` as an initial; at the end of a sentence it is the letter and a period. */
function splitFinalInitial(tokens: SurfaceToken[]): void {
  const last = tokens[tokens.length - 1];
  if (!last || last.punct || !/^\p{Lu}\.$/u.test(last.text)) return;
  tokens[tokens.length - 1] = sub(last, 0, 1);
  tokens.push(sub(last, 1, 2));
}

/** `boys'` + space: the apostrophe is the possessive (a word), unless a single quote is open. */
function markPossessives(tokens: SurfaceToken[], text: string): void {
  let open = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.text !== "'" && t.text !== '’' && t.text !== '‘') continue;
    const prev = tokens[i - 1];
    const after = text[t.end];
    const attached = prev !== undefined && !prev.punct && adjacent(prev, t);
    if (t.text !== '‘' && attached && !open && /s$/i.test(prev.text) && (after === undefined || /[\s,.;:!?)]/.test(after))) {
      tokens[i] = { ...t, punct: false };
      continue;
    }
    open = !attached;
  }
}
