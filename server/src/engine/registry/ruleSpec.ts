/** What a rule is, for everything that describes or tests it (the registry, `index.ts`). */
import { LintOptions, Severity } from '../types';

/**
 * typographic: read from the characters, without a parse; model: decided by the punctuation model over the parse;
 * convention: a convention of edited prose, decided by the model and the document's habit; style: a house style
 * that a setting asks for (reported as `info`).
 */
export type RuleKind = 'typographic' | 'model' | 'convention' | 'style';

export interface RuleExample {
  /** Text the rule reports, and what its fixes make of it. */
  wrong: string;
  right: string;
  /** Shown after the example on the rule's page: the setting or the kind of text it needs. */
  note?: string;
  /** The settings the example is linted with (the page names them in `note`). */
  options?: LintOptions;
  /** Text before the example in the same paragraph (not shown), for a rule held back outside an error-prone text. */
  context?: string;
}

export interface RuleSpec {
  id: string;
  kind: RuleKind;
  /** The severity of its findings unless a setting changes it (a convention's may be `info`). */
  severity: Severity;
  /** One line: what the rule checks. */
  description: string;
  /** The settings (`.punctemerc.json` keys, `puncteme.*` in the editor) that change what the rule reports. */
  settings: readonly string[];
  examples: readonly RuleExample[];
  /** Text the rule leaves alone, besides the right side of each example. */
  silent: ReadonlyArray<{ text: string; options?: LintOptions }>;
}

/**
 * A paragraph with three errors in as many sentences: before an example, it makes the text error-prone
 * (`adaptToWriter`), where the rules held back for edited text report.
 */
export const ERROR_PRONE_CONTEXT =
  'My older sister, lives in London with her husband. We ate rice,, beans and salad for dinner. Where is the nearest bus stop?.';

/** The examples as one line of the rule's page: "wrong → right (note)", joined by " · ". */
export function exampleText(spec: RuleSpec): string {
  return spec.examples.map((e) => `${e.wrong} → ${e.right}${e.note ? ` ${e.note}` : ''}`).join(' · ');
}
