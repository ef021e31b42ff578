/**
 * The comma-gap model (`models/en/comma-gaps.json`): a logistic model over hashed features of one gap of a sentence as
 * written (`features.ts`), giving P(an editor would write the comma missing here) at an empty gap and P(the comma
 * written here is stray) at a gap holding one. Trained on edited-english train corrupted by the writers' error
 * generator and parsed again as the linter sees it (`server/research/commaGaps/`); the threshold of each question and
 * kind of gap chosen on dev.
 */
import * as fs from 'fs';
import * as path from 'path';
import { denseWeights, logistic, onceByFile } from '../../restore/hashedLogistic';
import { modelSchemaProblem } from '../modelSchemas';
import { GapHead, GapKind } from './features';

export const COMMA_GAPS_FILE = 'comma-gaps.json';

export interface CommaGapsJson {
  version: string;
  bits: number;
  /** Per question and kind of gap, a gap is reported when its probability is at least this (> 1: never). */
  thresholds: Record<GapHead, Partial<Record<GapKind, number>>>;
  /** Sparse weights: [hashed index, weight] pairs. */
  weights: Array<[number, number]>;
}

export interface CommaGapsModel {
  readonly version: string;
  readonly bits: number;
  readonly thresholds: Readonly<Record<GapHead, Partial<Record<GapKind, number>>>>;
  readonly weights: Float32Array;
}

export function commaGapsFromJson(j: CommaGapsJson): CommaGapsModel {
  return { version: j.version, bits: j.bits, thresholds: { missing: { ...j.thresholds.missing }, stray: { ...j.thresholds.stray } }, weights: denseWeights(j.bits, j.weights) };
}

/** P(the gap's answer is yes) from its features. */
export function gapProbability(m: CommaGapsModel, features: readonly string[]): number {
  return logistic(m.weights, features, m.bits);
}

/** The threshold of a question and kind of gap (none given: never reported). */
export function gapThreshold(m: CommaGapsModel, head: GapHead, kind: GapKind): number {
  return m.thresholds[head][kind] ?? 2;
}

const readGaps = onceByFile((f) => {
  const j: unknown = JSON.parse(fs.readFileSync(f, 'utf8'));
  const problem = modelSchemaProblem('commaGaps', j);
  if (problem) throw new Error(`${f}: ${problem}`);
  return commaGapsFromJson(j as CommaGapsJson);
});

/** The model of `dir`, or undefined when it has none (then no comma-gap findings). */
export function loadCommaGapsModel(dir: string): CommaGapsModel | undefined {
  return readGaps(path.join(dir, COMMA_GAPS_FILE));
}
