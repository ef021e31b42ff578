/** `eg-comma`: a house style a setting asks for (`rules/egCommas.ts`). */
import { RuleSpec } from './ruleSpec';

export const egCommaRule: RuleSpec = {
  id: 'eg-comma',
  kind: 'style',
  severity: 'info',
  description:
    'The comma after e.g. and i.e., as the egComma setting asks (a house style: nothing is reported unless it is set).',
  settings: ['egComma'],
  examples: [
    { wrong: 'Use a fruit, e.g. an apple.', right: 'Use a fruit, e.g., an apple.', note: '(egComma: always)', options: { egComma: 'always' } },
  ],
  silent: [],
};
