/**
 * Whether an edit touches a code-like token: a file name, path, format specifier, regular expression, option name or
 * a run of marks that stands apart from words. Marks inside such a token are syntax, not punctuation: `%::z`,
 * `. and ..`, `0..ARGC-1`, `/(..:..)/` and `@vscode/vsce-sign, a …` were "fixed" by `--fix` on real man pages and
 * READMEs (issue 36), each changing what the text means. A finding there may still be reported, with its fix offered
 * as a quick fix; it is just never applied without a person looking.
 */

/** Characters that prose words never carry but code, paths, options and format strings do. */
const SYMBOL = /[/\\%$@#=<>{}[\]|_~^*`+&]/u;
/** Opening brackets and quotes that may wrap a word. */
const OPENERS = /^[(["'“‘«]+/u;
/** Closing brackets, quotes and sentence marks that may follow a word. */
const CLOSERS = /[)\]"'”’»,;:.!?…]+$/u;
/** A word of prose: letters or digits, inner apostrophes and hyphens, or an abbreviation's dots (`e.g`, `U.S`). */
const WORD = /^(?:[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*|(?:\p{L}\.)+\p{L})$/u;
/** One ordinary mark alone between spaces ("word , word"): a spacing slip in prose, not a token of code. */
const LONE_MARK = /^[,;:.!?]$/u;

/** Whether one whitespace-delimited token reads as code rather than as a word with its punctuation. */
export function isCodeLikeToken(token: string): boolean {
  if (token === '') return false;
  if (SYMBOL.test(token)) return true;
  const core = token.replace(OPENERS, '').replace(CLOSERS, '');
  if (core === '') return !LONE_MARK.test(token);
  // An option name (`-v`, `--all`) or a token whose marks sit between words (`0..ARGC-1`, `config.yaml`, `a,b`).
  return core.startsWith('-') || !WORD.test(core);
}

function isSpace(c: string | undefined): boolean {
  return c === undefined || /\s/u.test(c);
}

/** The whitespace-delimited tokens of `text` that the range [start, end) lies in or touches. */
export function tokensAround(text: string, start: number, end: number): string[] {
  let lo = start;
  while (lo > 0 && !isSpace(text[lo - 1])) lo--;
  let hi = end;
  while (hi < text.length && !isSpace(text[hi])) hi++;
  return text
    .slice(lo, hi)
    .split(/\s+/u)
    .filter((t) => t !== '');
}

/** A closing quote or bracket, which may stand between a word and the marks after it (`home.."`). */
const CLOSER = /[)\]"'”’»]/u;

/**
 * Whether the edit [start, end) removes part of a run of two or more of one mark that does not follow a word (a
 * letter or digit, or one closing quote or bracket after one): `includes.";;` in a shell line, `%::z`. A doubled
 * mark in prose follows the word it punctuates (`home..`, `costume.."`).
 */
export function removesRunBesideNonWord(text: string, start: number, end: number): boolean {
  const removed = text.slice(start, end);
  const mark = /[,;:.!?]/u.exec(removed)?.[0];
  if (!mark) return false;
  let lo = start;
  while (lo > 0 && text[lo - 1] === mark) lo--;
  let hi = end;
  while (hi < text.length && text[hi] === mark) hi++;
  if ([...text.slice(lo, hi)].filter((c) => c === mark).length < 2) return false;
  let before = lo - 1;
  if (before >= 0 && CLOSER.test(text[before])) before--;
  return before < 0 || !/[\p{L}\p{N}]/u.test(text[before]);
}

/** Whether the edit [start, end) of `text` touches a code-like token, or removes marks of a run beside non-words. */
export function touchesCodeLikeToken(text: string, start: number, end: number): boolean {
  return tokensAround(text, start, end).some(isCodeLikeToken) || removesRunBesideNonWord(text, start, end);
}
