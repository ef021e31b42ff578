/**
 * Raw text → sentences of UD-style tokens with exact UTF-16 spans: wink-nlp for sentences and tokens, then the
 * mapping onto EWT conventions (`udConventions.ts`).
 */
import { TokenizedSentence } from './token';
import { toUdTokens } from './udConventions';
import { winkSentences } from './winkTokens';

export type { SurfaceToken, TokenizedSentence } from './token';
export { isPunctForm } from './punctForms';
export { warmUpWink } from './winkTokens';

export function tokenizeText(text: string): TokenizedSentence[] {
  if (text.trim() === '') return [];
  return winkSentences(text)
    .map((s) => toUdTokens(s.tokens, text))
    .filter((toks) => toks.length > 0)
    .map((tokens) => ({ start: tokens[0].start, end: tokens[tokens.length - 1].end, tokens }));
}
