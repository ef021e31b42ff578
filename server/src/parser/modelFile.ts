/**
 * The shipped model file: a JSON header (tag sets, relation labels, scorer shapes) followed by the scorers' typed
 * arrays, each section padded to 4 bytes so that loading maps them as typed-array views without copying. Files
 * named `*.gz` (caches, older models) are gzip-compressed as a whole; the shipped `parser.bin` is not (its tables do
 * not compress, and inflating cost a copy at every start).
 *
 * Two magics. `PUNCTEME-PARSER-2`: every scorer as its sorted rows (the labeller, and any model with no scorer of few
 * classes). `PUNCTEME-PARSER-4`: besides, a scorer of few classes (the transition scorer) may be stored as its ordered
 * lookup table exactly as laid out in memory (its shape then has `table`), and the tagger's XPOS and UPOS scorers of
 * each direction (`xpos…`/`upos…`) as the one joined table the tagger scores with (`jointWeights.ts`), so that loading
 * copies them instead of building them (~45 ms and ~25 ms a direction). The two scorers are still there by name
 * (`scorers.xpos`, rebuilt from the joined table when read). Older magics (1: unpadded; 3: tables without joins) are
 * refused: no shipped model or cache uses them. `PUNCTEME-PARSER-5`: magic 4 with a neural scorer of stacked BiLSTM
 * layers, which older readers must refuse rather than misread. `PUNCTEME-PARSER-6`: magic 5 (or 4) whose other scorers
 * of many classes (the perceptron labeller) are stored as their bucketed layouts as laid out in memory (`bucketed` in
 * their shapes), as the tagger's joined tables are, so that loading copies them instead of building them (8–16 ms).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { SparseWeights } from './weights';
import { JointWeights, PartShape } from './jointWeights';
import { ClusterMap } from './wordClusters';
import { MANIFEST_FILE, ModelFileError, readModelFile, unlistedInManifest } from '../data/modelIntegrity';

const MAGIC = 'PUNCTEME-PARSER-2';
/** Magic 2 plus scorers stored as ordered tables and the tagger's pairs as joined tables; older readers refuse it. */
const MAGIC_V4 = 'PUNCTEME-PARSER-4';
/**
 * Magic 4 whose neural scorer stacks BiLSTM layers (`NeuralDims.layers` > 1). The arrays are laid out as before, but
 * a reader that knows one layer only would take θ for a layout it is not: older readers refuse the file by its magic.
 */
const MAGIC_V5 = 'PUNCTEME-PARSER-5';
/** Scorers of many classes stored as their bucketed layouts (`ScorerShape.bucketed`); older readers refuse it. */
const MAGIC_V6 = 'PUNCTEME-PARSER-6';

/** A header whose neural scorer stacks more than one BiLSTM layer. */
function stacked(header: ModelHeader): boolean {
  return ((header.info.neural as { dims?: { layers?: number } } | undefined)?.dims?.layers ?? 1) > 1;
}

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
  /** By name; in a magic-4 file the tagger's are rebuilt from `joined` on first read (tools, training, writing). */
  scorers: Record<string, SparseWeights>;
  /**
   * The tagger's joined tables as stored (magic 4), under `${xposName}+${uposName}`: what `taggerFromScorers`
   * scores with. Absent in magic-2 files, whose taggers join their scorers at load.
   */
  joined?: Record<string, JointWeights>;
  clusters?: ClusterMap;
  /** Dense arrays (the neural scorer's θ and vocabularies); absent in perceptron-only models, which read as before. */
  dense?: Record<string, Float32Array | Int32Array>;
}

interface ScorerShape {
  nClasses: number;
  bits: number;
  scale: number;
  keys: number;
  entries: number;
  /** Stored as its ordered table (`SparseWeights.orderedTable`): the table's int16 length and placement. */
  table?: { length: number; homeSlots: number; maxShift: number };
  /**
   * A joined pair (magic 4): the names of its two scorers, their shapes, and its bucketed layout
   * (`SparseWeights.bucketedTable`: the lengths of `buckets` and `packed`, the bits below the bucket, the rows).
   */
  joint?: { names: [string, string]; parts: [PartShape, PartShape]; buckets: number; packed: number; remBits: number; rows: number };
  /** Stored as its bucketed layout (magic 6, `SparseWeights.bucketedTable`): the lengths of `buckets` and `packed`, the bits below the bucket, the rows. */
  bucketed?: { buckets: number; packed: number; remBits: number; rows: number };
}

