/**
 * The on-disk format of a trained punctuation model (`models/en/punct.json`): JSON with the vocabularies, the channel
 * logits and the non-zero hashed Attach weights (indices and float32 values, base64).
 */
import * as fs from 'fs';
import { Alphabet, Direction, newChannel } from './channel';
import { ModelCore } from './model';
import { attachVocabFromJson, VocabJson } from './vocabulary';

export const MODEL_FORMAT = 'puncteme-punct-1';

export interface ModelJson {
  format: string;
  version: string;
  direction: Direction;
  identity: boolean;
  eta: number;
  alphabet: string[];
  vocab: VocabJson;
  channelLogits: number[];
  hashBits: number;
  weightIndex: string;
  weightValue: string;
  /** Free-form training metadata (hyperparameters, data, timings, dev scores). */
  training?: Record<string, unknown>;
}

export function coreFromJson(j: ModelJson): ModelCore {
  if (j.format !== MODEL_FORMAT) throw new Error(`unknown punctuation model format ${j.format}`);
  const alphabet = new Alphabet(j.alphabet);
  const vocab = attachVocabFromJson(j.vocab, alphabet);
  const channel = newChannel(alphabet, j.direction, j.identity, Float64Array.from(j.channelLogits));
  const weights = new Float64Array(1 << j.hashBits);
  const idx = new Int32Array(bufferOf(j.weightIndex));
  const val = new Float32Array(bufferOf(j.weightValue));
  for (let i = 0; i < idx.length; i++) weights[idx[i]] = val[i];
  return new ModelCore({ vocab, channel, weights, eta: j.eta });
}

function bufferOf(b64: string): ArrayBuffer {
  const buf = Buffer.from(b64, 'base64');
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
}

export function coreToJson(core: ModelCore, vocab: VocabJson, version: string, training?: Record<string, unknown>): ModelJson {
  const idx: number[] = [];
  const val: number[] = [];
  core.weights.forEach((v, i) => {
    if (Math.abs(v) >= 1e-4) (idx.push(i), val.push(v));
  });
  return {
    format: MODEL_FORMAT,
    version,
    direction: core.channel.direction,
    identity: core.channel.identity,
    eta: core.eta,
    alphabet: [...core.channel.alphabet.tokens],
    vocab,
    channelLogits: Array.from(core.channel.logits, (v) => Math.round(v * 1e5) / 1e5),
    hashBits: Math.log2(core.weights.length),
    weightIndex: Buffer.from(Int32Array.from(idx).buffer).toString('base64'),
    weightValue: Buffer.from(Float32Array.from(val).buffer).toString('base64'),
    training,
  };
}

export function readModelJson(file: string): ModelJson {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as ModelJson;
}

export function writeModelJson(file: string, j: ModelJson): void {
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(j));
  fs.renameSync(tmp, file);
}
