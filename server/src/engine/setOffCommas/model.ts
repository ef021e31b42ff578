/**
 * The set-off comma model (`models/en/set-off-commas.json`): a logistic model over hashed features of a candidate
 * (`features.ts`), giving P(an editor wrote the commas that set off this relative clause, apposition or fronted
 * phrase). Trained on edited-english train, the editors' commas taken away and the sentence parsed again as the linter
 * would see it (`server/research/setOffCommas/`), its intercepts shifted to writers' error rate; each kind's threshold
 * chosen on dev.
 */
import * as fs from 'fs';
import * as path from 'path';
import { denseWeights, logistic, onceByFile } from '../../restore/hashedLogistic';
import { SetOffKind } from './candidates';
import { readModelFile } from '../../data/modelIntegrity';

export const SET_OFF_COMMAS_FILE = 'set-off-commas.json';
export const SET_OFF_KINDS: readonly SetOffKind[] = ['relative', 'appositive', 'introductory'];

export interface SetOffCommasJson {
  version: string;
  bits: number;
  /** A candidate of each kind is reported when its probability is at least this (> 1: never). */
  thresholds: Record<SetOffKind, number>;
  /**
   * Per kind, the shift of the intercept from the training examples' share of omissions to writers' (already in the
   * weights; recorded for reading): the probabilities are calibrated to writers' error rate (`train.ts`).
   */
  priorShift?: Partial<Record<SetOffKind, number>>;
  /** Sparse weights: [hashed index, weight] pairs. */
  weights: Array<[number, number]>;
}

export interface SetOffCommasModel {
  readonly version: string;
  readonly bits: number;
  readonly thresholds: Readonly<Record<SetOffKind, number>>;
  readonly weights: Float32Array;
}

export function setOffCommasFromJson(j: SetOffCommasJson): SetOffCommasModel {
  return { version: j.version, bits: j.bits, thresholds: { ...j.thresholds }, weights: denseWeights(j.bits, j.weights) };
}

/** P(an editor wrote the candidate's commas) from its features. */
export function setOffProbability(m: SetOffCommasModel, features: readonly string[]): number {
  return logistic(m.weights, features, m.bits);
}

const readSetOff = onceByFile((f) => setOffCommasFromJson(JSON.parse(readModelFile(f).toString('utf8')) as SetOffCommasJson));

/** The model of `dir`, or undefined when it has none (then no set-off comma findings from it). */
export function loadSetOffCommasModel(dir: string): SetOffCommasModel | undefined {
  return readSetOff(path.join(dir, SET_OFF_COMMAS_FILE));
}
