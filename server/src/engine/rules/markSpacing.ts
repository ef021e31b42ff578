/**
 * Spacing around marks (`mark-spacing`): a space before a comma, semicolon, colon, question or exclamation mark or a
 * final period ("Hello , how are you ?"), and a comma with no space after it between two words ("apples,oranges").
 * English typography (and every style guide) writes the mark against the word before it and a space after it; learners
 * whose first language spaces these marks (French before ? ! : ;) or who type on phones get it wrong often.
 *
 * The rule is sure of itself, but EWT's web and e-mail writers space marks carelessly (43 spaced marks in EWT test,
 * nearly all real errors), and the clean-text budget counts findings, not false alarms. So it reports only in a text
 * whose other findings mark it as error-prone (`writerErrorRate.ts`; `TextRule.errorProneOnly`), a learner's essay
 * rather than an edited text with one slip. Its own findings do not count towards that rate: counted, they made five
 * of EWT dev's web documents error-prone (journal, "spacing around marks").
 *
 * Not spacing errors, and left alone: an ellipsis (" ..." and ". . ."), a mark followed by a word character (".NET",
 * " ?query", " !important", "12 :30", emoticons " :)" " ;-)"), a mark at a line's start (a list's bullet), numbers and
 * code-like tokens ("1,000", "a,b" of one letter, "--only=dev,prod", "x.y,z").
 */
import { MAX_RUN_CHARS } from '../../tokenize/longRuns';
import { PlainFinding } from '../finding';
import { markFinding } from './markFinding';
import { TextRule } from './rule';

const MARK_NAMES: Readonly<Record<string, string>> = {
  ',': 'comma',
  ';': 'semicolon',
  ':': 'colon',
  '?': 'question mark',
  '!': 'exclamation mark',
  '.': 'period',
};

/**
 * A space before a mark: after a word, a number, a closing bracket or a closing curly quote; spaces and tabs only (a
 * mark that opens a line is a bullet or a continuation); the mark followed by a space, the end, a closing quote or
 * bracket, after any further end marks ("?!", but not " !!important"). A period must not be part of an ellipsis (`...`, or `. . .` spaced).
 */
const SPACE_BEFORE = /(?<=[\p{L}\p{N})\]”’%])([ \t\u00a0]+)([,;:?!]|\.(?![ \t]*\.))(?=[?!]*(?:[\s"”’)\]]|$))/gu;

/** An emoticon's mouth after a colon or semicolon (" : )", " ;-)"). */
const EMOTICON_AFTER = /^[ \t]*-?[()DPp|\\/\[\]]/;

/**
 * A comma with no space after it between two words of letters ("apples,oranges", "red,green,blue"): the whole token
 * is words of two letters or more joined by commas (in brackets, or before an end mark), the word before the comma
 * ending in two lower-case letters; anything else in the token (a digit, "=", "-", ".", "/") makes it code, and an
 * opening quote a literal to type ("apples,oranges").
 */
const TIGHT_COMMA = /(?<=(?:^|[\s(])(?:\p{L}{2,},)*\p{L}*\p{Ll}\p{Ll}),(?=\p{L}{2,}(?:,\p{L}{2,})*[.!?;:)"”’]*(?:\s|$))/gu;
const NON_SPACE_RUN = /\S+/g;

function spacingFinding(start: number, end: number, newText: string, message: string): PlainFinding {
  const why = 'Typography, not syntax: an English mark is written against the word before it and followed by a space; the punctuation model reads the same mark either way.';
  return markFinding('mark-spacing', start, end, newText, message, why, newText.trim() ? 'Add a space' : 'Remove the space');
}

export const markSpacingRule: TextRule = {
  ids: ['mark-spacing'],
  errorProneOnly: true,
  check(text) {
    const out: PlainFinding[] = [];
    for (let m = SPACE_BEFORE.exec(text); m; m = SPACE_BEFORE.exec(text)) {
      const start = m.index;
      const end = start + m[1].length;
      const mark = m[2];
      if ((mark === ':' || mark === ';') && EMOTICON_AFTER.test(text.slice(end + 1, end + 4))) continue;
      out.push(spacingFinding(start, end, '', `No space before the ${MARK_NAMES[mark]}: write it against the word before it.`));
    }
    // The pattern never reaches past one run of non-space characters (its lookarounds stop at a space or an end), so
    // it is matched run by run: on the whole text, its lookbehind rescanned a 160,000-letter word at every letter
    // (quadratic: a minute). A run longer than any word or address is no prose and is not checked.
    for (const run of text.matchAll(NON_SPACE_RUN)) {
      if (run[0].length > MAX_RUN_CHARS || !run[0].includes(',')) continue;
      for (const m of run[0].matchAll(TIGHT_COMMA)) {
        const at = run.index! + m.index!;
        out.push(spacingFinding(at, at + 1, ', ', 'Put a space after the comma.'));
      }
    }
    return out;
  },
};
