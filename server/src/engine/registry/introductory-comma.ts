/** `introductory-comma`: a convention of edited prose, decided by the model and the document's habit. */
import { RuleSpec } from './ruleSpec';

export const introductoryCommaRule: RuleSpec = {
  id: 'introductory-comma',
  kind: 'convention',
  severity: 'warning',
  description:
    'A comma after an introductory word, phrase or clause: where the error model is sure it was dropped, after a transition such as "However" or "For example", after an element edited prose nearly always sets off unless the document\'s own habit is to leave the comma out (introductoryComma: auto), or (edited) wherever edited prose writes it. Whether edited prose writes it after a fronted phrase is also learned from edited English.',
  settings: ['introductoryComma', 'audience', 'minConfidence'],
  examples: [
    { wrong: 'Although the rain had stopped we stayed inside.', right: 'Although the rain had stopped, we stayed inside.', note: '(edited; auto too, unless the writer leaves such commas out elsewhere in the text)', options: { introductoryComma: 'edited' } },
    { wrong: 'However we stayed.', right: 'However, we stayed.', note: '(auto and edited)' },
  ],
  silent: [],
};
