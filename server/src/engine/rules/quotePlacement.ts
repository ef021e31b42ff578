/**
 * Quote placement, a style setting (not an error): American style writes a comma or period inside the closing quote
 * (`"a disaster."`), British (logical) style where the sentence structure puts it (`"a disaster".`). In the paper's
 * model both come from one underlying order, [“ a disaster ”] . — the American surface is its transposition by the
 * noisy channel (”. ↦ .”, Table 1). `auto` follows the habit the text itself shows most often.
 *
 * This text rule covers American style; British style needs the underlying tree (is the period the quotation's own?)
 * and is decided by the model-based rules.
 */
import { LintOptions, QuoteHabit, QuoteStyle } from '../types';
import { PlainFinding } from '../finding';
import { TextRule } from './rule';

const AMERICAN = /(?<=\S)[.,](?:["”])(?!\w)/g;
const BRITISH = /(?<=\S)["”][.,](?![.\w])/g;

/** How often the text writes `.”`/`,”` (American) and `”.`/`”,` (British). */
export function quotePlacements(text: string): { american: number; british: number } {
  return { american: text.match(AMERICAN)?.length ?? 0, british: text.match(BRITISH)?.length ?? 0 };
}

/** The style the counts show: the majority; undefined on a tie. */
export function majorityQuoteStyle({ american, british }: { american: number; british: number }): 'american' | 'british' | undefined {
  return american > british ? 'american' : british > american ? 'british' : undefined;
}

/** The quote style the text shows: the majority of its `.”`/`,”` vs `”.`/`”,`; undefined on a tie. */
export function detectQuoteStyle(text: string): 'american' | 'british' | undefined {
  return majorityQuoteStyle(quotePlacements(text));
}

/** The style to hold `text` to: the setting, or under `auto` the document's habit when given (`quoteHabit`), else the text's own. */
export function effectiveQuoteStyle(text: string, style: QuoteStyle | undefined, habit?: QuoteHabit): 'american' | 'british' | undefined {
  if ((style ?? 'auto') !== 'auto') return style as 'american' | 'british';
  if (habit === undefined) return detectQuoteStyle(text);
  return habit === 'none' ? undefined : habit;
}

export const quotePlacementRule: TextRule = {
  ids: ['quote-placement'],
  check(text, options: LintOptions) {
    if (effectiveQuoteStyle(text, options.quoteStyle, options.quoteHabit) !== 'american') return [];
    const out: PlainFinding[] = [];
    for (const m of text.matchAll(BRITISH)) {
      const start = m.index ?? 0;
      const q = m[0][0];
      const mark = m[0][1];
      out.push({
        ruleId: 'quote-placement',
        message: `American style puts the ${mark === ',' ? 'comma' : 'period'} inside the closing quotation mark: "${mark}${q}".`,
        severity: 'info',
        confidence: 0.9,
        start,
        end: start + 2,
        fixes: [{ title: `Write "${mark}${q}"`, edits: [{ start, end: start + 2, newText: `${mark}${q}` }] }],
        explanation: `Underlying, the ${mark === ',' ? 'comma' : 'period'} belongs outside the quotation: [“ … ”] ${mark}. American style rewrites the surface by quote transposition (paper Table 1: ”${mark} ↦ ${mark}”), so the mark is written inside. British style would keep "${q}${mark}".`,
      });
    }
    return out;
  },
};
