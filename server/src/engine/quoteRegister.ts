/**
 * Whether a document without a quotation habit of its own is held to the model's quote style (American, `.”`), or
 * reads as technical writing, which keeps a quoted term's mark outside it (logical punctuation, `called "typing".`).
 * In edited English the split is by register, not by dialect: python-peps, react-docs and typescript-docs documents
 * that show a habit write `”.` (96 of 100 in train), digitalgov's `.”` (186 of 193); holding a PEP's lone
 * `known as a "synthetic event".` to American placement is a false alarm for its writer (issue #30: 24 of them on
 * clean edited dev with the channel that learned `”. ↦ .”`). A logistic model over the document's words and the
 * shapes of its identifiers (camelCase, snake_case, dotted names, calls, file names), trained on edited-english
 * train documents that show a habit (`server/research/quotes/trainQuoteRegister.ts`), gives P(logical); it never
 * reads the quotations themselves (their spans are removed first), so it cannot learn the habit it stands in for.
 */
import * as fs from 'fs';
import { readModelFile } from '../data/modelIntegrity';

export interface QuoteRegisterModel {
  format: 'puncteme-quote-register-1';
  /** Weight of each feature (`quoteRegisterFeatures`); a feature not listed weighs 0. */
  weights: Record<string, number>;
  /** Below this P(American) a habit-less document is not held to the model's style (chosen on dev, clean budget). */
  minAmerican: number;
}

/** A double-quoted span within a paragraph, its marks included (what the habit counts; not read for the register). */
const QUOTED = /["“][^"“”\n]{0,300}["”]/g;
const WORD = /[\p{L}\p{N}_$][\p{L}\p{N}_$.'’()-]*[\p{L}\p{N}_$)]|[\p{L}\p{N}]/gu;

/** The identifier shapes counted, each as a share of the document's words. */
const SHAPES: ReadonlyArray<readonly [string, RegExp]> = [
  ['camel', /^[a-z]+[A-Z][A-Za-z0-9]*$|^[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*$/],
  ['snake', /^[A-Za-z0-9]+_[A-Za-z0-9_]+$/],
  ['dotted', /^[A-Za-z_$][\w$]*\.[A-Za-z_$][\w$.]*$/],
  ['call', /^[A-Za-z_$][\w$.]*\(\)$/],
  ['file', /\.(?:py|js|ts|tsx|jsx|json|md|html|css|vue|rs|toml|ya?ml|txt|cfg|ini|sh)$/i],
  ['caps', /^[A-Z]{2,}[0-9]*s?$/],
  ['digits', /\d/],
];
const RATE_EDGES = [0, 0.003, 0.01, 0.03];

function bucket(x: number): number {
  let k = 0;
  while (k < RATE_EDGES.length && x > RATE_EDGES[k]) k++;
  return k;
}

/** The document's features: a bias, each distinct word (lower-cased) once, and each shape's share bucketed. */
export function quoteRegisterFeatures(text: string): string[] {
  const words = text.replace(QUOTED, ' ').match(WORD) ?? [];
  const out = new Set<string>(['bias']);
  const counts = new Map<string, number>();
  for (const w of words) {
    for (const [name, re] of SHAPES) if (re.test(w)) counts.set(name, (counts.get(name) ?? 0) + 1);
    const plain = w.toLowerCase().replace(/[^\p{L}']/gu, '');
    if (plain.length > 1 || plain === 'a' || plain === 'i') out.add(`w=${plain}`);
  }
  for (const [name] of SHAPES) out.add(`${name}=${bucket((counts.get(name) ?? 0) / Math.max(1, words.length))}`);
  return [...out];
}

/** P(logical punctuation) of a document, by its register. */
export function logicalProbability(m: Pick<QuoteRegisterModel, 'weights'>, text: string): number {
  let z = 0;
  for (const f of quoteRegisterFeatures(text)) z += m.weights[f] ?? 0;
  return 1 / (1 + Math.exp(-z));
}

/** Whether a habit-less document is held to the model's style: P(American) at least the model's threshold. */
export function heldToModelStyle(m: QuoteRegisterModel, text: string): boolean {
  return 1 - logicalProbability(m, text) >= m.minAmerican;
}

export const QUOTE_REGISTER_FILE = 'quote-register.json';

export function readQuoteRegister(file: string): QuoteRegisterModel | undefined {
  if (!fs.existsSync(file)) return undefined;
  // Read through the integrity check: its bytes must be the manifest's (`data/modelIntegrity.ts`).
  const j = JSON.parse(readModelFile(file).toString('utf8')) as QuoteRegisterModel;
  if (j.format !== 'puncteme-quote-register-1' || typeof j.weights !== 'object' || !(j.minAmerican >= 0 && j.minAmerican <= 1)) {
    throw new Error(`${file}: not a quote-register model (format puncteme-quote-register-1)`);
  }
  return j;
}
