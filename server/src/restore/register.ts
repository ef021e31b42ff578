/**
 * The register of a paragraph to restore: how much it reads like web text (EWT: emails, reviews, forum answers) rather
 * than edited prose. Web writers leave out many commas an editor would set (EWT train: a comma in 24 free slots,
 * edited English one in 20, and far less predictably): on EWT dev the comma model's commas were right 3 times in 10
 * against 6 in 10 on edited English, so at edited English's threshold each comma it wrote on web text cost more edits
 * than it saved, and restoration lost to the trivial baseline there (issue #31). A logistic model over the
 * paragraph's words (lower-cased, digits as 0, each distinct word once), whether it writes `i` for `I`, and its
 * length, trained on EWT train paragraphs against edited-english train paragraphs (`scripts/train-restore-commas.ts`),
 * gives P(web); the comma threshold moves towards the web one by it (`commaThreshold`).
 */
import { hashOfParts } from './hashedLogistic';
import { normWord } from './boundaries';
import { weightsOfDense } from './punctTagger';

export interface RegisterModel {
  readonly bits: number;
  readonly weights: Float32Array;
}

export interface RegisterModelJson {
  bits: number;
  /** The 2^bits weights in the punctuation tagger's dense form. */
  dense: string;
}

const LENGTHS = ['1-5', '6-10', '11-20', '21-40', '41-80', '81+'];
const lengthBin = (n: number) => LENGTHS[n <= 5 ? 0 : n <= 10 ? 1 : n <= 20 ? 2 : n <= 40 ? 3 : n <= 80 ? 4 : 5];

/**
 * The hashes of a paragraph's register features: a bias, its length, each distinct word once (a long paragraph's
 * evidence is its vocabulary, not its repetitions), and whether it writes `i` for `I`.
 */
export function registerFeatureHashes(words: readonly string[], mask: number): number[] {
  const out = new Set<number>([hashOfParts('b') & mask, hashOfParts('len=', lengthBin(words.length)) & mask]);
  for (const w of words) {
    out.add(hashOfParts('w=', normWord(w)) & mask);
    if (w === 'i') out.add(hashOfParts('lower-i') & mask);
  }
  return [...out];
}

/** P(web text) of a paragraph's words. */
export function registerProb(m: RegisterModel, words: readonly string[]): number {
  let z = 0;
  for (const j of registerFeatureHashes(words, (1 << m.bits) - 1)) z += m.weights[j];
  return 1 / (1 + Math.exp(-z));
}

export function registerModelFromJson(j: RegisterModelJson): RegisterModel {
  if (!(j.bits > 0 && j.bits <= 24)) throw new Error(`register model: ${j.bits}-bit features`);
  return { bits: j.bits, weights: weightsOfDense(j.bits, j.dense) };
}
