/**
 * The shipped model file: a JSON header (tag sets, relation labels, scorer shapes) followed by the scorers' typed
 * arrays, gzip-compressed as a whole. Loading is one gunzip and a few typed-array copies.
 */
import * as fs from 'fs';
import * as zlib from 'zlib';
import { SparseWeights } from './weights';
import { ClusterMap } from './wordClusters';

const MAGIC = 'PUNCTEME-PARSER-1';

export interface ModelHeader {
  version: string;
  upos: string[];
  xpos: string[];
  deprels: string[];
  /** Anything else worth recording (training settings, dev scores). */
  info: Record<string, unknown>;
}

export interface ModelContents {
  header: ModelHeader;
  scorers: Record<string, SparseWeights>;
  clusters?: ClusterMap;
}

interface ScorerShape {
  nClasses: number;
  bits: number;
  scale: number;
  keys: number;
  entries: number;
}

export function writeModel(file: string, m: ModelContents): number {
  const shapes: Record<string, ScorerShape> = {};
  const parts: Buffer[] = [];
  for (const [name, s] of Object.entries(m.scorers)) {
    shapes[name] = { nClasses: s.nClasses, bits: s.bits, scale: s.scale, keys: s.keys.length, entries: s.values.length };
    for (const a of [s.keys, s.offsets, s.classes, s.values]) parts.push(Buffer.from(a.buffer, a.byteOffset, a.byteLength));
  }
  const clusterWords = m.clusters ? m.clusters.keys.length : 0;
  if (m.clusters) {
    const c = m.clusters;
    parts.push(Buffer.from(c.keys.buffer, c.keys.byteOffset, c.keys.byteLength), Buffer.from(c.fine), Buffer.from(c.coarse));
  }
  const head = Buffer.from(JSON.stringify({ magic: MAGIC, header: m.header, shapes, clusterWords }), 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32LE(head.length);
  const gz = zlib.gzipSync(Buffer.concat([len, head, ...parts]), { level: 9 });
  fs.writeFileSync(file, gz);
  return gz.length;
}

export function readModel(file: string): ModelContents {
  let raw: Buffer;
  try {
    raw = zlib.gunzipSync(fs.readFileSync(file));
  } catch (e) {
    throw new Error(`cannot read parser model ${file}: ${(e as Error).message}`);
  }
  const len = raw.readUInt32LE(0);
  const meta = JSON.parse(raw.subarray(4, 4 + len).toString('utf8')) as {
    magic: string;
    header: ModelHeader;
    shapes: Record<string, ScorerShape>;
    clusterWords?: number;
  };
  if (meta.magic !== MAGIC) throw new Error(`${file} is not a Puncteme parser model`);
  let pos = 4 + len;
  // Copy into fresh (aligned) arrays: the gunzipped buffer's offsets need not be multiples of 4.
  const take = <T>(bytes: number, make: (b: ArrayBuffer) => T): T => {
    const ab = new ArrayBuffer(bytes);
    new Uint8Array(ab).set(raw.subarray(pos, pos + bytes));
    pos += bytes;
    return make(ab);
  };
  const scorers: Record<string, SparseWeights> = {};
  for (const [name, s] of Object.entries(meta.shapes)) {
    const keys = take(4 * s.keys, (b) => new Uint32Array(b));
    const offsets = take(4 * (s.keys + 1), (b) => new Uint32Array(b));
    const classes = take(s.entries, (b) => new Uint8Array(b));
    const values = take(2 * s.entries, (b) => new Int16Array(b));
    scorers[name] = new SparseWeights(s.nClasses, s.bits, s.scale, keys, offsets, classes, values);
  }
  const cw = meta.clusterWords ?? 0;
  const clusters: ClusterMap | undefined = cw
    ? {
        keys: take(4 * cw, (b) => new Uint32Array(b)),
        fine: take(cw, (b) => new Uint8Array(b)),
        coarse: take(cw, (b) => new Uint8Array(b)),
      }
    : undefined;
  return { header: meta.header, scorers, clusters };
}
