/**
 * The semicolon/colon model (`models/en/mark-choice.json`): a logistic model over hashed features of a slot written
 * with `;` or `:` (`features.ts`), giving P(an editor wrote a colon there). Trained on the silver trees of
 * edited-english train, each sentence parsed with both marks written (`server/research/markChoice/train.ts`).
 */
import * as fs from 'fs';
import * as path from 'path';
import { denseWeights, logistic, onceByFile } from '../../restore/hashedLogistic';
import { readModelFile } from '../../data/modelIntegrity';

export const MARK_CHOICE_FILE = 'mark-choice.json';

export interface MarkChoiceJson {
  version: string;
  bits: number;
  /** A written `;` is reported when P(colon) is at least this (chosen on edited-english dev by the trainer). */
  colonThreshold: number;
  /** A written `:` is reported when P(semicolon) = 1 − P(colon) is at least this (> 1: never, as shipped: `train.ts --colon-to-semicolon`). */
  semicolonThreshold: number;
  /** Sparse weights: [hashed index, weight] pairs. */
  weights: Array<[number, number]>;
}

export interface MarkChoiceModel {
  readonly version: string;
  readonly bits: number;
  readonly colonThreshold: number;
  readonly semicolonThreshold: number;
  readonly weights: Float32Array;
}

export function markChoiceFromJson(j: MarkChoiceJson): MarkChoiceModel {
  return { version: j.version, bits: j.bits, colonThreshold: j.colonThreshold, semicolonThreshold: j.semicolonThreshold, weights: denseWeights(j.bits, j.weights) };
}

/** P(colon) from the features. */
export function colonProbability(m: MarkChoiceModel, features: readonly string[]): number {
  return logistic(m.weights, features, m.bits);
}

const readMarkChoice = onceByFile((f) => markChoiceFromJson(JSON.parse(readModelFile(f).toString('utf8')) as MarkChoiceJson));

/** The model of `dir`, or undefined when it has none (then no semicolon/colon findings). */
export function loadMarkChoiceModel(dir: string): MarkChoiceModel | undefined {
  return readMarkChoice(path.join(dir, MARK_CHOICE_FILE));
}
