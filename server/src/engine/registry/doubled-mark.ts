/** `doubled-mark`: read from the characters, without a parse. */
import { RuleSpec } from './ruleSpec';

export const doubledMarkRule: RuleSpec = {
  id: 'doubled-mark',
  kind: 'typographic',
  severity: 'warning',
  description:
    'A punctuation mark written twice (an ellipsis is fine, and so is a two-dot pause before a lower-case word); a repeated !! or ?? only in texts with many punctuation findings (audience: learner, or auto for such a text).',
  settings: ['audience'],
  examples: [
    { wrong: 'He left,, quickly..', right: 'He left, quickly.' },
  ],
  silent: [],
};
