/**
 * Vocabularies estimated from training data (paper §4): the puncteme vocabulary V (every surface slot string seen),
 * the allowed pairs W_d (every (l, r) pair of surface slot strings flanking a d-constituent) and the word vocabulary
 * with UNK for rare words (used by the Attach model's lexical features).
 */
import { PunctuatedTree, subtreeSpans } from './depunct';

/** A puncteme is a sequence of punctuation tokens; its key joins them with single spaces ('' is ε). */
export type PunctemeKey = string;
export const EPSILON: PunctemeKey = '';

export function punctemeKey(tokens: readonly string[]): PunctemeKey {
  return tokens.join(' ');
}
export function punctemeTokens(key: PunctemeKey): string[] {
  return key === '' ? [] : key.split(' ');
}
export function showPuncteme(key: PunctemeKey): string {
  return key === '' ? 'ε' : key;
}

export const UNK = '<unk>';

export interface Vocabularies {
  /** V: puncteme strings, ε first. */
  punctemes: PunctemeKey[];
  /** W_d: allowed (l, r) pairs per relation, (ε, ε) always first. */
  allowedPairs: Map<string, Array<[PunctemeKey, PunctemeKey]>>;
  /** Σ: punctuation token types. */
  punctTypes: string[];
  /** Lower-cased words seen at least `minWordCount` times; the rest map to UNK. */
  words: Set<string>;
}

export interface VocabOptions {
  minWordCount?: number;
}

export function buildVocabularies(trees: readonly PunctuatedTree[], opts: VocabOptions = {}): Vocabularies {
  const minWordCount = opts.minWordCount ?? 5;
  const V = new Set<PunctemeKey>([EPSILON]);
  const sigma = new Set<string>();
  const pairs = new Map<string, Set<string>>();
  const wordCounts = new Map<string, number>();
  for (const t of trees) {
    for (const slot of t.slots) {
      V.add(punctemeKey(slot));
      for (const tok of slot) sigma.add(tok);
    }
    const spans = subtreeSpans(t.words);
    t.words.forEach((w, k) => {
      const [a, b] = spans[k];
      const pair = `${punctemeKey(t.slots[a - 1])}\t${punctemeKey(t.slots[b])}`;
      let set = pairs.get(w.deprel);
      if (!set) pairs.set(w.deprel, (set = new Set()));
      set.add(pair);
      const lw = w.form.toLowerCase();
      wordCounts.set(lw, (wordCounts.get(lw) ?? 0) + 1);
    });
  }
  const allowedPairs = new Map<string, Array<[PunctemeKey, PunctemeKey]>>();
  for (const [d, set] of [...pairs].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const list: Array<[PunctemeKey, PunctemeKey]> = [[EPSILON, EPSILON]];
    for (const p of [...set].sort()) {
      const [l, r] = p.split('\t');
      if (l !== EPSILON || r !== EPSILON) list.push([l, r]);
    }
    allowedPairs.set(d, list);
  }
  const words = new Set<string>();
  for (const [w, c] of wordCounts) if (c >= minWordCount) words.add(w);
  return {
    punctemes: [...V].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
    allowedPairs,
    punctTypes: [...sigma].sort(),
    words,
  };
}

