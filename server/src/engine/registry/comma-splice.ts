/** `comma-splice`: a convention of edited prose, decided by the model and the document's habit. */
import { RuleSpec } from './ruleSpec';

export const commaSpliceRule: RuleSpec = {
  id: 'comma-splice',
  kind: 'convention',
  severity: 'warning',
  description:
    'Two independent clauses joined by a comma alone (fix: a semicolon, a period, or a comma and a conjunction).',
  settings: ['commaSplices', 'audience', 'minConfidence'],
  examples: [
    { wrong: 'It was late, we went home.', right: 'It was late; we went home.', note: '(commaSplices: edited, or in an error-prone text)', options: { commaSplices: 'edited' } },
  ],
  silent: [],
};
