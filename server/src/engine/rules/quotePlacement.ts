/**
 * Quote placement, a style setting (not an error): American style writes a comma or period inside the closing quote
 * (`"a disaster."`), British (logical) style where the sentence structure puts it (`"a disaster".`). In the paper's
 * model both come from one underlying order, [“ a disaster ”] . — the American surface is its transposition by the
 * noisy channel (”. ↦ .”, Table 1). `auto` follows the habit the text itself shows most often, and where it shows
 * none, the style the model's channel learned from its training text (`LintOptions.modelQuoteStyle`: American), but
 * not in a document that holds code or reads as technical writing (`LintOptions.documentHasCode`, decided by the
 * register model `engine/quoteRegister.ts`): technical documentation keeps a quoted term's or literal's mark outside
 * it, in the model's own training text too (edited-english: python-peps, react-docs,
 * typescript-docs and vue-docs write ”. or ”, 569 times and .” or ,” 40 times; digitalgov and EWT the reverse, 172
 * against 1,233), and moving the mark inside a quoted literal (`aria-expanded="true".`) would change the literal.
 *
 * This text rule covers American style; British style needs the underlying tree (is the period the quotation's own?)
 * and is decided by the model-based rules.
 */
import { LintOptions } from '../types';
import { PlainFinding } from '../finding';
import { TextRule } from './rule';

