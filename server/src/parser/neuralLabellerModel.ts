/**
 * The neural relation labeller's file: `parser-labeller.bin.gz` beside `parser.bin` in a model directory,
 * optional (a directory without it labels as before). It is a parser model file (`modelFile.ts`) with no scorers:
 * the header's `info.neuralLabeller` holds the dims, the weight of its scores chosen on dev, the relation list and a
 * fingerprint of the BiLSTM it was trained over; θ is stored as float16 (`float16.ts`, ~2 bytes a weight).
 *
 * A file of its own rather than a section of the combined parser file, so that rewriting either (the parser's
 * format work, a retrained labeller) leaves the other alone. The fingerprint makes a labeller refuse a parser whose
 * BiLSTM it was not trained over: its scores would be noise.
 */
import * as fs from 'fs';
import * as path from 'path';
import { packHalves, toHalf, unpackHalves } from './float16';
import { FNV_OFFSET, fnvUint16 } from './fnv';
import { LabellerDims, labellerLayout, NeuralLabeller } from './neuralLabeller';
import { ModelContents, readModel, writeModel } from './modelFile';
import { NeuralScorer } from './neuralScorer';

export const LABELLER_FILE = 'parser-labeller.bin.gz';
const THETA16 = 'labellerTheta16';

export interface LabellerInfo {
  dims: LabellerDims;
  /** Weight of the labeller's scores added to the perceptron labeller's (chosen on dev). */
  weight: number;
  /** The relations, in the order of the parser model's `deprels` (they must match). */
  deprels: string[];
  /** `bilstmFingerprint` of the neural scorer whose vectors it reads. */
  bilstm: string;
  /** Training settings and dev scores, for the record. */
  training?: Record<string, unknown>;
}

/** The labeller and the weight its scores are added with. */
export interface RelationLabeller {
  labeller: NeuralLabeller;
  weight: number;
}

/**
 * FNV-1a over the half-precision bits of the scorer's θ: the same for θ stored as float16 or float32 or widened to
 * float64 (the combined file's float16 θ read either way), different for any other trained scorer.
 */
export function bilstmFingerprint(net: NeuralScorer): string {
  return halfFingerprint(net.theta);
}

/**
 * `bilstmFingerprint` of a scorer whose θ is `unpackHalves(packed, length)` (a parser file's stored halves), read off
 * the halves themselves: the same string, since a half widened and rounded back is the same half (a NaN's becomes the
 * quiet NaN `toHalf` gives), without converting half a million values at every start (~8 ms of a cold start).
 */
export function storedHalvesFingerprint(packed: Int32Array, length: number): string {
  const halves = new Uint16Array(packed.buffer, packed.byteOffset, packed.length * 2);
  let h = FNV_OFFSET;
  for (let i = 0; i < length; i++) {
    const stored = halves[i];
    h = fnvUint16(h, (stored & 0x7c00) === 0x7c00 && (stored & 0x3ff) !== 0 ? 0x7e00 : stored);
  }
  return `${length}:${(h >>> 0).toString(16)}`;
}

function halfFingerprint(th: ArrayLike<number>): string {
  let h = FNV_OFFSET;
  for (let i = 0; i < th.length; i++) h = fnvUint16(h, toHalf(th[i]));
  return `${th.length}:${(h >>> 0).toString(16)}`;
}

export function labellerContents(labeller: NeuralLabeller, info: LabellerInfo): ModelContents {
  return {
    // The version names this labeller (its θ and weight): the parser's version, which caches of findings are keyed
    // by, includes it (`loadParser`).
    header: { version: `labeller-${halfFingerprint(labeller.theta)}-w${info.weight}`, upos: [], xpos: [], deprels: info.deprels, info: { neuralLabeller: info } },
    scorers: {},
    dense: { [THETA16]: packHalves(labeller.theta) },
  };
}

export function writeLabeller(file: string, labeller: NeuralLabeller, info: LabellerInfo): number {
  return writeModel(file, labellerContents(labeller, info));
}

/**
 * The labeller of a labeller file's contents, checked against the parser it is to run with. `fingerprint`: the
 * parser's `bilstmFingerprint`, when its caller has it cheaper (`storedHalvesFingerprint`).
 */
export function labellerFromContents(m: ModelContents, deprels: readonly string[], neural: NeuralScorer | undefined, name = LABELLER_FILE, fingerprint?: string): RelationLabeller {
  const info = m.header.info.neuralLabeller as LabellerInfo | undefined;
  const packed = m.dense?.[THETA16];
  if (!info || !(packed instanceof Int32Array)) throw new Error(`${name} is not a relation labeller file`);
  if (!neural) throw new Error(`${name}: the parser model has no BiLSTM for the relation labeller to read`);
  if (info.deprels.join(' ') !== deprels.join(' ')) throw new Error(`${name}: its relations differ from the parser model's`);
  const fp = fingerprint ?? bilstmFingerprint(neural);
  if (fp !== info.bilstm) throw new Error(`${name} was trained over another BiLSTM (${info.bilstm}) than the parser model's (${fp})`);
  if (info.dims.input !== 2 * neural.layout.dims.lstm) throw new Error(`${name}: input width ${info.dims.input}, BiLSTM vectors ${2 * neural.layout.dims.lstm}`);
  const labeller = new NeuralLabeller(info.dims, Float64Array.from(unpackHalves(packed, labellerLayout(info.dims).size)));
  return { labeller, weight: info.weight };
}

/** The contents of the labeller file in a model directory, or undefined when it has none. */
export function readLabellerBeside(modelDir: string): ModelContents | undefined {
  const file = path.join(modelDir, LABELLER_FILE);
  return fs.existsSync(file) ? readModel(file) : undefined;
}
