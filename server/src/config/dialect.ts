/**
 * `dialect`: one setting for the conventions that follow the variety of English. American English puts a period or
 * comma inside a closing quotation mark ("a disaster."), British English outside unless it belongs to the quotation
 * ("a disaster".): the dialect sets `quoteStyle`. The serial comma is not a matter of dialect (Chicago and AP differ,
 * and so do Oxford and most British publishers), so it stays with `serialComma`. An explicit `quoteStyle` set beside
 * the dialect (in the same file, the same editor settings or on the same command line) wins.
 */
import { QuoteStyle } from '../engine/types';

export const DIALECT_VALUES = ['en-US', 'en-GB'] as const;
export type Dialect = (typeof DIALECT_VALUES)[number];
export const isDialect = (v: unknown): v is Dialect => (DIALECT_VALUES as readonly unknown[]).includes(v);
export const DIALECT_USAGE = '--dialect: en-US or en-GB';

const QUOTE_STYLE: Readonly<Record<Dialect, QuoteStyle>> = { 'en-US': 'american', 'en-GB': 'british' };

/** The quote style a layer of settings asks for: its own `quoteStyle` if set, else its dialect's, else undefined. */
export function quoteStyleOf(layer: { quoteStyle?: QuoteStyle; dialect?: Dialect }): QuoteStyle | undefined {
  return layer.quoteStyle ?? (layer.dialect ? QUOTE_STYLE[layer.dialect] : undefined);
}
