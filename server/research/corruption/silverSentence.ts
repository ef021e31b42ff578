/**
 * A silver sentence (`silverTrees.ts`: its text and the bundled parser's tree) as the corruption generator takes a
 * treebank sentence: a `GoldSentence` whose tokens carry offsets into the sentence's text. The silver file keeps only
 * text and tree, so the tokens are found again by the run-time tokenizer; the sentence is skipped (undefined) when
 * the tokens do not give back the tree's words and slots exactly (the span tokenizes as more than one sentence, …).
 */
import { tokenizeText } from '../../src/tokenize';
import { slotSentence } from '../../src/parser/sentenceBuilder';
import type { GoldSentence } from '../eval/goldSentence';
import type { SilverSentence } from '../silverTrees';

export function silverGold(s: SilverSentence): GoldSentence | undefined {
  const pieces = tokenizeText(s.text);
  if (pieces.length !== 1) return undefined;
  const tokens = pieces[0].tokens;
  const slotted = slotSentence(tokens);
  const tree = s.tree;
  if (slotted.forms.length !== tree.words.length) return undefined;
  if (slotted.forms.some((f, k) => f !== tree.words[k].form)) return undefined;
  if (slotted.slots.some((marks, i) => marks.join('\u0001') !== tree.slots[i].join('\u0001'))) return undefined;
  return {
    text: s.text,
    sentence: { start: 0, end: s.text.length, tokens, tree, wordTokens: slotted.wordTokens, slotTokens: slotted.slotTokens },
  };
}
