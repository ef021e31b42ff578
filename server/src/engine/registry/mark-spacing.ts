/** `mark-spacing`: read from the characters, without a parse. */
import { ERROR_PRONE_CONTEXT, RuleSpec } from './ruleSpec';

export const markSpacingRule: RuleSpec = {
  id: 'mark-spacing',
  kind: 'typographic',
  severity: 'warning',
  description:
    'A space before a comma, semicolon, colon, question or exclamation mark or final period, or none after a comma between words; reported in texts with many punctuation findings (audience: learner, or auto for such a text).',
  settings: ['audience'],
  examples: [
    { wrong: 'Hello , how are you ? I like apples,pears and plums.', right: 'Hello, how are you? I like apples, pears and plums.', context: ERROR_PRONE_CONTEXT },
  ],
  silent: [
    { text: 'Hello , how are you ? I am fine , thank you . We met at the station , then we went home .' },
  ],
};
