/** `date-comma`: a convention of edited prose, measured on the edited-english corpus (`rules/dateCommas.ts`). */
import { RuleSpec } from './ruleSpec';

export const dateCommaRule: RuleSpec = {
  id: 'date-comma',
  kind: 'convention',
  severity: 'warning',
  description:
    'The comma between the day and the year of a month-first date, and after a weekday before a date, which edited prose writes (183 of 183 dates, 37 of 39 weekdays in the edited-english corpus).',
  settings: [],
  examples: [
    { wrong: 'It shipped on Monday May 4, 2020.', right: 'It shipped on Monday, May 4, 2020.' },
    { wrong: 'It shipped on May 4 2020.', right: 'It shipped on May 4, 2020.' },
  ],
  silent: [],
};
