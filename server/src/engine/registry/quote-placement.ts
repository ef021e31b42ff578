/** `quote-placement`: a house style a setting asks for. */
import { RuleSpec } from './ruleSpec';

export const quotePlacementRule: RuleSpec = {
  id: 'quote-placement',
  kind: 'style',
  severity: 'info',
  description:
    'Periods and commas inside (American) or outside (British) a closing quote, as the quoteStyle setting asks.',
  settings: ['quoteStyle', 'dialect'],
  examples: [
    { wrong: 'He called it "a disaster".', right: 'He called it "a disaster."', note: '(american)', options: { quoteStyle: 'american' } },
  ],
  silent: [],
};
