/**
 * What the prose layer decides over a whole document before it lints the blocks: under `quoteStyle: auto`, the quote
 * placement the document (all its prose blocks) writes most often. A block is then held to the document's habit, not
 * to its own: a paragraph with one `”.` in a file that otherwise writes `.”` is told so.
 *
 * Only a block whose own majority differs from the document's gets the habit in its options (`quoteHabit`); for the
 * others the result is the same either way, and leaving their options alone keeps their paragraph-cache entries
 * when the document's habit changes. Kept free of the extractors: the hover (main thread) uses it too.
 */
import { majorityQuoteStyle, detectQuoteStyle, quotePlacements } from '../engine/rules/quotePlacement';
import { LintOptions, QuoteHabit } from '../engine/types';

/** The document's quote habit under `auto`; undefined when the setting names a style (nothing to decide). */
export function documentQuoteHabit(blocks: ReadonlyArray<{ text: string }>, options: LintOptions): QuoteHabit | undefined {
  if ((options.quoteStyle ?? 'auto') !== 'auto') return undefined;
  const total = { american: 0, british: 0 };
  for (const b of blocks) {
    const c = quotePlacements(b.text);
    total.american += c.american;
    total.british += c.british;
  }
  return majorityQuoteStyle(total) ?? 'none';
}

/** The options to lint one block of the document with. */
export function blockOptions(options: LintOptions, habit: QuoteHabit | undefined, blockText: string): LintOptions {
  if (habit === undefined || (detectQuoteStyle(blockText) ?? 'none') === habit) return options;
  return { ...options, quoteHabit: habit };
}
