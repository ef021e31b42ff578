/**
 * File names, domains and dotted identifiers (`config.yaml`, `www.adobe.com`, `alt.animals.cats`): wink splits them
 * at every dot and even ends the sentence there (`Edit config. | yaml and …`), so the parser saw fragments and the
 * linter judged the punctuation of sentences nobody wrote. EWT keeps each as one token. A dot with a letter or digit
 * right before it and a lower-case letter or digit right after it, with no space on either side, is inside a word:
 * the sentences wink split there are joined again, and the pieces become one word token. A capital after the dot
 * (`home.Then`) is left alone: that is a sentence boundary with a missing space.
 */
import { WinkToken } from './winkTokens';

/** The character before `at` and the one at `at + 1` make the dot at `at` part of a word. */
function dotInsideWord(text: string, at: number): boolean {
  return text[at] === '.' && at > 0 && /[\p{L}\p{N}]/u.test(text[at - 1]) && /[\p{Ll}\p{N}]/u.test(text[at + 1] ?? '');
}

/** Joins consecutive sentences that wink split at a dot inside a word, inside a run of dots, or after a pause. */
export function joinSentencesAtDottedWords(sentences: readonly WinkToken[][], text: string): WinkToken[][] {
  const out: WinkToken[][] = [];
  for (const tokens of sentences) {
    const prev = out[out.length - 1];
    const last = prev?.[prev.length - 1];
    const touches = last !== undefined && tokens.length > 0 && tokens[0].start === last.end;
    // `config. | yaml`, and an ellipsis wink cut in two (`the past. | ..and you keep`).
    // A run of dots before a lower-case word is a pause, not an end (`missing.. and there are`), as in EWT.
    const pause = last !== undefined && /\.\.$/.test(text.slice(Math.max(0, last.end - 2), last.end)) && /^\p{Ll}/u.test(tokens[0]?.text ?? '');
    if ((touches && (dotInsideWord(text, last.end - 1) || (last.text.endsWith('.') && tokens[0].text.startsWith('.')))) || pause) prev.push(...tokens);
    else out.push([...tokens]);
  }
  return out;
}

/** Merges each run of tokens written without spaces and joined by dots inside words into one word token. */
export function joinDottedWords(tokens: readonly WinkToken[], text: string): WinkToken[] {
  const out: WinkToken[] = [];
  for (let k = 0; k < tokens.length; k++) {
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
