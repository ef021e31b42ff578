/**
 * Programming languages named by a letter and a symbol (`C++`, `C#`, `F#`, `g++`): wink splits them into the letter and
 * each symbol (`C` `+` `+`), so the parser read three words, the last two a compound of symbols, in a sentence about
 * code (edited-english writes `C++` 38 times and `C#` 26). One or two letters followed, with no space, by `++` or `#`
 * and then by neither a letter, a digit nor another symbol of the two are one word.
 */
import { WinkToken } from './winkTokens';

const LETTERS = /^[A-Za-z]{1,2}$/;
const SUFFIXES = new Set(['++', '#']);

/** The tokens with each such name one word token. */
export function joinSymbolNames(tokens: readonly WinkToken[], text: string): WinkToken[] {
  const out: WinkToken[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    let end = k;
    let suffix = '';
    if (LETTERS.test(t.text)) {
      while (end + 1 < tokens.length && tokens[end + 1].start === tokens[end].end && /^[+#]+$/.test(tokens[end + 1].text) && suffix.length < 2) {
        suffix += tokens[end + 1].text;
        end++;
      }
    }
    const stop = tokens[end].end;
    if (end === k || !SUFFIXES.has(suffix) || /[\p{L}\p{N}+#]/u.test(text[stop] ?? '')) {
      out.push(t);
      continue;
    }
    out.push({ text: text.slice(t.start, stop), start: t.start, end: stop, type: 'word', pos: 'PROPN', punct: false });
    k = end;
  }
  return out;
}
