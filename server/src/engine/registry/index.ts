/**
 * The registry of rules: one object a rule (`<id>.ts`), in the order the rule pages and the snapshot of their
 * examples list them. It drives the catalogue (`engine/ruleCatalog.ts`: SARIF rule descriptions, hovers, the rule
 * pages `docs/rules/<id>.md`), the rule ids the engine and the settings accept (`RULE_IDS`), and one test runner
 * over every rule's examples (test/engine/ruleExamples.test.ts).
 */
import { nonrestrictiveCommaRule } from './nonrestrictive-comma';
import { subjectVerbCommaRule } from './subject-verb-comma';
import { introductoryCommaRule } from './introductory-comma';
import { commaSpliceRule } from './comma-splice';
import { commaRule } from './comma';
import { sentenceFinalRule } from './sentence-final';
import { serialCommaRule } from './serial-comma';
import { quotePlacementRule } from './quote-placement';
import { doubledMarkRule } from './doubled-mark';
import { markAbsorptionRule } from './mark-absorption';
import { markSpacingRule } from './mark-spacing';
import { unbalancedPairRule } from './unbalanced-pair';
import { fusedSentenceRule } from './fused-sentence';
import { semicolonColonRule } from './semicolon-colon';
import { dateCommaRule } from './date-comma';
import { egCommaRule } from './eg-comma';
import { RuleSpec } from './ruleSpec';

export { ERROR_PRONE_CONTEXT, exampleText } from './ruleSpec';
export type { RuleExample, RuleKind, RuleSpec } from './ruleSpec';

export const RULES: readonly RuleSpec[] = [
  nonrestrictiveCommaRule,
  subjectVerbCommaRule,
  introductoryCommaRule,
  commaSpliceRule,
  commaRule,
  sentenceFinalRule,
  serialCommaRule,
  quotePlacementRule,
  doubledMarkRule,
  markAbsorptionRule,
  markSpacingRule,
  unbalancedPairRule,
  fusedSentenceRule,
  semicolonColonRule,
  dateCommaRule,
  egCommaRule,
];

/** Every rule id the engine can report. */
export const RULE_IDS: readonly string[] = RULES.map((r) => r.id);
