/** `sentence-final`: decided by the punctuation model over the parse. */
import { ERROR_PRONE_CONTEXT, RuleSpec } from './ruleSpec';

export const sentenceFinalRule: RuleSpec = {
  id: 'sentence-final',
  kind: 'model',
  severity: 'warning',
  description:
    'A sentence without final punctuation, a direct question written with a period, or a paragraph with no marks at all that reads as several sentences run together (its fix restores their punctuation).',
  settings: ['audience', 'minConfidence'],
  examples: [
    { wrong: 'We met at noon', right: 'We met at noon.', note: '(under audience: learner, or auto in a text with many punctuation findings: alone, it may be a caption)', context: ERROR_PRONE_CONTEXT },
    { wrong: 'Do you like pizza.', right: 'Do you like pizza?', note: '(a direct question: its auxiliary before its subject)' },
    { wrong: 'I had a quick look at the draft and it looks good Can you send me the final version by Friday', right: 'I had a quick look at the draft and it looks good. Can you send me the final version by Friday?', note: '(a paragraph without marks)' },
  ],
  silent: [
    { text: 'We met at noon' },
  ],
};
