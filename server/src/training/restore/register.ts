/**
 * Training of restoration's register model (`restore/register.ts`): a logistic model of P(web text | a paragraph's
 * words), and the paragraph each cached comma example came from (the register is a paragraph's, the comma model's
 * examples are sentences).
 */
import { registerFeatureHashes, RegisterModel } from '../../restore/register';

/** A paragraph as restoration sees it (its words, space-separated) and whether it is web text. */
export interface RegisterExample {
  words: readonly string[];
  web: boolean;
}

/**
 * The register model fitted by AdaGrad on the log loss (seeded order, `epochs` passes, a little L2 against the
 * words seen once). Both classes weigh the same whatever their counts: the prior is not what the comma model needs.
 */
export function trainRegister(data: readonly RegisterExample[], bits = 18, epochs = 5, rate = 0.2, l2 = 1e-6): RegisterModel {
  const mask = (1 << bits) - 1;
  const weights = new Float32Array(1 << bits);
  const g2 = new Float32Array(1 << bits).fill(1e-2);
  const hashes = data.map((e) => registerFeatureHashes(e.words, mask));
  const webs = data.filter((e) => e.web).length;
  const weightOf = (web: boolean) => (web ? data.length / (2 * Math.max(1, webs)) : data.length / (2 * Math.max(1, data.length - webs)));
  const order = data.map((_, i) => i);
  let seed = 7;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const k of order) {
      let z = 0;
      for (const h of hashes[k]) z += weights[h];
      const g = (1 / (1 + Math.exp(-z)) - (data[k].web ? 1 : 0)) * weightOf(data[k].web);
      for (const h of hashes[k]) {
        const gj = g + l2 * weights[h];
        g2[h] += gj * gj;
        weights[h] -= (rate * gj) / Math.sqrt(g2[h]);
      }
    }
  }
  return { bits, weights };
}

/**
 * The index of the paragraph each sentence came from, or −1: sentences are in the order of their paragraphs (some
 * paragraphs and sentences of one word left out), so each is looked for, its letters and digits, after the end of
 * the one before in the same paragraph, or else in one of the next 19 paragraphs (paragraphs of one-word sentences
 * give none).
 */
export function paragraphOfSentences(paragraphs: readonly string[], sentences: ReadonlyArray<readonly string[]>): Int32Array {
  // Letters and digits only: the tokenizer splits `15-year` and `don't` into forms without some of their marks.
  const bare = (t: string) => t.replace(/[^\p{L}\p{N}]/gu, '');
  const flat = paragraphs.map(bare);
  const out = new Int32Array(sentences.length).fill(-1);
  let k = 0;
  let pos = 0;
  sentences.forEach((forms, j) => {
    const key = bare(forms.join(''));
    for (let ahead = 0; ahead < 20 && k + ahead < flat.length; ahead++) {
      const from = ahead === 0 ? pos : 0;
      const at = flat[k + ahead].indexOf(key, from);
      if (at < 0) continue;
      k += ahead;
      pos = at + key.length;
      out[j] = k;
      return;
    }
  });
  return out;
}
