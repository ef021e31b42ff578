/**
 * Doubled and stacked marks (paper Table 1, Nunberg's absorption rules applied at the surface): `,,` `;;` `::` and
 * a doubled period are written once (`doubled-mark`); a period after an abbreviation's own dot (`Inc..`), a period
 * stacked on a stronger mark (`.?` `?.` `!.`) and a comma or semicolon before a period (`,.` `;.`) are absorbed by the
 * stronger mark (`mark-absorption`). An ellipsis (`...`, `…`) is never touched.
 */
import { PlainFinding } from '../finding';
import { TextRule } from './rule';

/** Words written with an abbreviation dot: a dotted acronym (U.S., e.g.) or a common short form. */
const ABBREVIATION = /(?:\b(?:[A-Za-z]\.){2,}|\b(?:etc|Inc|Ltd|Co|Corp|Jr|Sr|Dr|Mr|Mrs|Ms|St|vs|approx|dept|Bros|No|Vol|Jan|Feb|Mar|Apr|Aug|Sept|Sep|Oct|Nov|Dec|a\.m|p\.m)\.)$/;

function finding(ruleId: string, start: number, end: number, keep: string, message: string, explanation: string): PlainFinding {
  return {
    ruleId,
    message,
    confidence: 0.95,
    start,
    end,
    fixes: [{ title: `Replace with "${keep}"`, edits: [{ start, end, newText: keep }] }],
    explanation,
  };
}

export const doubledMarksRule: TextRule = {
  ids: ['doubled-mark', 'mark-absorption'],
  check(text) {
    const out: PlainFinding[] = [];
    // `,,` `;;` `::` (spaces between allowed), and `..` not part of a longer run.
    const doubled = /([,;:])\s*\1(?!\1)|(?<![.…])\.\.(?![.…])/g;
    for (let m = doubled.exec(text); m; m = doubled.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      const mark = m[1] ?? '.';
      if (mark === '.' && ABBREVIATION.test(text.slice(Math.max(0, start - 12), start + 1))) {
        out.push(
          finding('mark-absorption', start + 1, end, '', `The abbreviation's dot already ends the sentence: drop the extra period.`,
            'Period absorption (Nunberg; paper Table 1: abbv. ↦ abbv): underlyingly the sentence ends with a period after the abbreviation; on the surface the abbreviation dot absorbs it, so only one dot is written.'),
        );
        continue;
      }
      out.push(
        finding('doubled-mark', start, end, mark, `Doubled "${mark}": write it once.`,
          `Two identical marks meet here. Point absorption (paper Table 1: ${mark}${mark} ↦ ${mark}) keeps only one on the surface.`),
      );
    }
    // A weaker mark stacked on a stronger one: `.?` `.!` `?.` `!.` `,.` `;.` `:.` `,?` `,!`.
    const stacked = /(?<![.…])([.,;])([?!])|([?!])\.(?![.…])|([,;:])\.(?![.…])/g;
    for (let m = stacked.exec(text); m; m = stacked.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      const keep = m[2] ?? m[3] ?? '.';
      out.push(
        finding('mark-absorption', start, end, keep, `"${m[0]}": the stronger mark absorbs the weaker one; write "${keep}".`,
          `Two marks meet at the end of a constituent. Underlyingly both are there (e.g. a clause's comma and the sentence's period), but on the surface the stronger one absorbs the weaker (paper Table 1: ,. ↦ .  .? ↦ ?  .! ↦ !).`),
      );
    }
    return out;
  },
};
