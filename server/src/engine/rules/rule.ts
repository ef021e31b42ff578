/** A typographic rule: a check on the text alone (no parse, no model) that returns findings in plain offsets. */
import { LintOptions } from '../types';
import { PlainFinding } from '../finding';

export interface TextRule {
  /** The rule ids this rule can report. */
  ids: readonly string[];
  check(text: string, options: LintOptions): PlainFinding[];
}
