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
  const period: WinkToken = { text: '.', start: t.end - 1, end: t.end, type: 'punctuation', pos: 'PUNCT', punct: true };
  toks.splice(k, 1, word, period);
}

/** A word that a leading dot makes a name: lower-case (`.gitignore`, `.js`), upper-case (`.NET`) or with a digit. */
const DOTTED_NAME = /^(\p{Ll}|\p{Lu}{2,}(?!\p{Ll})|\p{L}*\d)/u;
/**
 * wink's tags of a word that can be such a name. A writer who types the space on the wrong side of a period
 * (`Please help .thank you`, `I went home .then I slept`) starts the next sentence with a verb, adverb, pronoun or
 * determiner, which stays a sentence of its own.
 */
const NAME_TAGS = new Set(['NOUN', 'PROPN', 'X', 'NUM', 'SYM']);

/**
 * Sentences wink cut where none ends. A period with a space before it and a noun glued after it is the dot of a name (`.gitignore`, `.env`, `.js files`,
 * `.NET`), not the end of a sentence: wink cut "Add the file to .gitignore and commit it." after "to ." and read
 * "gitignore and commit it." as a sentence of its own. The dot and the word become one word, and the sentence wink
 * began at the word is joined to the one the dot ended.
 */
/**
 * Abbreviations that name a numbered part of a text (`Fig. 3`, `Eq. 2`, `Sec. 4`, `Ref. 12`), after which wink ends
 * the sentence ("As shown in Fig." ‖ "3 the value rises."): papers (LaTeX, Markdown) cite them in running text.
 */
const NUMBERED_PART = new Set(['fig', 'figs', 'eq', 'eqs', 'eqn', 'sec', 'secs', 'vol', 'ch', 'chap', 'ref', 'refs', 'art', 'tab', 'ex', 'thm', 'def', 'prop', 'lem', 'cor', 'app', 'para']);

/** The sentence ends with such an abbreviation and its period, glued, and the next begins with a number. */
function referenceBeforeNumber(tokens: readonly WinkToken[], next: WinkToken | undefined): boolean {
  const [word, dot] = [tokens[tokens.length - 2], tokens[tokens.length - 1]];
  return !!word && !!dot && !!next && dot.text === '.' && dot.start === word.end && !word.punct && NUMBERED_PART.has(word.text.toLowerCase()) && /^\d/.test(next.text);
}

function joinCutSentences(sentences: Array<{ start: number; end: number; tokens: WinkToken[] }>, text: string): Array<{ start: number; end: number; tokens: WinkToken[] }> {
  const leadingDot = (dot: WinkToken | undefined, word: WinkToken | undefined): word is WinkToken =>
    !!dot && !!word && dot.text === '.' && dot.punct && !word.punct && word.start === dot.end && (dot.start === 0 || /[\s(\[{"“‘']/.test(text[dot.start - 1])) && DOTTED_NAME.test(word.text) && NAME_TAGS.has(word.pos);
  const out: Array<{ start: number; end: number; tokens: WinkToken[] }> = [];
  for (const s of sentences) {
    const prev = out[out.length - 1];
    // A sentence wink began at the word after such a dot continues the one the dot ended.
    if (prev && leadingDot(prev.tokens[prev.tokens.length - 1], s.tokens[0])) {
      prev.tokens.push(...s.tokens);
      prev.end = s.end;
    } else if (prev && referenceBeforeNumber(prev.tokens, s.tokens[0])) {
      // "as shown in Fig. 3": the abbreviation keeps its period and the sentence goes on.
      const dot = prev.tokens.pop()!;
      const word = prev.tokens.pop()!;
      prev.tokens.push({ ...word, text: `${word.text}.`, end: dot.end }, ...s.tokens);
      prev.end = s.end;
    } else out.push({ start: s.start, end: s.end, tokens: s.tokens.slice() });
  }
  for (const s of out) {
    for (let k = 0; k + 1 < s.tokens.length; k++) {
      const [dot, word] = [s.tokens[k], s.tokens[k + 1]];
      if (leadingDot(dot, word)) s.tokens.splice(k, 2, { ...word, text: `.${word.text}`, start: dot.start });
    }
  }
  return out;
}

export function winkSentences(original: string): Array<{ start: number; end: number; tokens: WinkToken[] }> {
  const w = winkInstance();
  // wink reads runs of thousands of characters in quadratic time: each becomes a short stand-in (`longRuns.ts`).
  const shortened = shortenLongRuns(original);
  const text = shortened.text;
  growth!.scope.beginDocument();
  const doc = w.readDoc(text);
  const out: Array<{ start: number; end: number; tokens: WinkToken[] }> = [];
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
          if (part) toks.push({ text: part, start: at, end: at + part.length, type: 'punctuation', pos: 'PUNCT', punct: true });
          at += part.length;
        }
        return;
      }
      toks.push({ text: form, start, end, type, pos, punct: !NEVER_PUNCT.has(type) && isPunctForm(form) });
    });
    splitFinalWordPeriod(toks);
    if (toks.length) out.push({ start: toks[0].start, end: toks[toks.length - 1].end, tokens: toks });
  });
  return joinCutSentences(out, original);
}

export type { TokenizedSentence };
