/** `nonrestrictive-comma`: decided by the punctuation model over the parse. */
import { RuleSpec } from './ruleSpec';

export const nonrestrictiveCommaRule: RuleSpec = {
  id: 'nonrestrictive-comma',
  kind: 'model',
  severity: 'warning',
  description:
    'A non-restrictive relative clause or apposition is set off by commas on both sides; a restrictive one takes none.',
  settings: ['minConfidence'],
  examples: [
    { wrong: 'My brother, who lives in Paris is a doctor.', right: 'My brother, who lives in Paris, is a doctor.' },
  ],
  silent: [],
};
