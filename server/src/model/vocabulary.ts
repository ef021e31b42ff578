/**
 * The model's vocabularies (paper §4): Σ (fixed: every basic mark, the symbol stand-in, ∘), V, the global pair list
 * and W_d per relation, as the model file stores them (`training/model/buildModelVocab.ts` estimates them from
 * training trees, with the projective spans the model itself uses).
 */
import { ABBREV_DOT, BASIC_MARKS, BOS_MARK, SYMBOL } from '../data/punctTokens';
import { EPSILON, PunctemeKey } from '../data/vocab';
import { AttachVocab, buildRelPairs, tokenIdsOf } from './attach';
import { Alphabet } from './channel';

export function modelAlphabet(): Alphabet {
  return new Alphabet([BOS_MARK, ...[...BASIC_MARKS].filter((t) => t !== ABBREV_DOT).sort(), ABBREV_DOT, SYMBOL]);
}

export interface VocabJson {
  punctemes: PunctemeKey[];
  pairs: Array<[number, number]>;
  rel: Record<string, number[]>;
  fallback: number[];
  words: string[];
}

export function attachVocabFromJson(j: VocabJson, alphabet: Alphabet): AttachVocab {
  const partial = { punctemes: j.punctemes, pairs: j.pairs };
  const rel = new Map(Object.entries(j.rel).map(([d, ids]) => [d, buildRelPairs(partial, ids)]));
  return {
    punctemes: j.punctemes,
    punctemeIds: new Map(j.punctemes.map((k, i) => [k, i])),
    tokens: j.punctemes.map((k) => tokenIdsOf(alphabet, k)),
    pairs: j.pairs,
    rel,
    fallback: buildRelPairs(partial, j.fallback),
    words: new Set(j.words),
  };
}

export { EPSILON };
