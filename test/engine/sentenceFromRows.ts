import { parseConllu } from '../../server/src/data/conllu';
import { goldSentence } from '../../server/research/eval/goldSentence';

/**
 * A gold sentence from rows of [form, UPOS, head, relation, XPOS?] (heads count every token, punctuation too), for
 * tests that need a tree of a precise shape — a misparse, say — rather than the parser's.
 */
export function sentenceFromRows(rows: string[][]) {
  const lines = rows.map((r, k) => [k + 1, r[0], '_', r[1], r[4] ?? '_', '_', r[2], r[3], '_', '_'].join('\t'));
  return goldSentence(parseConllu(['# text = x', ...lines, ''].join('\n'))[0])!.sentence;
}
