/** `serial-comma`: a house style a setting asks for. */
import { RuleSpec } from './ruleSpec';

export const serialCommaRule: RuleSpec = {
  id: 'serial-comma',
  kind: 'style',
  severity: 'info',
  description:
    'The comma before the conjunction of the last of three or more items, as the serialComma setting asks.',
  settings: ['serialComma'],
  examples: [
    { wrong: 'The flag is red, white and blue.', right: 'The flag is red, white, and blue.', note: '(serialComma: always)', options: { serialComma: 'always' } },
  ],
  silent: [],
};
