/** `semicolon-colon`: a model rule, decided by the mark-choice model trained on edited English (`engine/markChoice/`). */
import { RuleSpec } from './ruleSpec';

export const semicolonColonRule: RuleSpec = {
  id: 'semicolon-colon',
  kind: 'model',
  severity: 'warning',
  description:
    'A semicolon where edited prose writes a colon (before a list, an explanation or an example after a complete clause), as a model trained on edited English decides.',
  settings: ['minConfidence'],
  examples: [
    { wrong: 'The kit has three parts; a board, a cable and a case.', right: 'The kit has three parts: a board, a cable and a case.' },
  ],
  silent: [{ text: 'Earlier work found the same effect (Brown, 2015; Lee & Park, 2018).' }],
};
