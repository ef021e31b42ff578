/** `unbalanced-pair`: read from the characters, without a parse. */
import { RuleSpec } from './ruleSpec';

export const unbalancedPairRule: RuleSpec = {
  id: 'unbalanced-pair',
  kind: 'typographic',
  severity: 'warning',
  description:
    'A bracket or quote opened and never closed, or closed and never opened.',
  settings: [],
  examples: [
    // The close is offered only around one abbreviation; elsewhere the finding comes without a fix (`engine/index.ts`).
    { wrong: 'The General Services Administration (GSA plans to meet the vendors.', right: 'The General Services Administration (GSA) plans to meet the vendors.' },
  ],
  silent: [],
};
