/**
 * File names, domains and dotted identifiers (`config.yaml`, `www.adobe.com`, `alt.animals.cats`): wink splits them
 * at every dot and even ends the sentence there (`Edit config. | yaml and …`), so the parser saw fragments and the
 * linter judged the punctuation of sentences nobody wrote. EWT keeps each as one token. A dot with a letter or digit
 * right before it and a lower-case letter or digit right after it, with no space on either side, is inside a word:
 * the sentences wink split there are joined again, and the pieces become one word token. A capital after the dot
 * (`home.Then`) is left alone: that is a sentence boundary with a missing space.
 *
 * Two more dots wink ends sentences at: the leading dot of a name (`Add the file to .gitignore and commit it.` was cut
 * after "to ."), and the period of a cited part's abbreviation before its number (`As shown in Fig. 3 the value
 * rises.` was cut after "Fig."). Each joins the sentences and becomes part of one word (`.gitignore`, `Fig.`).
 */
import { WinkToken } from './winkTokens';

/** The character before `at` and the one at `at + 1` make the dot at `at` part of a word. */
function dotInsideWord(text: string, at: number): boolean {
  return text[at] === '.' && at > 0 && /[\p{L}\p{N}]/u.test(text[at - 1]) && /[\p{Ll}\p{N}]/u.test(text[at + 1] ?? '');
}

/** A word that a leading dot makes a name: lower-case (`.gitignore`, `.js`), upper-case (`.NET`) or with a digit. */
const DOTTED_NAME = /^(\p{Ll}|\p{Lu}{2,}(?!\p{Ll})|\p{L}*\d)/u;

/**
 * wink's tags of a word that can be such a name. A writer who types the space on the wrong side of a period
 * (`Please help .thank you`, `I went home .then I slept`) starts the next sentence with a verb, adverb, pronoun or
 * determiner, which stays a sentence of its own.
 */
const NAME_TAGS = new Set(['NOUN', 'PROPN', 'X', 'NUM', 'SYM']);

/** The period `dot`, with a space or an opening bracket or quote before it, is the leading dot of the name `word`. */
function leadingDot(text: string, dot: WinkToken | undefined, word: WinkToken | undefined): boolean {
  return (
    !!dot && !!word && dot.text === '.' && dot.punct && !word.punct && word.start === dot.end &&
    (dot.start === 0 || /[\s(\[{"“‘']/.test(text[dot.start - 1])) && DOTTED_NAME.test(word.text) && NAME_TAGS.has(word.pos)
  );
}

/**
 * Abbreviations that name a numbered part of a text (`Fig. 3`, `Eq. 2`, `Sec. 4`, `Ref. 12`): papers (LaTeX,
 * Markdown) cite them in running text.
 */
const NUMBERED_PART = new Set(['fig', 'figs', 'eq', 'eqs', 'eqn', 'sec', 'secs', 'vol', 'ch', 'chap', 'ref', 'refs', 'art', 'tab', 'ex', 'thm', 'def', 'prop', 'lem', 'cor', 'app', 'para']);

/** `word` and the period `dot` glued to it are a cited part's abbreviation, and `next` is its number. */
function citedPart(word: WinkToken | undefined, dot: WinkToken | undefined, next: WinkToken | undefined): boolean {
  return !!word && !!dot && !!next && dot.text === '.' && dot.start === word.end && !word.punct && NUMBERED_PART.has(word.text.toLowerCase()) && /^\d/.test(next.text);
}

/**
 * Joins consecutive sentences that wink split at a dot inside a word, inside a run of dots, after a pause, before a
 * name's leading dot's word, or after a cited part's abbreviation.
 */
export function joinSentencesAtDottedWords(sentences: readonly WinkToken[][], text: string): WinkToken[][] {
  const out: WinkToken[][] = [];
  for (const tokens of sentences) {
    const prev = out[out.length - 1];
    const last = prev?.[prev.length - 1];
    const touches = last !== undefined && tokens.length > 0 && tokens[0].start === last.end;
    // `config. | yaml`, and an ellipsis wink cut in two (`the past. | ..and you keep`).
    // A run of dots before a lower-case word is a pause, not an end (`missing.. and there are`), as in EWT.
    const pause = last !== undefined && /\.\.$/.test(text.slice(Math.max(0, last.end - 2), last.end)) && /^\p{Ll}/u.test(tokens[0]?.text ?? '');
    const cut = leadingDot(text, last, tokens[0]) || citedPart(prev?.[prev.length - 2], last, tokens[0]);
    if ((touches && (dotInsideWord(text, last.end - 1) || (last.text.endsWith('.') && tokens[0].text.startsWith('.')))) || pause || cut) prev.push(...tokens);
    else out.push([...tokens]);
  }
  return out;
}

/**
 * Merges each run of tokens written without spaces and joined by dots inside words into one word token, a name's
 * leading dot into the name, and a cited part's abbreviation with its period.
 */
export function joinDottedWords(tokens: readonly WinkToken[], text: string): WinkToken[] {
  const out: WinkToken[] = [];
  for (let k = 0; k < tokens.length; k++) {
    if (leadingDot(text, tokens[k], tokens[k + 1])) {
      out.push({ ...tokens[k + 1], text: `.${tokens[k + 1].text}`, start: tokens[k].start });
      k++;
      continue;
    }
    if (citedPart(tokens[k], tokens[k + 1], tokens[k + 2])) {
      out.push({ ...tokens[k], text: `${tokens[k].text}.`, end: tokens[k + 1].end });
      k++;
      continue;
    }
    let end = k;
    // wink gives `config` `.` `yaml`: extend over each dot that touches the pieces on both sides.
    while (
      end + 2 < tokens.length &&
      tokens[end + 1].text === '.' &&
      tokens[end + 1].start === tokens[end].end &&
      tokens[end + 2].start === tokens[end + 1].end &&
      dotInsideWord(text, tokens[end + 1].start)
    )
      end += 2;
    if (end === k) {
      out.push(tokens[k]);
      continue;
    }
    const start = tokens[k].start;
    const stop = tokens[end].end;
    out.push({ text: text.slice(start, stop), start, end: stop, type: 'word', pos: tokens[k].pos, punct: false });
    k = end;
  }
  return out;
}
