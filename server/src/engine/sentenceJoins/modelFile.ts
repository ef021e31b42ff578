/**
 * The sentence-join model's file (`sentence-joins.bin`), in the layout of `../hashedWeightsFile.ts`. The trainer rounds
 * each weight to 4 decimals (scale 10,000, |w| < 3.2767), so the file holds exactly what the JSON held.
 */
import type { JoinModel } from './model';
import { decodeHashedWeights, encodeHashedWeights, HashedWeights } from '../hashedWeightsFile';

const MAGIC = 'PUNCTEME-JOINS-1';

/** The weights a trainer writes: sparse [hashed index, weight] pairs, each weight a multiple of 1/`scale`. */
export type JoinModelWeights = HashedWeights;

export const JOIN_WEIGHT_SCALE = 1e4;

/** The file's bytes for `m`; throws on a weight that is not a multiple of 1/scale within int16, or an index out of range. */
export function encodeJoinModel(m: JoinModelWeights, scale = JOIN_WEIGHT_SCALE): Buffer {
  return encodeHashedWeights(MAGIC, m, scale);
}

/** The model in `raw` (the file's bytes); throws, saying why, on anything else. */
export function decodeJoinModel(raw: Buffer): JoinModel {
  const { header, weights } = decodeHashedWeights(raw, MAGIC, 'sentence-join model');
  return { version: header.version, bits: header.bits, weights };
}
