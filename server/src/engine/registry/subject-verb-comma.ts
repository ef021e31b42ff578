/** `subject-verb-comma`: decided by the punctuation model over the parse. */
import { RuleSpec } from './ruleSpec';

export const subjectVerbCommaRule: RuleSpec = {
  id: 'subject-verb-comma',
  kind: 'model',
  severity: 'warning',
  description:
    'No comma between a subject and its verb, or between a verb and its object.',
  settings: ['minConfidence'],
  examples: [
    { wrong: 'Our new manager, wants a report by Friday.', right: 'Our new manager wants a report by Friday.' },
  ],
  silent: [],
};
