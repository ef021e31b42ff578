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
    { wrong: 'Python 2 reached the end of its life in 2020 the core developers no longer fix its bugs.', right: 'Python 2 reached the end of its life in 2020. The core developers no longer fix its bugs.', note: '(minConfidence: 0.5; at the defaults only where the model is surer, which is rare)', options: { minConfidence: 0.5 } },
  ],
  silent: [],
};
