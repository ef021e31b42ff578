/**
 * A training run's checkpoint on disk (`TrainState`): a JSON header line (epochs, scores, step counts, array lengths)
 * followed by the raw float64 arrays (θ, φ, Adam's moments of each, the best epoch's θ and φ). θ's arrays are 2^22
 * entries each, so a checkpoint is about 130 MB: it belongs in a cache directory, never in the repository.
 */
import * as fs from 'fs';
import { TrainState } from './train';

const MAGIC = 'puncteme-train-checkpoint-1';

type ArrayKey = 'weights' | 'logits' | 'thetaM' | 'thetaV' | 'phiM' | 'phiV' | 'bestWeights' | 'bestLogits';

function arraysOf(s: TrainState): Record<ArrayKey, Float64Array> {
  return {
    weights: s.weights,
    logits: s.logits,
    thetaM: s.adamTheta.m,
    thetaV: s.adamTheta.v,
    phiM: s.adamPhi.m,
    phiV: s.adamPhi.v,
    bestWeights: s.best.weights,
    bestLogits: s.best.logits,
  };
}

/** Writes atomically (a temporary file renamed), so an interrupted write leaves the previous checkpoint whole. */
export function writeCheckpoint(file: string, s: TrainState, meta: Record<string, unknown> = {}): void {
  const arrays = arraysOf(s);
  const header = {
    format: MAGIC,
    epochsDone: s.epochsDone,
    epochs: s.epochs,
    best: { score: s.best.score, epoch: s.best.epoch },
    adamThetaT: s.adamTheta.t,
    adamPhiT: s.adamPhi.t,
    seconds: s.seconds,
    lengths: Object.fromEntries(Object.entries(arrays).map(([k, a]) => [k, a.length])),
    meta,
  };
  const tmp = `${file}.tmp`;
  const fd = fs.openSync(tmp, 'w');
  try {
    fs.writeSync(fd, JSON.stringify(header, (_, v) => (typeof v === 'number' && !Number.isFinite(v) ? String(v) : v)) + '\n');
    for (const a of Object.values(arrays)) fs.writeSync(fd, new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

export function readCheckpoint(file: string): { state: TrainState; meta: Record<string, unknown> } {
  const buf = fs.readFileSync(file);
  const nl = buf.indexOf(0x0a);
  if (nl < 0) throw new Error(`${file}: not a training checkpoint`);
  // Non-finite numbers (an epoch without a dev score: NaN; no best yet: Infinity) were written as strings.
  const header = JSON.parse(buf.subarray(0, nl).toString('utf8'), (_, v) => (v === 'NaN' || v === 'Infinity' || v === '-Infinity' ? Number(v) : v));
  if (header.format !== MAGIC) throw new Error(`${file}: not a training checkpoint (${String(header.format)})`);
  let off = nl + 1;
  const arrays = {} as Record<ArrayKey, Float64Array>;
  for (const [k, n] of Object.entries(header.lengths as Record<ArrayKey, number>)) {
    // Copied out: the header's length makes the offset unaligned for a Float64Array view.
    const bytes = buf.subarray(off, off + n * 8);
    if (bytes.length !== n * 8) throw new Error(`${file}: truncated at ${k}`);
    arrays[k as ArrayKey] = new Float64Array(Uint8Array.from(bytes).buffer);
    off += n * 8;
  }
  const state: TrainState = {
    epochsDone: header.epochsDone,
    epochs: header.epochs,
    weights: arrays.weights,
    logits: arrays.logits,
    adamTheta: { m: arrays.thetaM, v: arrays.thetaV, t: header.adamThetaT },
    adamPhi: { m: arrays.phiM, v: arrays.phiV, t: header.adamPhiT },
    best: { score: header.best.score, epoch: header.best.epoch, weights: arrays.bestWeights, logits: arrays.bestLogits },
    seconds: header.seconds,
  };
  return { state, meta: header.meta ?? {} };
}
