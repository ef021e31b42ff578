/**
 * Sentences and tokens from wink-nlp (wink-eng-lite-web-model), with exact UTF-16 spans recovered by matching each
 * token's text against the input in order (wink reports values and preceding spaces, not offsets).
 */
import { SurfaceToken, TokenizedSentence } from './token';
import { isPunctForm } from './punctForms';
import { shortenLongRuns } from './longRuns';
import { fastWinkModel, WINK_PIPE, WinkCoreGrowth } from './winkModel';

type WinkNlp = {
  readDoc(text: string): {
    sentences(): { each(cb: (s: { tokens(): { each(cb: (t: { out(f: unknown): unknown }) => void): void } }) => void): void };
  };
  its: { value: unknown; type: unknown; pos: unknown };
};

let nlp: WinkNlp | undefined;
let growth: WinkCoreGrowth | undefined;

/**
 * Lexemes added (each document's unknown words, added again by every document that uses them: `winkLexemeScope.ts`)
 * after which wink is loaded anew (about 35 ms): some 10 MB of lists. Far below where an added lexeme's index would
 * reach the codes (1,080,000 on) wink's sentence splitter gives its hints, which an index there would be read as.
 */
const MAX_ADDED_LEXEMES = 100_000;

/** wink token types that are words whatever their characters. */
const NEVER_PUNCT = new Set(['url', 'email', 'emoticon', 'emoji', 'hashtag', 'mention', 'number', 'currency']);

/**
 * A closing bracket followed by a colon or semicolon, which wink may take for a smiley (`):`, `);`), after any final
 * marks inside the brackets (`(with live links!);`).
 */
const CLOSE_THEN_MARK = /^([!?.…]*)([)\]])([:;])$/;

function winkInstance(): WinkNlp {
  if (!nlp || growth!.scope.added() > MAX_ADDED_LEXEMES || growth!.featuresHalfFull()) {
    // eslint-disable-next-line @typescript-eslint/no-var-requires
    const winkNLP = require('wink-nlp') as (model: unknown, pipe: string[]) => WinkNlp;
    // The package's model with a faster core loader and only the annotations read here (winkModel.ts): the same
    // tokens, sentences and tags, about 50 ms sooner.
    nlp = winkNLP(
      fastWinkModel((g) => (growth = g)),
      WINK_PIPE,
    );
    // Each text is read as a freshly loaded wink reads it, whatever was read before (`winkLexemeScope.ts`).
    growth!.scope.seal();
  }
  return nlp;
}

/** Loads wink's model now rather than on the first call. */
export function warmUpWink(): void {
  winkInstance();
}

export interface WinkToken extends SurfaceToken {
  /** wink's token type: word, punctuation, number, url, email, emoticon, emoji, … */
  type: string;
  /** wink's own UPOS tag (compared with ours in `eval parser --compare-wink`). */
  pos: string;
}

/** One of wink's sentences: its span in the text and its tokens. */
export interface WinkSentence {
  start: number;
  end: number;
  tokens: WinkToken[];
}

/** A punctuation mark the tokenizer splits off a token wink gave it whole. */
function markToken(text: string, start: number): WinkToken {
  return { text, start, end: start + text.length, type: 'punctuation', pos: 'PUNCT', punct: true };
}

/**
 * Common words wink also knows as abbreviations (`in.` inches, `no.` number, `ill.` and `mass.` states, `sun.` and
 * `sat.` days, …), which it keeps whole with a period after them. Where wink itself ends the sentence at such a word,
 * the period is the sentence's: "… until we let him in." was read as the word "in." and no final period.
 */
const WORDS_READ_AS_ABBREVIATIONS = new Set(['in', 'no', 'ill', 'miss', 'mass', 'sun', 'sat', 'wed', 'wash', 'ore', 'mar', 'fig', 'pa', 'rep']);

/** Splits the period off the sentence's last word when that word is one of `WORDS_READ_AS_ABBREVIATIONS`. */
function splitFinalWordPeriod(toks: WinkToken[]): void {
  let k = toks.length - 1;
  // Closing quotes and brackets may follow the word (`He said "no."`).
  while (k >= 0 && toks[k].punct && /^[”’"')\]]+$/.test(toks[k].text)) k--;
  const t = toks[k];
  if (!t || t.punct || !t.text.endsWith('.') || !WORDS_READ_AS_ABBREVIATIONS.has(t.text.slice(0, -1).toLowerCase())) return;
  const word: WinkToken = { ...t, text: t.text.slice(0, -1), end: t.end - 1 };
  toks.splice(k, 1, word, markToken('.', t.end - 1));
}

export function winkSentences(original: string): WinkSentence[] {
  const w = winkInstance();
  // wink reads runs of thousands of characters in quadratic time: each becomes a short stand-in (`longRuns.ts`).
  const shortened = shortenLongRuns(original);
  const text = shortened.text;
  growth!.scope.beginDocument();
  const doc = w.readDoc(text);
  const out: WinkSentence[] = [];
  let cursor = 0;
  // The end of the last token kept, in whichever sentence (wink may end one at the "!" of "finish!):").
  let previousEnd = -1;
  doc.sentences().each((s) => {
    const toks: WinkToken[] = [];
    s.tokens().each((t) => {
      const value = String(t.out(w.its.value));
      const type = String(t.out(w.its.type));
      const pos = String(t.out(w.its.pos));
      if (value.trim() === '') return; // wink reports line breaks and tabs as tokens
      while (cursor < text.length && /\s/.test(text[cursor])) cursor++;
      // Searched near the cursor only: a search of the whole rest of the text for each token would be quadratic.
      const near = text.startsWith(value, cursor) ? 0 : text.slice(cursor, cursor + value.length + 9).indexOf(value);
      let start = near < 0 ? -1 : cursor + near;
      let end = start + value.length;
      if (start < 0 || start - cursor > 8) {
        // wink changed the text (rare): take the next run of non-space characters instead.
        start = cursor;
        end = cursor;
        while (end < text.length && !/\s/.test(text[end])) end++;
        if (end === start) return;
      }
      cursor = end;
      [start, end] = shortened.toOriginal(start, end);
      const form = original.slice(start, end);
      const closed = start === previousEnd ? CLOSE_THEN_MARK.exec(form) : null;
      previousEnd = end;
      if (closed) {
        // wink reads "2019):" and "3);" as a reversed smiley glued to the number; a bracket closed right after a word
        // is a bracket, and the mark after it a mark (`It opened (in 2019): the` parsed "):" as a proper noun).
        let at = start;
        for (const part of closed.slice(1)) {
          if (part) toks.push(markToken(part, at));
          at += part.length;
        }
        return;
      }
      toks.push({ text: form, start, end, type, pos, punct: !NEVER_PUNCT.has(type) && isPunctForm(form) });
    });
    splitFinalWordPeriod(toks);
    if (toks.length) out.push({ start: toks[0].start, end: toks[toks.length - 1].end, tokens: toks });
  });
  return out;
}

export type { TokenizedSentence };
