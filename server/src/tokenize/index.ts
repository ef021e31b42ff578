/**
 * Raw text → sentences of UD-style tokens with exact UTF-16 spans: wink-nlp for sentences and tokens, then the
 * mapping onto EWT conventions (`udConventions.ts`).
 */
import { TokenizedSentence } from './token';
import { toUdTokens } from './udConventions';
import { winkSentences, WinkToken } from './winkTokens';
import { joinDottedWords, joinSentencesAtDottedWords } from './dottedWords';
import { joinSymbolNames } from './symbolNames';

export type { SurfaceToken, TokenizedSentence } from './token';
export { isPunctForm } from './punctForms';
export { warmUpWink } from './winkTokens';

export function tokenizeText(text: string): TokenizedSentence[] {
  if (text.trim() === '') return [];
  // wink sometimes ends a sentence before its closing marks (`… the phrase. '`, `format.?`) or a smiley (`Loved it. :)`):
  // pieces of marks and emoticons only belong to the sentence before them (or, at the start, to the one after), as in
  // the treebank.
  const merged: WinkToken[][] = [];
  let pending: WinkToken[] = [];
  const sentences = joinSentencesAtDottedWords(winkSentences(text).map((s) => s.tokens), text);
  for (const tokens of sentences.flatMap((s) => splitAtDoubledPeriods(joinSymbolNames(joinDottedWords(s, text), text)))) {
    if (tokens.every((t) => t.punct || isSmiley(t))) {
      if (merged.length) merged[merged.length - 1].push(...tokens);
      else pending.push(...tokens);
      continue;
    }
    // A smiley wink put at the start of the next sentence on the same line closes the one before (`it. :) Will`).
    let lead = 0;
    while (merged.length && lead < tokens.length - 1 && isSmiley(tokens[lead])) lead++;
    const prev = merged[merged.length - 1];
    if (lead > 0 && !/\n/.test(text.slice(prev[prev.length - 1].end, tokens[0].start))) prev.push(...tokens.slice(0, lead));
    else lead = 0;
    merged.push([...pending, ...tokens.slice(lead)]);
    pending = [];
  }
  if (pending.length) merged.push(pending);
  return merged
    .map((toks) => toUdTokens(toks, text))
    .filter((toks) => toks.length > 0)
    .map((tokens) => ({ start: tokens[0].start, end: tokens[tokens.length - 1].end, tokens }));
}

/** An emoticon or emoji, which EWT attaches to the sentence it closes. */
function isSmiley(t: WinkToken): boolean {
  return t.type === 'emoticon' || t.type === 'emoji';
}

/**
 * wink reads a doubled period as an ellipsis and keeps going (`quiet.. This paragraph`): the parser then sees one
 * run-on sentence and the model flags commas in a garbage parse. A doubled period followed by a capitalised word ends
 * the sentence (the `doubled-mark` rule still reports the extra dot); before a lower-case word (`photographer.. come
 * and visit`) it is a pause, as EWT treats it.
 */
export function splitAtDoubledPeriods(tokens: WinkToken[]): WinkToken[][] {
  const out: WinkToken[][] = [];
  let from = 0;
  for (let k = 0; k + 1 < tokens.length; k++) {
    if (tokens[k].text === '..' && !tokens[k + 1].punct && /^\p{Lu}/u.test(tokens[k + 1].text)) {
      out.push(tokens.slice(from, k + 1));
      from = k + 1;
    }
  }
  out.push(tokens.slice(from));
  return out;
}
