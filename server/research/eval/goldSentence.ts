/**
 * A treebank sentence as the engine sees a parsed one: its text (rebuilt exactly from the tokens and SpaceAfter=No)
 * and an `AnalysedSentence` carrying the GOLD tree. Drives the oracle row of the benchmark and the tests.
 */
import { ConlluSentence, surfaceTokens } from '../../src/data/conllu';
import { depunctuate, isPunctWord, splitAbbreviation } from '../../src/data/depunct';
import { AnalysedSentence, AnalysedToken } from '../../src/engine/sentence';

export interface GoldSentence {
  text: string;
  sentence: AnalysedSentence;
}

/** Undefined when the sentence cannot be depunctuated (a punctuation token that is not a leaf). */
export function goldSentence(s: ConlluSentence): GoldSentence | undefined {
  const dep = depunctuate(s);
  if (!dep.ok) return undefined;
  const surf = surfaceTokens(s);
  const tokens: AnalysedToken[] = [];
  const tokenOfWord = new Array<number>(s.words.length + 1).fill(-1);
  let text = '';
  surf.forEach((t, k) => {
    const start = text.length;
    text += t.form;
    let punct = true;
    for (let w = t.first; w <= t.last; w++) {
      tokenOfWord[w] = k;
      if (!isPunctWord(s.words[w - 1])) punct = false;
    }
    tokens.push({ text: t.form, start, end: text.length, punct });
    if (t.spaceAfter && k < surf.length - 1) text += ' ';
  });
  const n = dep.tree.words.length;
  const wordTokens: number[] = [];
  const slotTokens: number[][] = Array.from({ length: n + 1 }, () => []);
  let slot = 0;
  for (const w of s.words) {
    const tok = tokenOfWord[w.id];
    if (isPunctWord(w)) {
      slotTokens[slot].push(tok);
      continue;
    }
    wordTokens.push(tok);
    slot = wordTokens.length;
    if (splitAbbreviation(w.form).dot) slotTokens[slot].push(tok);
  }
  return { text, sentence: { start: 0, end: text.length, tokens, tree: dep.tree, wordTokens, slotTokens } };
}