/** The tagger's pairs in a model's scorers: each `xpos…` with its `upos…` (`taggerScorers.ts` names them so). */
function taggerPairs(names: string[]): Array<[string, string]> {
  return names.filter((n) => n.startsWith('xpos') && names.includes(`upos${n.slice(4)}`)).map((n) => [n, `upos${n.slice(4)}`]);
}

/** The key of a joined pair in `ModelContents.joined`. */
export const jointKey = (first: string, second: string) => `${first}+${second}`;

export interface WriteOptions {
  /**
   * Store scorers of few classes as their ordered tables, the tagger's pairs as their joined tables and other scorers
   * of many classes as their bucketed layouts (default);
   * false stores every scorer as its sorted rows (magic 2), which must read as the same model.
   */
  tables?: boolean;
}

function padTo4(parts: Buffer[], length: number): number {
  const pad = (4 - (length % 4)) % 4;
  if (pad) parts.push(Buffer.alloc(pad));
  return length + pad;
}

export function writeModel(file: string, m: ModelContents, options: WriteOptions = {}): number {
  const shapes: Record<string, ScorerShape> = {};
  const body: Buffer[] = [];
  let length = 0;
  const add = (a: ArrayBufferView) => {
    body.push(Buffer.from(a.buffer, a.byteOffset, a.byteLength));
    length = padTo4(body, length + a.byteLength);
  };
  let tables = false;
  let joints = false;
  let bucketed = false;
  const pairs = options.tables === false ? [] : taggerPairs(Object.keys(m.scorers));
  const inPair = new Set(pairs.flat());
  for (const [a, b] of pairs) {
    const key = jointKey(a, b);
    // The stored join when the model was read with one, else the two scorers joined now (the same table).
    const joint = m.joined?.[key] ?? JointWeights.join(m.scorers[a], m.scorers[b]);
    if (!joint) {
      inPair.delete(a);
      inPair.delete(b);
      continue;
    }
    const { table, shapes: parts } = joint.stored;
    const t = table.bucketedTable!;
    joints = true;
    shapes[key] = {
      nClasses: table.nClasses, bits: table.bits, scale: table.scale, keys: 0, entries: t.entries,
      joint: { names: [a, b], parts: [parts[0], parts[1]], buckets: t.buckets.length, packed: t.packed.length, remBits: t.remBits, rows: t.rows },
    };
    add(t.buckets);
    add(t.packed);
  }
  for (const [name, s] of Object.entries(m.scorers)) {
    if (inPair.has(name)) continue;
    const t = options.tables === false ? undefined : s.orderedTable;
    if (t) {
      tables = true;
      shapes[name] = { nClasses: s.nClasses, bits: s.bits, scale: s.scale, keys: 0, entries: t.entries, table: { length: t.rows.length, homeSlots: t.homeSlots, maxShift: t.maxShift } };
      add(t.rows);
      continue;
    }
    const b = options.tables === false ? undefined : s.bucketedTable;
    if (b) {
      bucketed = true;
      shapes[name] = { nClasses: s.nClasses, bits: s.bits, scale: s.scale, keys: 0, entries: b.entries, bucketed: { buckets: b.buckets.length, packed: b.packed.length, remBits: b.remBits, rows: b.rows } };
      add(b.buckets);
      add(b.packed);
      continue;
    }
    shapes[name] = { nClasses: s.nClasses, bits: s.bits, scale: s.scale, keys: s.keys.length, entries: s.values.length };
    for (const a of [s.keys, s.offsets, s.classes, s.values]) add(a);
  }
  const clusterWords = m.clusters ? m.clusters.keys.length : 0;
  if (m.clusters) for (const a of [m.clusters.keys, m.clusters.fine, m.clusters.coarse]) add(a);
  const dense: Record<string, { type: 'f32' | 'i32'; length: number }> = {};
  for (const [name, a] of Object.entries(m.dense ?? {})) {
    dense[name] = { type: a instanceof Float32Array ? 'f32' : 'i32', length: a.length };
    add(a);
  }
  const meta = { magic: bucketed ? MAGIC_V6 : stacked(m.header) ? MAGIC_V5 : joints || tables ? MAGIC_V4 : MAGIC, header: m.header, shapes, clusterWords, ...(m.dense ? { dense } : {}) };
  const headParts: Buffer[] = [Buffer.alloc(4), Buffer.from(JSON.stringify(meta), 'utf8')];
  const headLength = padTo4(headParts, 4 + headParts[1].length);
  headParts[0].writeUInt32LE(headLength);
  const raw = Buffer.concat([...headParts, ...body]);
  const out = file.endsWith('.gz') ? zlib.gzipSync(raw, { level: 9 }) : raw;
  fs.writeFileSync(file, out);
  return out.length;
}