const AMERICAN = /(?<=\S)[.,](?:["”])(?!\w)/g;
const BRITISH = /(?<=[^\s?!])["”][.,](?![.\w])/g;
/**
 * A comma or period after a quotation that ends in "?" or "!": no habit of either style (both drop the mark there),
 * so it is neither counted as British placement nor moved inside; `endMarkAbsorbs` reports it.
 */
const AFTER_QUOTED_END = /(?<=[?!])["”][.,](?![.\w])/g;

/** How often the text writes `.”`/`,”` (American) and `”.`/`”,` (British). */
export function quotePlacements(text: string): { american: number; british: number } {
  return { american: text.match(AMERICAN)?.length ?? 0, british: text.match(BRITISH)?.length ?? 0 };
}

/**
 * A habit is a placement written at least this often: one `”.` alone is as likely a slip as a style, and with a model
 * that learned American placement a lone `"a success".` should be reported, not taken as the writer's British habit.
 */
const HABIT_MIN = 2;

/** The style the counts show: the majority, written at least `HABIT_MIN` times; undefined on a tie or below that. */
export function majorityQuoteStyle({ american, british }: { american: number; british: number }): 'american' | 'british' | undefined {
  if (Math.max(american, british) < HABIT_MIN) return undefined;
  return american > british ? 'american' : british > american ? 'british' : undefined;
}

/** The quote style the text shows: the majority of its `.”`/`,”` vs `”.`/`”,` (`majorityQuoteStyle`). */
export function detectQuoteStyle(text: string): 'american' | 'british' | undefined {
  return majorityQuoteStyle(quotePlacements(text));
}

/**
 * The style to hold `text` to: the setting, or under `auto` the document's habit when given (`quoteHabit`), else the
 * text's own; where there is none (no quotes, or as many of each), the style the model learned (`modelQuoteStyle`),
 * if any, unless the document holds code or reads as technical writing (`documentHasCode`).
 */
export function effectiveQuoteStyle(
  text: string,
  options: Pick<LintOptions, 'quoteStyle' | 'quoteHabit' | 'modelQuoteStyle' | 'documentHasCode'>,
): 'american' | 'british' | undefined {
  const { quoteStyle: style, quoteHabit: habit } = options;
  if ((style ?? 'auto') !== 'auto') return style as 'american' | 'british';
  const own = habit === undefined ? detectQuoteStyle(text) : habit === 'none' ? undefined : habit;
  return own ?? (options.documentHasCode ? undefined : options.modelQuoteStyle);
}

/**
 * A quotation that ends in "?" or "!" takes no comma or period after it in either style: the question mark or
 * exclamation point stands in for the mark the sentence would put there ("Why?" he asked; CMOS 6.119, New Hart's
 * Rules 4.1.4). In the paper's terms the channel absorbs the weaker mark next to the stronger one, as "?," → "?"
 * (Table 1). So the finding is the comma or period written after the closing quote, and its fix deletes it: moving
 * it inside ("Why?,") would be no better.
 */
function endMarkAbsorbs(text: string, start: number, q: string, mark: string): PlainFinding {
  const name = mark === ',' ? 'comma' : 'period';
  const end = text[start - 1];
  return {
    ruleId: 'quote-placement',
    // Plain words: the fix shows what to write (`write "?"" alone` read as a stray quote, issue 33).
    message: `No ${name} after a quotation that ends in "${end}": the "${end}" stands in for it.`,
    severity: 'info',
    confidence: 0.9,
    start: start + 1,
    end: start + 2,
    fixes: [{ title: `Remove the ${name}`, edits: [{ start: start + 1, end: start + 2, newText: '' }] }],
    explanation: `Underlying, the ${name} belongs after the quotation, [“ … ${end} ”] ${mark}; edited English in both American and British style lets the "${end}" inside the quotation absorb it (paper Table 1: "${end}${mark}" ↦ "${end}"), so only the "${end}" and the closing quotation mark are written.`,
  };
}

/**
 * What the model's channel learned, where its style decided: it was trained on edited American English and EWT, and
 * rewrites an underlying `”.` as `.”` with the probability it learned (the paper's Table 1 row for English).
 */
function learnedTransposition(p: number | undefined): string {
  if (p === undefined) return '';
  return ` The punctuation model learned this rewrite from its training text (edited American English and web text): its channel writes an underlying ”. as .” with probability ${p.toFixed(2)}.`;
}

export const quotePlacementRule: TextRule = {
  ids: ['quote-placement'],
  check(text, options: LintOptions) {
    // Wrong in either style, so reported whatever the style or the document's habit.
    const out: PlainFinding[] = [...text.matchAll(AFTER_QUOTED_END)].map((m) => endMarkAbsorbs(text, m.index ?? 0, m[0][0], m[0][1]));
    if (effectiveQuoteStyle(text, options) !== 'american') return out;
    // Decided by the model, not by the writer's setting or habit: say so, and how to choose otherwise.
    const byModel = effectiveQuoteStyle(text, { ...options, modelQuoteStyle: undefined }) === undefined;
    for (const m of text.matchAll(BRITISH)) {
      const start = m.index ?? 0;
      const q = m[0][0];
      const mark = m[0][1];
      out.push({
        ruleId: 'quote-placement',
        message:
          `American style puts the ${mark === ',' ? 'comma' : 'period'} inside the closing quotation mark: ${mark}${q} here, not ${q}${mark} as written.` +
          (byModel ? ' Set quoteStyle to british if you write British English.' : ''),
        severity: 'info',
        confidence: 0.9,
        start,
        end: start + 2,
        fixes: [{ title: `Write "${mark}${q}"`, edits: [{ start, end: start + 2, newText: `${mark}${q}` }] }],
        explanation:
          (byModel ? 'The text shows no quotation habit of its own, so the style of edited American English applies. ' : '') +
          `Underlying, the ${mark === ',' ? 'comma' : 'period'} belongs outside the quotation, after its closing mark: [“ … ”] ${mark} (the ${mark === ',' ? 'comma' : 'period'} is the enclosing phrase's, not the quotation's). American style rewrites ”${mark} as ${mark}” on the surface (quote transposition, paper Table 1: ”${mark} ↦ ${mark}”), so the mark is written inside, where British style keeps it outside (”${mark}).` +
          (byModel ? learnedTransposition(options.modelQuoteTransposition) : ''),
      });
    }
    return out;
  },
};
