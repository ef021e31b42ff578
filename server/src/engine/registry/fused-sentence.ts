/** `fused-sentence`: a model rule, decided by the learned sentence-join model (`engine/sentenceJoins/`). */
import { RuleSpec } from './ruleSpec';

export const fusedSentenceRule: RuleSpec = {
  id: 'fused-sentence',
  kind: 'model',
  severity: 'warning',
  description:
    'Two sentences run together with no mark between them, where a learned sentence-join model is sure one ends (fix: a period and a capital, or a semicolon).',
  settings: ['audience', 'minConfidence'],
  examples: [
    { wrong: 'The new website went live in March it has already received thousands of visitors from across the country.', right: 'The new website went live in March. It has already received thousands of visitors from across the country.' },
  ],
  silent: [],
};
