/** A typographic rule: a check on the text alone (no parse, no model) that returns findings in plain offsets. */
import { LintOptions } from '../types';
import { PlainFinding } from '../finding';

export interface TextRule {
  /** The rule ids this rule can report. */
  ids: readonly string[];
  /**
   * Its findings are reported only in a document whose other findings mark it as error-prone (`writerErrorRate.ts`);
   * they do not count towards that rate (`markSpacing.ts`).
   */
  errorProneOnly?: boolean;
  check(text: string, options: LintOptions): PlainFinding[];
}
