/**
 * `nonrestrictive-comma`: decided by the punctuation model over the parse, and (a missing pair or closing comma) by the
 * set-off comma model learned from edited English (`engine/setOffCommas/`).
 */
import { RuleSpec } from './ruleSpec';

export const nonrestrictiveCommaRule: RuleSpec = {
  id: 'nonrestrictive-comma',
  kind: 'model',
  severity: 'warning',
  description:
    'A non-restrictive relative clause or apposition is set off by commas on both sides; a restrictive one takes none. Where the commas are missing, a model learned from edited English decides whether an editor would write them (a clause opening with "which" or "who" after a name, for example).',
  settings: ['minConfidence'],
  examples: [
    { wrong: 'My brother, who lives in Paris is a doctor.', right: 'My brother, who lives in Paris, is a doctor.' },
    { wrong: 'The Department of Energy has the Home Energy Saver API which is a service to analyze home energy use.', right: 'The Department of Energy has the Home Energy Saver API, which is a service to analyze home energy use.' },
  ],
  silent: [],
};
