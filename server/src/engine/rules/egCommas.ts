/**
 * The comma after `e.g.` and `i.e.` (`eg-comma`), as the `egComma` setting asks: a house style, which edited prose
 * follows either way (edited-english: 93 of 341 `e.g.` and 52 of 169 `i.e.` have it; one publisher nearly always,
 * another mostly not), so nothing is reported unless the writer chooses (`always` or `never`; `off`, the default).
 */
import { PlainFinding } from '../finding';
import { DEFAULT_EG_COMMA } from '../types';
import { TextRule } from './rule';

/** `e.g.` or `i.e.` (any case) as a word, with its comma if written, before a space and a word, a quote or a bracket. */
const ABBREVIATION = /(?<![\p{L}\p{N}.])([ei])\.([gen])\.(,?)(?=\s+[\p{L}\p{N}"“‘'(\[])/giu;

export const egCommasRule: TextRule = {
  ids: ['eg-comma'],
  check(text, options) {
    const style = options.egComma ?? DEFAULT_EG_COMMA;
    if (style === 'off') return [];
    const out: PlainFinding[] = [];
    for (const m of text.matchAll(ABBREVIATION)) {
      const word = `${m[1]}.${m[2]}.`;
      if (!/^(e\.g|i\.e)\.$/i.test(word)) continue;
      const end = m.index! + word.length;
      const hasComma = m[3] === ',';
      if (style === 'always' && !hasComma)
        out.push({
          ruleId: 'eg-comma',
          message: `A comma after "${word}" (egComma: always).`,
          severity: 'info',
          confidence: 1,
          start: m.index!,
          end,
          fixes: [{ title: 'Insert ","', edits: [{ start: end, end, newText: ',' }] }],
          explanation: `Your house style (egComma: always) puts a comma after "${word}", as most American style guides do.`,
        });
      else if (style === 'never' && hasComma)
        out.push({
          ruleId: 'eg-comma',
          message: `No comma after "${word}" (egComma: never).`,
          severity: 'info',
          confidence: 1,
          start: end,
          end: end + 1,
          fixes: [{ title: 'Delete ","', edits: [{ start: end, end: end + 1, newText: '' }] }],
          explanation: `Your house style (egComma: never) writes "${word}" without a comma, as most British style guides do.`,
        });
    }
    return out;
  },
};
