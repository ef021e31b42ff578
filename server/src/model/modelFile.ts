/**
 * The on-disk format of a trained punctuation model (`models/en/punct.json`): JSON with the vocabularies, the channel
 * logits and the hashed Attach weights (dense int16 with one scale, gzipped, base64).
 */
import * as fs from 'fs';
import * as zlib from 'zlib';
import { Alphabet, Direction, newChannel } from './channel';
import { ModelCore } from './model';
import { RankedInt16 } from './rankedWeights';
import { attachVocabFromJson, VocabJson } from './vocabulary';
import { readModelFile } from '../data/modelIntegrity';

export const MODEL_FORMAT = 'puncteme-punct-1';

export interface ModelJson {
  format: string;
  version: string;
  direction: Direction;
  identity: boolean;
  eta: number;
  /** `ModelCore.outerLeftComma`; absent in older files (false). */
  outerLeftComma?: boolean;
  /** `ModelCore.supplementRightComma`; absent in older files (false). */
  supplementRightComma?: boolean;
  /** `ModelCore.finalMarkOnRoot`; absent in older files (false). */
  finalMarkOnRoot?: boolean;
  /** `ModelCore.finalPointOnRoot`; absent in older files (false). */
  finalPointOnRoot?: boolean;
  alphabet: string[];
  vocab: VocabJson;
  channelLogits: number[];
  hashBits: number;
  /** The hashed weights, dense, quantised to int16 (value = q · weightScale), gzipped, base64. */
  weights: string;
  weightScale: number;
  /** Free-form training metadata (hyperparameters, data, timings, dev scores). */
  training?: Record<string, unknown>;
}

/**
 * The model `j` denotes. `theta`: its θ as already read from the file's sidecar (`thetaSidecar.ts`), instead of
 * decoding `j.weights`.
 */
export function coreFromJson(j: ModelJson, theta?: RankedInt16): ModelCore {
  if (j.format !== MODEL_FORMAT) throw new Error(`unknown punctuation model format ${j.format}`);
  const alphabet = new Alphabet(j.alphabet);
  const vocab = attachVocabFromJson(j.vocab, alphabet);
  const channel = newChannel(alphabet, j.direction, j.identity, Float64Array.from(j.channelLogits));
  const q = theta ? undefined : quantisedWeights(j);
  const n = theta ? theta.length : q!.length;
  if (n !== 1 << j.hashBits) throw new Error(`punctuation model: ${n} weights, expected 2^${j.hashBits}`);
  // Kept quantised: ModelCore scores q·scale, exactly the float64 weights this file denotes, in a quarter of the memory.
  const weights = theta ? { ranked: theta, scale: j.weightScale } : { q: q!, scale: j.weightScale };
  return new ModelCore({ vocab, channel, weights, eta: j.eta, outerLeftComma: j.outerLeftComma ?? false, supplementRightComma: j.supplementRightComma ?? false, finalMarkOnRoot: j.finalMarkOnRoot ?? false, finalPointOnRoot: j.finalPointOnRoot ?? false });
}

/** The file's θ as int16 values (θ_i = q[i] · weightScale), decoded from `weights`. */
export function quantisedWeights(j: Pick<ModelJson, 'weights'>): Int16Array {
  return new Int16Array(bufferOf(j.weights, true));
}

function bufferOf(b64: string, gzipped = false): ArrayBuffer {
  const raw = Buffer.from(b64, 'base64');
  const buf = gzipped ? zlib.gunzipSync(raw) : raw;
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
}

export function coreToJson(core: ModelCore, vocab: VocabJson, version: string, training?: Record<string, unknown>): ModelJson {
  let max = 0;
  for (const v of core.weights) max = Math.max(max, Math.abs(v));
  const scale = max > 0 ? max / 32767 : 1;
  const q = Int16Array.from(core.weights, (v) => Math.round(v / scale));
  return {
    format: MODEL_FORMAT,
    version,
    direction: core.channel.direction,
    identity: core.channel.identity,
    eta: core.eta,
    ...(core.outerLeftComma ? { outerLeftComma: true } : {}),
    ...(core.supplementRightComma ? { supplementRightComma: true } : {}),
    ...(core.finalMarkOnRoot ? { finalMarkOnRoot: true } : {}),
    ...(core.finalPointOnRoot ? { finalPointOnRoot: true } : {}),
    alphabet: [...core.channel.alphabet.tokens],
    vocab,
    channelLogits: Array.from(core.channel.logits, (v) => Math.round(v * 1e5) / 1e5),
    hashBits: Math.log2(core.weights.length),
    weights: zlib.gzipSync(Buffer.from(q.buffer), { level: 9 }).toString('base64'),
    weightScale: scale,
    training,
  };
}

export function readModelJson(file: string): ModelJson {
  return JSON.parse(readModelFile(file).toString('utf8')) as ModelJson;
}

export function writeModelJson(file: string, j: ModelJson): void {
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(j));
  fs.renameSync(tmp, file);
}