export function readModel(file: string): ModelContents {
  let raw: Buffer;
  try {
    raw = readModelFile(file);
    // One output buffer of the final size (gzip's trailer holds it, mod 2^32): no growing and concatenating chunks.
    if (file.endsWith('.gz')) raw = zlib.gunzipSync(raw, raw.length >= 4 ? { chunkSize: Math.max(64 * 1024, raw.readUInt32LE(raw.length - 4)) } : {});
  } catch (e) {
    if (e instanceof ModelFileError) throw e;
    throw new Error(`cannot read parser model ${file}: ${(e as Error).message}`);
  }
  // Typed-array views need 4-byte aligned offsets; a fresh copy is aligned if the file buffer is not.
  if (raw.byteOffset % 4 !== 0) raw = Buffer.from(Uint8Array.prototype.slice.call(raw));
  const headLength = raw.readUInt32LE(0);
  let meta: {
    magic: string;
    header: ModelHeader;
    shapes: Record<string, ScorerShape>;
    clusterWords?: number;
    dense?: Record<string, { type: 'f32' | 'i32'; length: number }>;
  };
  try {
    meta = JSON.parse(raw.subarray(4, headLength).toString('utf8').replace(/\0+$/, ''));
  } catch {
    throw new Error(`${file} is not a Puncteme parser model`);
  }
  if (meta.magic !== MAGIC && meta.magic !== MAGIC_V4 && meta.magic !== MAGIC_V5 && meta.magic !== MAGIC_V6) throw new Error(`${file} is not a Puncteme parser model of a format this version reads (${String(meta.magic)})`);
  let pos = headLength;
  const take = <T>(bytes: number, make: (b: ArrayBuffer, offset: number) => T): T => {
    const view = make(raw.buffer as ArrayBuffer, raw.byteOffset + pos);
    pos += bytes + ((4 - (bytes % 4)) % 4);
    return view;
  };
  const scorers: Record<string, SparseWeights> = {};
  const joined: Record<string, JointWeights> = {};
  for (const [name, s] of Object.entries(meta.shapes)) {
    if (s.joint && meta.magic !== MAGIC) {
      const { names, parts, buckets, packed, remBits, rows } = s.joint;
      // Views of the file's buffer, then copied once into memory of the table's own (`ownLayout`: WebAssembly's, or
      // copies), so that nothing holds on to the file's buffer.
      const table = SparseWeights.fromBucketedTable(s.nClasses, s.bits, s.scale, {
        buckets: take(4 * buckets, (b, o) => new Uint32Array(b, o, buckets)),
        packed: take(4 * packed, (b, o) => new Int32Array(b, o, packed)),
        remBits,
        rows,
        entries: s.entries,
      });
      table.ownLayout();
      const joint = (joined[name] = JointWeights.fromTable(table, parts));
      // The two scorers by name, rebuilt from the joined table only if something reads them.
      // A scorer assigned anew (pruning) replaces the join, which then no longer holds what the model says.
      names.forEach((part, k) => {
        let built: SparseWeights | undefined;
        Object.defineProperty(scorers, part, {
          enumerable: true,
          configurable: true,
          get: () => (built ??= k ? joint.second : joint.first),
          set: (w: SparseWeights) => {
            delete joined[name];
            Object.defineProperty(scorers, part, { value: w, writable: true, enumerable: true, configurable: true });
          },
        });
      });
      continue;
    }
    if (s.table && meta.magic !== MAGIC) {
      const { length, homeSlots, maxShift } = s.table;
      // One copy, so that nothing holds on to the file's buffer (where building it took ~45 ms): into WebAssembly
      // memory or a copy of its own (`ownLayout`).
      const rows = take(2 * length, (b, o) => new Int16Array(b, o, length));
      scorers[name] = SparseWeights.fromOrderedTable(s.nClasses, s.bits, s.scale, { rows, homeSlots, maxShift, entries: s.entries });
      scorers[name].ownLayout();
      continue;
    }
    if (s.bucketed && meta.magic === MAGIC_V6) {
      const { buckets, packed, remBits, rows } = s.bucketed;
      // As the joined tables above: views of the file's buffer, copied once into memory of the scorer's own.
      scorers[name] = SparseWeights.fromBucketedTable(s.nClasses, s.bits, s.scale, {
        buckets: take(4 * buckets, (b, o) => new Uint32Array(b, o, buckets)),
        packed: take(4 * packed, (b, o) => new Int32Array(b, o, packed)),
        remBits,
        rows,
        entries: s.entries,
      });
      scorers[name].ownLayout();
      continue;
    }
    const keys = take(4 * s.keys, (b, o) => new Uint32Array(b, o, s.keys));
    const offsets = take(4 * (s.keys + 1), (b, o) => new Uint32Array(b, o, s.keys + 1));
    const classes = take(s.entries, (b, o) => new Uint8Array(b, o, s.entries));
    const values = take(2 * s.entries, (b, o) => new Int16Array(b, o, s.entries));
    scorers[name] = new SparseWeights(s.nClasses, s.bits, s.scale, keys, offsets, classes, values);
  }
  const cw = meta.clusterWords ?? 0;
  // Copies (the scorers keep only their lookup tables), so that nothing holds on to the file's buffer.
  const clusters: ClusterMap | undefined = cw
    ? {
        keys: take(4 * cw, (b, o) => new Uint32Array(b, o, cw)).slice(),
        fine: take(cw, (b, o) => new Uint8Array(b, o, cw)).slice(),
        coarse: take(cw, (b, o) => new Uint8Array(b, o, cw)).slice(),
      }
    : undefined;
  let dense: Record<string, Float32Array | Int32Array> | undefined;
  if (meta.dense) {
    dense = {};
    for (const [name, d] of Object.entries(meta.dense)) {
      dense[name] = d.type === 'f32' ? take(4 * d.length, (b, o) => new Float32Array(b, o, d.length)) : take(4 * d.length, (b, o) => new Int32Array(b, o, d.length));
    }
  }
  return { header: meta.header, scorers, clusters, ...(dense ? { dense } : {}), ...(Object.keys(joined).length ? { joined } : {}) };
}

/**
 * An optional model file in a model directory (the graph parser's, the stacked tagger's), or undefined when the
 * directory has none. A directory whose manifest was checked must list it.
 */
export function readModelBeside(modelDir: string, name: string): ModelContents | undefined {
  const file = optionalModelFile(modelDir, name);
  return file === undefined ? undefined : readModel(file);
}

/**
 * The path of an optional model file in a model directory, or undefined when the directory has none; a directory whose
 * manifest was checked must list it, or a file planted beside the shipped ones would be read unchecked.
 */
export function optionalModelFile(modelDir: string, name: string): string | undefined {
  const file = path.join(modelDir, name);
  if (!fs.existsSync(file)) return undefined;
  if (unlistedInManifest(file)) throw new ModelFileError(file, 'corrupt', `not listed in ${MANIFEST_FILE}: npm run models:manifest`);
  return file;
}
