/** Loading a treebank file into depunctuated trees, with the counts the paper reports (Table 2). */
import * as fs from 'fs';
import { ConlluSentence, parseConllu } from './conllu';
import { depunctuate, isPunctWord, PunctuatedTree } from './depunct';
import { buildVocabularies } from './vocab';

export interface Treebank {
  source: string;
  sentences: ConlluSentence[];
  trees: PunctuatedTree[];
  omitted: number;
  /** Of `omitted`: sentences with a punctuation token that is not a leaf (the paper's #Omit). */
  omittedNonLeaf: number;
}

export function readTreebank(file: string): Treebank {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`cannot read treebank ${file}: ${(e as Error).message}`);
  }
  return treebankFromText(text, file);
}

export function treebankFromText(text: string, source: string): Treebank {
  const sentences = parseConllu(text, source);
  const trees: PunctuatedTree[] = [];
  let omitted = 0;
  let omittedNonLeaf = 0;
  for (const s of sentences) {
    const r = depunctuate(s);
    if (r.ok) trees.push(r.tree);
    else {
      omitted++;
      if (r.reason === 'punct-not-leaf') omittedNonLeaf++;
    }
  }
  return { source, sentences, trees, omitted, omittedNonLeaf };
}

export interface TreebankStats {
  file: string;
  sentences: number;
  /** Syntactic words, punctuation included (the paper's #Token). */
  tokens: number;
  punctTokens: number;
  /** Percentage of tokens that are punctuation (%Punct). */
  punctPercent: number;
  /** Sentences dropped: a punctuation token was not a leaf, or the sentence has no word besides punctuation. */
  omitted: number;
  /** Of those, the ones with a non-leaf punctuation token (the paper's #Omit). */
  omittedNonLeaf: number;
  /** Distinct punctuation token types after normalisation, the abbreviation dot included (#Type). */
  punctTypes: number;
  /** Distinct punctuation forms before normalisation (quotes, runs such as `!!!`, decorative symbols). */
  punctTypesRaw: number;
  /** |V|: distinct surface slot strings, ε included. */
  punctemes: number;
  /** Relations d with their number of allowed pairs |W_d|. */
  relations: number;
  maxAllowedPairs: number;
  punctTypeList: string[];
}

export function treebankStats(tb: Treebank): TreebankStats {
  let tokens = 0;
  let punctTokens = 0;
  const rawTypes = new Set<string>();
  for (const s of tb.sentences) {
    tokens += s.words.length;
    for (const w of s.words) {
      if (!isPunctWord(w)) continue;
      punctTokens++;
      rawTypes.add(w.form);
    }
  }
  const vocab = buildVocabularies(tb.trees);
  let maxAllowedPairs = 0;
  for (const list of vocab.allowedPairs.values()) maxAllowedPairs = Math.max(maxAllowedPairs, list.length);
  return {
    file: tb.source,
    sentences: tb.sentences.length,
    tokens,
    punctTokens,
    punctPercent: tokens ? Math.round((1000 * 100 * punctTokens) / tokens) / 1000 : 0,
    omitted: tb.omitted,
    omittedNonLeaf: tb.omittedNonLeaf,
    punctTypes: vocab.punctTypes.length,
    punctTypesRaw: rawTypes.size,
    punctemes: vocab.punctemes.length,
    relations: vocab.allowedPairs.size,
    maxAllowedPairs,
    punctTypeList: vocab.punctTypes,
  };
}
