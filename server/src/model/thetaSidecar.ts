/**
 * A punctuation model file's θ also stored beside it as the engine holds it in memory (`punct.json` →
 * `punct.theta.bin`: `RankedInt16`'s bitmap, rank directory and non-zero values), so that loading maps three typed
 * arrays instead of decoding base64, inflating 8 MB and dropping the zeros again: that was ~80 of the ~100 ms CPU the
 * model took to load (issue 37). The JSON file stays the model: the sidecar names the SHA-256 of the JSON's `weights`
 * and its scale, and is used only when they match, so a model file retrained or replaced without its sidecar still
 * loads (the slower way), never with another θ. `npm run models:manifest` writes the sidecars.
 *
 * Layout: a 4-byte little-endian length L, then L bytes of JSON header (padded with spaces to a multiple of 4), then
 * the bitmap (uint32 × words), the rank directory (uint32 × words) and the values (int16 × nonZero).
 */
import { createHash } from 'crypto';
import type { ModelJson } from './modelFile';
import { RankedInt16 } from './rankedWeights';
import { cutTopLevelStringField } from '../data/jsonFieldCut';
import { readSidecarFile, sidecarBytes, writeSidecarFile } from '../data/sidecarFile';

const MAGIC = 'PUNCTEME-THETA-1';

interface SidecarHeader {
  magic: string;
  /** SHA-256 (hex) of the model file's `weights` string it was derived from. */
  weights: string;
  weightScale: number;
  length: number;
  words: number;
  nonZero: number;
}

/** The sidecar of a model file: `punct.json` → `punct.theta.bin`. */
export function thetaSidecarFile(modelFile: string): string {
  return `${modelFile.replace(/\.json$/, '')}.theta.bin`;
}

function weightsDigest(j: Pick<ModelJson, 'weights'>): string {
  return createHash('sha256').update(j.weights).digest('hex');
}

/** Writes the sidecar of `modelFile` (whose contents are `j`) holding `theta`, the θ that `j` denotes. */
export function writeThetaSidecar(modelFile: string, j: ModelJson, theta: RankedInt16): string {
  const { length, bits, rank, values } = theta.layout;
  const header: SidecarHeader = { magic: MAGIC, weights: weightsDigest(j), weightScale: j.weightScale, length, words: bits.length, nonZero: values.length };
  const file = thetaSidecarFile(modelFile);
  const view = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  writeSidecarFile(file, sidecarBytes(header, 4, [view(bits), view(rank), view(values)]));
  return file;
}

/**
 * θ from the sidecar of `modelFile`, or undefined when there is none or it was derived from other weights than
 * `j`'s (then θ is decoded from `j`). A sidecar that claims `j`'s weights but is malformed throws.
 */
export function readThetaSidecar(modelFile: string, j: ModelJson): RankedInt16 | undefined {
  const sidecar = readSidecar(modelFile);
  return sidecar && sidecar.header.weights === weightsDigest(j) && sidecar.header.weightScale === j.weightScale ? sidecar.theta() : undefined;
}

/** The sidecar's header, and its θ when asked (after the header was matched). */
function readSidecar(modelFile: string): { header: SidecarHeader; theta: () => RankedInt16 } | undefined {
  const read = readSidecarFile<SidecarHeader>(thetaSidecarFile(modelFile), 'θ sidecar');
  if (!read) return undefined;
  const { raw, header, start, bad } = read;
  if (header?.magic !== MAGIC) throw bad('not a θ sidecar');
  const theta = () => {
    const expected = start + 8 * header.words + 2 * header.nonZero;
    if (raw.length !== expected || start % 4 !== 0) throw bad(`${raw.length} bytes, expected ${expected}`);
    // Copied out of the file's buffer (which may be unaligned, and need not be kept).
    const ab = raw.buffer.slice(raw.byteOffset + start, raw.byteOffset + expected);
    const bits = new Uint32Array(ab, 0, header.words);
    const rank = new Uint32Array(ab, 4 * header.words, header.words);
    const values = new Int16Array(ab, 8 * header.words, header.nonZero);
    return new RankedInt16({ length: header.length, bits, rank, values });
  };
  return { header, theta };
}

/**
 * A model file's contents (`bytes`, as read) with θ from its sidecar, without decoding the 4 MB `weights` string when
 * the sidecar was derived from it: its digest is taken over the string's bytes in the file (base64 is ASCII: the same
 * bytes the string's UTF-8 is), and the JSON is parsed with the string cut out (`weights` then reads "";
 * `data/jsonFieldCut.ts`). Decoding and parsing that string was ~15 of the model's ~50 ms CPU at start (issue 37).
 * Undefined when there is no sidecar of these weights, or the cut did not give the top-level `weights` exactly: the
 * caller then parses the whole file.
 */
export function readModelWithSidecar(modelFile: string, bytes: Buffer): { j: ModelJson; theta: RankedInt16 } | undefined {
  const sidecar = readSidecar(modelFile);
  if (!sidecar) return undefined;
  const cut = cutTopLevelStringField<ModelJson>(bytes, 'weights');
  if (!cut) return undefined;
  const weights = bytes.subarray(cut.start, cut.end);
  // A backslash would make the bytes other than the string they escape, whose digest the sidecar names.
  if (weights.includes(0x5c) || createHash('sha256').update(weights).digest('hex') !== sidecar.header.weights) return undefined;
  if (cut.json.weightScale !== sidecar.header.weightScale) return undefined;
  return { j: cut.json, theta: sidecar.theta() };
}
