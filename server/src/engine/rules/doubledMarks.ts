/**
 * Doubled and stacked marks (paper Table 1, Nunberg's absorption rules applied at the surface): `,,` `;;` `::` and
 * a doubled period are written once (`doubled-mark`; `::` between two word characters is a scope operator, `Foo::Bar`,
 * and `..` between a word character and a digit a range, `1..10`); a period after an abbreviation's own dot (`Inc..`), a period
 * stacked on a stronger mark (`.?` `?.` `!.`) and a comma or semicolon before a period (`,.` `;.`) are absorbed by the
 * stronger mark (`mark-absorption`). An ellipsis (`...`, `…`) is never touched, and neither is a two-dot pause.
 *
 * A two-dot pause is `..` followed by a lower-case word: the sentence goes on ("you gotta burn it..thats the only
 * way", "the food..well no complaints"). EWT's annotators tag such a `..` like an ellipsis — XPOS `,` (a pause) in 36
 * of the 46 train + dev cases before a lower-case word, exactly as they tag `...` mid-sentence — the punctuation model
 * reads every run of dots as `...` (`data/punctTokens.ts`), and the tokenizer keeps the words after it in the same
 * sentence (`tokenize/dottedWords.ts`). So it is an ellipsis written with two dots, an informal spelling like `…` for
 * `...`, and the doubled-period fix (`.`) would end a sentence before a lower-case continuation. A `..` before a
 * capital or at the end of the text is the doubled period the rule is for: writing it once is the fix (the message
 * names the ellipsis for a writer who trails off).
 */
import { PlainFinding } from '../finding';
import { markFinding } from './markFinding';
import { TextRule } from './rule';

/** Words written with an abbreviation dot: a dotted acronym (U.S., e.g.) or a common short form. */
const ABBREVIATION = /(?:\b(?:[A-Za-z]\.){2,}|\b(?:etc|Inc|Ltd|Co|Corp|Jr|Sr|Dr|Mr|Mrs|Ms|St|vs|approx|dept|Bros|No|Vol|Jan|Feb|Mar|Apr|Aug|Sept|Sep|Oct|Nov|Dec|a\.m|p\.m)\.)$/;

/** A run of marks between start and end that stands as a token of its own (see its use). */
function mentionedRun(text: string, start: number, end: number): boolean {
  const run = text.slice(start, end);
  if (/\s/.test(run)) return false;
  const before = text[start - 1] ?? '';
  const after = text[end] ?? '';
  const edge = (c: string) => c === '' || /\s/.test(c);
  if (/["'“‘`]/.test(before)) return edge(after) || /["'”’`]/.test(after);
  return run.length >= 3 && edge(before) && edge(after);
}

export const doubledMarksRule: TextRule = {
  ids: ['doubled-mark', 'mark-absorption'],
  check(text) {
    const out: PlainFinding[] = [];
    // `,,` `;;` `::` (spaces between allowed) as one whole run, however long, so that its one fix writes the mark
    // once (a run fixed pair by pair took `--fix` a pass a mark: 30 commas needed three runs of ten passes, issue 36);
    // and `..` not part of a longer run nor a two-dot pause.
    const doubled = /([,;:])(?:\s*\1)+|(?<![.…])\.\.(?![.…]|\s*\p{Ll})/gu;
    for (let m = doubled.exec(text); m; m = doubled.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      const mark = m[1] ?? '.';
      // `Dist::Zilla`, `std::mem`, `fe80::1`: a scope operator (Perl, C++, Rust, Ruby) or an address, not a doubled
      // colon; a doubled colon in prose has a word before it and a space or the end after it (237 of 260
      // findings on Debian's package descriptions were these: journal, "the new parser, a third genre and its false
      // alarms").
      if (m[0] === '::' && /[\p{L}\p{N}_]/u.test(text[start - 1] ?? '') && /[\p{L}\p{N}_*]/u.test(text[end] ?? '')) continue;
      // `1..10`, `ApJS..178`: a range or a reference between word characters, when a digit follows (a doubled period
      // ends a sentence before a capital or the end of the text; a lower-case word after it is a two-dot pause).
      if (m[0] === '..' && /[\p{L}\p{N}]/u.test(text[start - 1] ?? '') && /\p{N}/u.test(text[end] ?? '')) continue;
      // A run written as a token of its own is mentioned, not punctuation: `".."` in a reStructuredText guide (its
      // comment marker), ` :::` closing a Markdown admonition. 4 of the 48 false alarms on clean edited-english dev
      // were these (journal, "A run of marks written as a token of its own is not a doubled mark"). So a run that
      // opens right after a quote or backtick, or one of three marks or more between spaces or line edges, is left
      // alone.
      if (mentionedRun(text, start, end)) continue;
      const stronger = mark === '.' ? /[?!]\s*$/.exec(text.slice(Math.max(0, start - 3), start)) : null;
      if (stronger) {
        // `more! ..`: the question or exclamation mark already ends the sentence and absorbs the dots.
        const from = start - (stronger[0].length - 1);
        out.push(
          markFinding('mark-absorption', from, end, '', `"${text.slice(from - 1, end)}": the "${stronger[0][0]}" already ends the sentence; drop the dots.`,
            'A stronger mark absorbs a weaker one at the end of a sentence (paper Table 1: .? ↦ ?  .! ↦ !).'),
        );
        continue;
      }
      if (mark === '.' && ABBREVIATION.test(text.slice(Math.max(0, start - 12), start + 1))) {
        out.push(
          markFinding('mark-absorption', start + 1, end, '', `The abbreviation's dot already ends the sentence: drop the extra period.`,
            'Period absorption (Nunberg; paper Table 1: abbv. ↦ abbv): underlyingly the sentence ends with a period after the abbreviation; on the surface the abbreviation dot absorbs it, so only one dot is written.'),
        );
        continue;
      }
      // One fix only (`--fix` applies single-fix findings); the message names the ellipsis for a writer who trails off.
      const alternative = mark === '.' ? ' (or "..." if the sentence trails off)' : '';
      out.push(
        markFinding('doubled-mark', start, end, mark, `${m[0].replace(/\s/g, '').length > 2 ? 'Repeated' : 'Doubled'} "${mark}": write it once${alternative}.`,
          `Two identical marks meet here. Point absorption (paper Table 1: ${mark}${mark} ↦ ${mark}) keeps only one on the surface.`),
      );
    }
    // A weaker mark stacked on a stronger one: `.?` `.!` `?.` `!.` `,.` `;.` `:.` `,?` `,!`.
    const stacked = /(?<![.…])([.,;])([?!])|([?!])\.(?![.…])|([,;:])\.(?![.…])/g;
    for (let m = stacked.exec(text); m; m = stacked.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      const keep = m[2] ?? m[3] ?? '.';
      // An abbreviation keeps its dot before "?" or "!" ("Is that O.K.?", "Did you meet Smith Jr.?"; CMOS 6.118):
      // only a period is absorbed by the abbreviation's dot (paper Table 1: abbv. ↦ abbv), never a stronger mark.
      if (m[1] === '.' && ABBREVIATION.test(text.slice(Math.max(0, start - 12), start + 1))) continue;
      out.push(
        markFinding('mark-absorption', start, end, keep, `"${m[0]}": one mark is enough here; write "${keep}".`,
          `Two marks meet at the end of a constituent. Underlyingly both are there (e.g. a clause's comma and the sentence's period), but on the surface the stronger one absorbs the weaker (paper Table 1: ,. ↦ .  .? ↦ ?  .! ↦ !).`),
      );
    }
    return out;
  },
};
