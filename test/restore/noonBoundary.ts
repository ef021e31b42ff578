/** A boundary model for restoration tests that cuts a run of words after the word `noon` only. */
import { hashString } from '../../server/src/parser/hash';
import type { BoundaryModel } from '../../server/src/restore/boundaries';

/** Its features' bias very negative, `l1=noon` very positive; no question is ever sure enough. */
export function noonBoundary(): BoundaryModel {
  const boundary = new Float32Array(1 << 20);
  const idx = (f: string) => (hashString(f) >>> 0) & ((1 << 20) - 1);
  boundary[idx('b')] = -30;
  boundary[idx('l1=noon')] = 60;
  return { version: 'test', parse: false, threshold: 0.5, questionThreshold: 0.99, boundary, question: new Float32Array(1 << 20) };
}
