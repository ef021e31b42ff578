/**
 * Repeated end marks (`doubled-mark`): "I can't wait to see you!!", "Really??". Edited prose writes a question or
 * exclamation mark once. EWT's reviewers and e-mail writers repeat them for emphasis (27 sentences of dev, 25 of
 * test), so, as spacing around marks (`markSpacing.ts`), the rule is held for a text whose other findings mark it as
 * error-prone (`TextRule.errorProneOnly`): a learner's essay is told, a review is left alone (journal,
 * "repeated end marks in an error-prone text"). A mixed `?!` or `!?` asks and exclaims at once and
 * is left alone, and so is a run inside a word or code ("!!important", "a??b").
 */
import { PlainFinding } from '../finding';
import { markFinding } from './markFinding';
import { TextRule } from './rule';

/** Two or more `!` or two or more `?`, after a word or a closing mark and before a space, a closer or the end. */
const REPEATED = /(?<=[\p{L}\p{N})\]"'”’])(!{2,}|\?{2,})(?=[\s"'”’)\]]|$)/gu;

export const repeatedEndMarksRule: TextRule = {
  ids: ['doubled-mark'],
  errorProneOnly: true,
  check(text) {
    const out: PlainFinding[] = [];
    for (let m = REPEATED.exec(text); m; m = REPEATED.exec(text)) {
      const mark = m[1][0];
      const start = m.index;
      const end = start + m[1].length;
      out.push(
        markFinding('doubled-mark', start, end, mark, `"${m[1]}": edited prose writes the ${mark === '!' ? 'exclamation' : 'question'} mark once.`,
          `A mark repeated for emphasis. Point absorption (paper Table 1: ${mark}${mark} ↦ ${mark}) keeps one on the surface of edited prose.`),
      );
    }
    return out;
  },
};
