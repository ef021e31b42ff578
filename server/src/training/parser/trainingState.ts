/**
 * The neural scorer's training state after an epoch, written so that a killed run continues where it stopped and
 * ends exactly as an uninterrupted one would: θ, its moving average, Adam's moments and step, the best epoch's θ and
 * score, the sentence order (each epoch shuffles the previous one) and how many numbers the seeded generator has
 * drawn (a resumed run draws as many from a fresh one before going on). A two-layer 2 × 64 encoder trains for about
 * an hour on a free core here, longer than a loaded machine's jobs are sure to live.
 */
import * as fs from 'fs';
import { Rng } from '../../random/seededRng';

export interface TrainingState {
  /** Epochs done. */
  epoch: number;
  draws: number;
  bestScore: number;
  bestEpoch: number;
  adamT: number;
  theta: Float64Array;
  /** Empty when training keeps no moving average. */
  average: Float64Array;
  adamM: Float64Array;
  adamV: Float64Array;
  best: Float64Array;
  order: Int32Array;
}

const ARRAYS = ['theta', 'average', 'adamM', 'adamV', 'best', 'order'] as const;
const FORMAT = 'puncteme-neural-training-state-1';

/** Writes the state to `file` (through a temporary file and a rename, so a kill mid-write leaves the last state). */
export function writeTrainingState(file: string, s: TrainingState): void {
  const header = {
    format: FORMAT,
    epoch: s.epoch,
    draws: s.draws,
    bestScore: s.bestScore,
    bestEpoch: s.bestEpoch,
    adamT: s.adamT,
    lengths: ARRAYS.map((k) => s[k].length),
  };
  const json = Buffer.from(JSON.stringify(header));
  const head = Buffer.alloc(4);
  head.writeUInt32LE(json.length);
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, head);
    fs.writeSync(fd, json);
    for (const k of ARRAYS) fs.writeSync(fd, new Uint8Array(s[k].buffer, s[k].byteOffset, s[k].byteLength));
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

export function readTrainingState(file: string): TrainingState {
  const buf = fs.readFileSync(file);
  const jsonLength = buf.readUInt32LE(0);
  const header = JSON.parse(buf.subarray(4, 4 + jsonLength).toString('utf8'));
  if (header.format !== FORMAT) throw new Error(`${file} is not a neural training state (${FORMAT})`);
  let at = 4 + jsonLength;
  const arrays: Record<string, Float64Array | Int32Array> = {};
  ARRAYS.forEach((k, i) => {
    const n = header.lengths[i] as number;
    const bytes = n * (k === 'order' ? 4 : 8);
    if (at + bytes > buf.length) throw new Error(`${file} is truncated`);
    const copy = new Uint8Array(bytes);
    copy.set(buf.subarray(at, at + bytes));
    arrays[k] = k === 'order' ? new Int32Array(copy.buffer) : new Float64Array(copy.buffer);
    at += bytes;
  });
  return { ...header, ...arrays } as TrainingState;
}

/** A generator that counts its draws and can skip ahead: what lets a resumed run draw what an uninterrupted one would. */
export interface CountingRng extends Rng {
  draws(): number;
  /** Draws and discards until `count` numbers have been drawn in all. */
  advanceTo(count: number): void;
}

export function countingRng(rng: Rng): CountingRng {
  let drawn = 0;
  const r = (() => {
    drawn++;
    return rng();
  }) as CountingRng;
  r.draws = () => drawn;
  r.advanceTo = (count: number) => {
    if (count < drawn) throw new Error(`cannot go back from draw ${drawn} to ${count}`);
    while (drawn < count) r();
  };
  return r;
}
