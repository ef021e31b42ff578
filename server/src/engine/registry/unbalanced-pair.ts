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
    { wrong: 'He said (quietly that he would come.', right: 'He said (quietly) that he would come.' },
  ],
  silent: [],
};
