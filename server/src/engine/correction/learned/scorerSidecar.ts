/**
 * The learned scorer's file also stored beside it as the engine holds it in memory (`lint-scorer.json` →
 * `lint-scorer.weights.bin`: its settings, and each set of weights as a `FeatureWeightTable`), so that loading it
 * views typed arrays instead of parsing 2.5 MB of JSON into an object of 72,000 named weights: that was ~60 ms CPU of
 * every cold start of the default decision (issue 37). The JSON file stays the model: the sidecar names the SHA-256 of
 * the file it was derived from and is used only when that matches, so a scorer retrained or replaced without its
 * sidecar still loads (the slower way), never with other weights. The weights are stored as float64: the same
 * numbers JSON.parse gives, so the same probabilities. `npm run models:manifest` writes the sidecar.
 *
 * Layout: a 4-byte little-endian length L, then L bytes of JSON header (padded with spaces so the tables start at a
 * multiple of 8), then per table: weights (float64 × count), hashes (uint32 × slots), slots (int32 × slots), name
 * ends (uint32 × count), names (UTF-8, nameBytes), padded with zeros to a multiple of 8.
 */
import { createHash } from 'crypto';
import { FeatureWeightTable, WeightTableLayout } from './featureWeightTable';
import { readSidecarFile, sidecarBytes, writeSidecarFile } from '../../../data/sidecarFile';

const MAGIC = 'PUNCTEME-SCORER-1';

/** The scorer file as `server/research/scorer/fit.ts` writes it. */
export interface ScorerJson {
  weights: Record<string, number>;
  threshold: number;
  note?: string;
  candidates?: string;
  thresholds?: Record<string, number>;
  hand?: { weights: Record<string, number>; threshold: number };
  gapFeature?: boolean;
  documentRegister?: boolean;
  documentWhich?: boolean;
  setOffFeature?: boolean;
  neuralGaps?: boolean;
}

/** Everything in the scorer file but its weights. */
export type ScorerSettings = Omit<ScorerJson, 'weights' | 'hand'> & { hand?: { threshold: number } };

/** The scorer as the sidecar holds it. */
export interface StoredScorer {
  settings: ScorerSettings;
  weights: FeatureWeightTable;
  hand?: FeatureWeightTable;
}

interface SidecarHeader {
  magic: string;
  /** SHA-256 (hex) of the scorer file it was derived from. */
  source: string;
  settings: ScorerSettings;
  /** The weights' table, then the hand scorer's when there is one. */
  tables: Array<{ count: number; slots: number; nameBytes: number }>;
}

/** The sidecar of a scorer file: `lint-scorer.json` → `lint-scorer.weights.bin`. */
export function scorerSidecarFile(scorerFile: string): string {
  return `${scorerFile.replace(/\.json$/, '')}.weights.bin`;
}

/** What a sidecar names its scorer file by: the SHA-256 of the file's bytes (as the model manifest lists it). */
export function scorerSource(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

const pad8 = (n: number) => (8 - (n % 8)) % 8;
const tableBytes = (t: SidecarHeader['tables'][number]) => 8 * t.count + 8 * t.slots + 4 * t.count + t.nameBytes + pad8(4 * t.count + t.nameBytes);

/** What the sidecar's header keeps of a scorer file: everything but the weights (the hand scorer's threshold too). */
export function scorerSettings(j: ScorerJson): ScorerSettings {
  const { weights: _weights, hand, ...rest } = j;
  return { ...rest, ...(hand ? { hand: { threshold: hand.threshold } } : {}) };
}

/** Writes the sidecar of `scorerFile`, whose contents are `j` and whose bytes have SHA-256 `source`. */
export function writeScorerSidecar(scorerFile: string, j: ScorerJson, source: string): string {
  const { weights, hand } = j;
  const settings = scorerSettings(j);
  const tables = [weights, ...(hand ? [hand.weights] : [])].map((w) => FeatureWeightTable.build(Object.entries(w)).layout);
  const header: SidecarHeader = { magic: MAGIC, source, settings, tables: tables.map((t) => ({ count: t.weights.length, slots: t.slots.length, nameBytes: t.names.length })) };
  const view = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  const parts: Buffer[] = [];
  for (const t of tables) parts.push(view(t.weights), view(t.hashes), view(t.slots), view(t.nameEnds), view(t.names), Buffer.alloc(pad8(4 * t.nameEnds.length + t.names.length)));
  const file = scorerSidecarFile(scorerFile);
  writeSidecarFile(file, sidecarBytes(header, 8, parts));
  return file;
}

/**
 * The scorer from the sidecar of `scorerFile`, or undefined when there is none or it was derived from another file
 * than the one whose SHA-256 is `source`. A sidecar that names `source` but is malformed throws.
 */
export function readScorerSidecar(scorerFile: string, source: string): StoredScorer | undefined {
  const read = readSidecarFile<SidecarHeader>(scorerSidecarFile(scorerFile), 'scorer sidecar');
  if (!read) return undefined;
  const { raw, header, start, bad } = read;
  if (header?.magic !== MAGIC || !Array.isArray(header.tables)) throw bad('not a scorer sidecar');
  if (header.source !== source) return undefined;
  const expected = start + header.tables.reduce((a, t) => a + tableBytes(t), 0);
  if (raw.length !== expected || start % 8 !== 0 || header.tables.length !== (header.settings.hand ? 2 : 1)) throw bad(`${raw.length} bytes, expected ${expected}`);
  // Views of the file's bytes where they are aligned as read (a file's own buffer is), else of a copy.
  const bytes = raw.byteOffset % 8 === 0 ? raw : Buffer.from(raw);
  const ab = bytes.buffer;
  let at = bytes.byteOffset + start;
  const take = <T>(make: (buffer: ArrayBuffer, offset: number, length: number) => T, length: number, width: number): T => {
    const out = make(ab as ArrayBuffer, at, length);
    at += length * width;
    return out;
  };
  const tables = header.tables.map((t) => {
    const layout: WeightTableLayout = {
      weights: take((b, o, n) => new Float64Array(b, o, n), t.count, 8),
      hashes: take((b, o, n) => new Uint32Array(b, o, n), t.slots, 4),
      slots: take((b, o, n) => new Int32Array(b, o, n), t.slots, 4),
      nameEnds: take((b, o, n) => new Uint32Array(b, o, n), t.count, 4),
      names: take((b, o, n) => new Uint8Array(b, o, n), t.nameBytes, 1),
    };
    at += pad8(4 * t.count + t.nameBytes);
    try {
      return new FeatureWeightTable(layout);
    } catch (e) {
      throw bad((e as Error).message);
    }
  });
  return { settings: header.settings, weights: tables[0], hand: tables[1] };
}
