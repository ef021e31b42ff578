/**
 * A second reader of sentence joins (`findings.ts`, which lets it only lower a join's probability; journal, "The
 * lower-case tagger as a second reader of sentence joins", "Two thresholds read off judged false alarms, and the
 * lower-case tagger for fused sentences again" and "The lower-case tagger lowering comma splices too"): the
 * lower-case punctuation tagger (restoration's `restore-tagger-lower.json`, a CRF trained on edited and web English
 * with every word lower-cased and the marks removed), asked where a sentence ends inside one written sentence. A
 * writer who runs two sentences together writes the second one's first word in lower case, so restoration's cased
 * tagger, which leans on that capital, finds 3% of edited dev's comma splices at P(end) ≥ 0.5; the lower-case tagger
 * reads the words alone and finds 32%.
 */
import { AnalysedSentence } from '../sentence';
import { MARK_COUNT, PunctTagger, SENTENCE_END_MARKS, tagRun } from '../../restore/punctTagger';

/**
 * P(a sentence ends after word i) for each word of `s`, read over its written words lower-cased (or as `read` gives
 * each written word, with its index among them). Tokens that touch (`do` `n't`, `agency` `'s`), and words of one
 * token, are one written word, as the tagger was trained; a token inside such a word gets 0.
 */
export function sentenceEndProbabilities(
  tagger: PunctTagger,
  s: AnalysedSentence,
  text: string,
  marks: readonly number[] = SENTENCE_END_MARKS,
  read: (word: string, index: number) => string = (w) => w.toLowerCase(),
): Float64Array {
  const n = s.wordTokens.length;
  const words: string[] = [];
  const lastOfWord: number[] = [];
  let from = 0;
  for (let i = 0; i < n; i++) {
    const k = s.wordTokens[i];
    const next = s.wordTokens[i + 1];
    // The next word in the same token (`cannot` read as `can` `not`) or in one touching it.
    if (i + 1 < n && (next === k || s.tokens[next].start === s.tokens[k].end)) continue;
    words.push(read(text.slice(s.tokens[s.wordTokens[from]].start, s.tokens[k].end), words.length));
    lastOfWord.push(i);
    from = i + 1;
  }
  const { marginals } = tagRun(tagger, words, false);
  const out = new Float64Array(n);
  lastOfWord.forEach((i, w) => {
    for (const y of marks) out[i] += marginals[w * MARK_COUNT + y];
  });
  return out;
}
