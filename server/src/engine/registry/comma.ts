/** `comma`: decided by the punctuation model over the parse. */
import { RuleSpec } from './ruleSpec';

export const commaRule: RuleSpec = {
  id: 'comma',
  kind: 'model',
  severity: 'warning',
  description:
    'A missing or unnecessary comma the punctuation model is confident about.',
  settings: ['audience', 'minConfidence'],
  examples: [
    { wrong: 'He smiled, and, left.', right: 'He smiled, and left.' },
    {
      wrong: 'These tests are usually conducted the entire day and they last anywhere from an hour to two.',
      right: 'These tests are usually conducted the entire day, and they last anywhere from an hour to two.',
    },
  ],
  silent: [],
};
