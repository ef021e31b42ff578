/**
 * The framing of a model's binary sidecar (θ's `punct.theta.bin`, the scorer's `lint-scorer.weights.bin`): a
 * little-endian u32 length, a JSON header of that many bytes (space-padded so that the data after it starts aligned),
 * then the data as laid out in memory. Each sidecar says what its header holds and checks its own magic.
 */
import * as fs from 'fs';
import { readModelFile } from './modelIntegrity';

/** The file's bytes: its length, its header padded so that the data starts at a multiple of `align`, and `data`. */
export function sidecarBytes(header: object, align: number, data: readonly Buffer[]): Buffer {
  let text = JSON.stringify(header);
  text += ' '.repeat((align - ((4 + Buffer.byteLength(text)) % align)) % align);
  const head = Buffer.alloc(4);
  head.writeUInt32LE(Buffer.byteLength(text));
  return Buffer.concat([head, Buffer.from(text), ...data]);
}

/** Writes `bytes` to `file` through a temporary file, so that a reader never sees half of it. */
export function writeSidecarFile(file: string, bytes: Buffer): void {
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, file);
}

export interface SidecarRead<H> {
  raw: Buffer;
  header: H;
  /** Where the data starts in `raw`. */
  start: number;
  /** An error naming the file. */
  bad: (why: string) => Error;
}

/** The sidecar `file` read (checked against the manifest) with its header parsed, or undefined when it is missing. */
export function readSidecarFile<H>(file: string, what: string): SidecarRead<H> | undefined {
  if (!fs.existsSync(file)) return undefined;
  const raw = readModelFile(file);
  const bad = (why: string) => new Error(`${file}: ${why}`);
  if (raw.length < 4) throw bad('truncated');
  const headLength = raw.readUInt32LE(0);
  try {
    return { raw, header: JSON.parse(raw.subarray(4, 4 + headLength).toString('utf8')) as H, start: 4 + headLength, bad };
  } catch {
    throw bad(`not a ${what}`);
  }
}
