/** `mark-absorption`: read from the characters, without a parse. */
import { RuleSpec } from './ruleSpec';

export const markAbsorptionRule: RuleSpec = {
  id: 'mark-absorption',
  kind: 'typographic',
  severity: 'warning',
  description:
    'Two marks where the stronger absorbs the weaker: an abbreviation dot ends the sentence, ? or ! absorbs a period.',
  settings: [],
  examples: [
    { wrong: 'We sold it to Apple Inc..', right: 'We sold it to Apple Inc.' },
  ],
  silent: [],
};
