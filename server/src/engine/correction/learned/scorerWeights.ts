/**
 * The learned scorer's weights as held in memory and as stored beside its JSON: the feature-weight hash table over
 * typed arrays, and the binary sidecar (`lint-scorer.weights.bin`) that stores that table so that loading it is a few
 * views of the file's bytes. Each section below keeps its own reasons.
 */
import { FNV_OFFSET, fnvFrom, fnvOfParts } from '../../../parser/fnv';
import { createHash } from 'crypto';
import { readSidecarFile, sidecarBytes, writeSidecarFile } from '../../../data/sidecarFile';

/**
 * A learned scorer's feature name → weight, as an open-addressing hash table over typed arrays: the layout its
 * sidecar file stores (`writeScorerSidecar`, below), so that loading it is a few views of the file's bytes rather than parsing
 * 72,000 names out of JSON into an object (~60 ms CPU at every cold start, issue 37). A lookup hashes the name,
 * probes the table and compares the stored name's bytes with the name itself: exact, never a hashed guess.
 */
/** What the scorer reads of its weights: the weight of a feature name, undefined for a feature it does not have. */
export interface FeatureWeights {
  get(name: string): number | undefined;
  /**
   * The weight of the feature named by the parts a … g (those given) joined, as `get` of the joined name gives it:
   * what the lint's scorer asks (`featureSinks.ts`), without building the name.
   */
  weightOfParts(a: string, b?: string, c?: string, d?: string, e?: string, f?: string, g?: string): number | undefined;
  /** Whether some feature's name starts with `prefix`: none lets the scorer skip computing features it would not weigh. */
  hasNameStartingWith(prefix: string): boolean;
}

/** The parts a … g (those given) joined. */
export function joinParts(a: string, b?: string, c?: string, d?: string, e?: string, f?: string, g?: string): string {
  return a + (b ?? '') + (c ?? '') + (d ?? '') + (e ?? '') + (f ?? '') + (g ?? '');
}

/** Feature weights held as a plain object (the JSON file's `weights`, a scorer being trained). */
export function recordWeights(weights: Readonly<Record<string, number>>): FeatureWeights {
  const get = (name: string): number | undefined => weights[name];
  const prefixes = new Map<string, boolean>();
  return {
    get,
    weightOfParts: (a, b, c, d, e, f, g) => get(joinParts(a, b, c, d, e, f, g)),
    hasNameStartingWith: (prefix) => {
      let has = prefixes.get(prefix);
      if (has === undefined) prefixes.set(prefix, (has = Object.keys(weights).some((name) => name.startsWith(prefix))));
      return has;
    },
  };
}

/** The table's arrays, as stored in the sidecar. */
export interface WeightTableLayout {
  /** The i-th feature's weight. */
  weights: Float64Array;
  /** Where the i-th feature's name ends in `names` (it starts where the (i-1)-th ends). */
  nameEnds: Uint32Array;
  /** The names, UTF-8, one after another. */
  names: Uint8Array;
  /** Per slot (a power of two of them): the index of the feature held there, or -1. */
  slots: Int32Array;
  /** Per slot: the hash of the name held there (compared before the name). */
  hashes: Uint32Array;
}

const EMPTY = -1;
/** `partAt`'s answer for a part it cannot compare as bytes. */
const NOT_ASCII = -2;
/** How many looked-up names `FeatureWeightTable` remembers before it starts again. */
const SEEN_LIMIT = 20_000;

/** FNV-1a over the name's UTF-16 code units (`parser/fnv.ts`): what the writer and the reader both compute from a JS string. */
export function featureHash(name: string): number {
  return fnvFrom(FNV_OFFSET, name) >>> 0;
}

/** Slots for `count` features: a power of two, at most 60% of them used (short probes on a miss). */
function slotCount(count: number): number {
  let n = 16;
  while (n * 0.6 < count) n *= 2;
  return n;
}

export class FeatureWeightTable implements FeatureWeights {
  private readonly mask: number;

  constructor(readonly layout: WeightTableLayout) {
    const { weights, nameEnds, names, slots, hashes } = layout;
    const n = slots.length;
    if (n === 0 || (n & (n - 1)) !== 0 || hashes.length !== n || nameEnds.length !== weights.length) throw new Error('not a feature weight table layout');
    if (weights.length > 0 && nameEnds[weights.length - 1] !== names.length) throw new Error('feature weight table: the names do not end where the table says');
    // Nothing here walks the arrays: at a cold start every loop runs in the interpreter, and one over the slots cost
    // more than the rest of loading. A malformed table cannot hang a lookup (`get` probes each slot once at most),
    // and the manifest's SHA-256 keeps a damaged file from being read at all.
    this.mask = n - 1;
  }

  /** The table of `entries` (names distinct), in their order. */
  static build(entries: Iterable<readonly [string, number]>): FeatureWeightTable {
    const list = [...entries];
    const encoded = list.map(([name]) => Buffer.from(name, 'utf8'));
    // A lone surrogate has no UTF-8: stored as U+FFFD, its name would never be found again.
    list.forEach(([name], i) => {
      if (encoded[i].toString('utf8') !== name) throw new Error(`feature weight table: ${JSON.stringify(name)} is not valid Unicode`);
    });
    const names = new Uint8Array(Buffer.concat(encoded));
    const nameEnds = new Uint32Array(list.length);
    for (let i = 0, end = 0; i < list.length; i++) nameEnds[i] = end += encoded[i].length;
    const weights = Float64Array.from(list, ([, w]) => w);
    const n = slotCount(list.length);
    const slots = new Int32Array(n).fill(EMPTY);
    const hashes = new Uint32Array(n);
    list.forEach(([name], i) => {
      const h = featureHash(name);
      let at = h & (n - 1);
      while (slots[at] !== EMPTY) {
        if (hashes[at] === h && list[slots[at]][0] === name) throw new Error(`feature weight table: ${name} twice`);
        at = (at + 1) & (n - 1);
      }
      slots[at] = i;
      hashes[at] = h;
    });
    return new FeatureWeightTable({ weights, nameEnds, names, slots, hashes });
  }

  get size(): number {
    return this.layout.weights.length;
  }

  /**
   * Names already looked up, with their weight (or its absence): a sentence's candidates share most feature names,
   * and V8 hashes a string natively, so a Map in front of the table answers them without the FNV walk and the byte
   * comparison. Cleared when full, so that the words in names cannot grow it without bound.
   */
  private readonly seen = new Map<string, number | undefined>();

  get(name: string): number | undefined {
    const known = this.seen.get(name);
    if (known !== undefined || this.seen.has(name)) return known;
    if (this.seen.size >= SEEN_LIMIT) this.seen.clear();
    const w = this.lookup(name);
    this.seen.set(name, w);
    return w;
  }

  private lookup(name: string): number | undefined {
    const { slots, hashes, weights } = this.layout;
    const h = featureHash(name);
    for (let at = h & this.mask, probes = 0; probes <= this.mask; at = (at + 1) & this.mask, probes++) {
      const i = slots[at];
      if (i === EMPTY) return undefined;
      if (hashes[at] === h && this.nameIs(i, name)) return weights[i];
    }
    return undefined;
  }

  /**
   * The weight of the feature named by the parts joined, without joining them: their FNV-1a hash read part after part
   * is the joined name's (`parser/fnv.ts`), and the stored name is compared with the parts byte after byte. No
   * remembered names here: a Map would need the name as a string, whose building and hashing this avoids.
   */
  weightOfParts(a: string, b?: string, c?: string, d?: string, e?: string, f?: string, g?: string): number | undefined {
    const { slots, hashes, weights } = this.layout;
    const h = fnvOfParts(FNV_OFFSET, a, b, c, d, e, f, g) >>> 0;
    for (let at = h & this.mask, probes = 0; probes <= this.mask; at = (at + 1) & this.mask, probes++) {
      const i = slots[at];
      if (i === EMPTY) return undefined;
      if (hashes[at] === h && this.partsAre(i, a, b, c, d, e, f, g)) return weights[i];
    }
    return undefined;
  }

  /** Whether the i-th stored name is the parts joined: byte for byte while they are ASCII, else as `nameIs` of the joined name. */
  private partsAre(i: number, a: string, b?: string, c?: string, d?: string, e?: string, f?: string, g?: string): boolean {
    // Unrolled: a loop over an array of the parts would build that array at every lookup.
    const end = this.layout.nameEnds[i];
    let at = this.partAt(this.start(i), end, a);
    if (at >= 0 && b !== undefined) at = this.partAt(at, end, b);
    if (at >= 0 && c !== undefined) at = this.partAt(at, end, c);
    if (at >= 0 && d !== undefined) at = this.partAt(at, end, d);
    if (at >= 0 && e !== undefined) at = this.partAt(at, end, e);
    if (at >= 0 && f !== undefined) at = this.partAt(at, end, f);
    if (at >= 0 && g !== undefined) at = this.partAt(at, end, g);
    if (at === NOT_ASCII) return this.nameIs(i, joinParts(a, b, c, d, e, f, g));
    return at === end;
  }

  /**
   * Where the stored name's bytes from `at` (up to `end`) go on past `part`: -1 where they differ from it, NOT_ASCII
   * where the part holds a code unit UTF-8 writes in more than one byte (its comparison is `nameIs`'s).
   */
  private partAt(at: number, end: number, part: string): number {
    const names = this.layout.names;
    for (let k = 0; k < part.length; k++) {
      const c = part.charCodeAt(k);
      if (c >= 0x80) return NOT_ASCII;
      if (at >= end || names[at] !== c) return -1;
      at++;
    }
    return at;
  }

  /** Prefixes asked about (`hasNameStartingWith`), with the answer. */
  private readonly prefixes = new Map<string, boolean>();

  hasNameStartingWith(prefix: string): boolean {
    let has = this.prefixes.get(prefix);
    if (has === undefined) this.prefixes.set(prefix, (has = this.anyNameStartsWith(prefix)));
    return has;
  }

  /**
   * Whether a name starts with `prefix`: its bytes searched for in the names' bytes (a native search, where a loop over
   * 72,000 names ran cold for milliseconds), each place found checked to be the start of a name long enough to hold it.
   * A prefix that is not ASCII is looked for in the decoded names.
   */
  private anyNameStartsWith(prefix: string): boolean {
    if (!/^[\x00-\x7f]*$/.test(prefix)) return [...this.entries()].some(([name]) => name.startsWith(prefix));
    const { names, nameEnds } = this.layout;
    if (prefix.length === 0) return nameEnds.length > 0;
    const bytes = Buffer.from(names.buffer, names.byteOffset, names.length);
    for (let at = bytes.indexOf(prefix, 0, 'latin1'); at >= 0; at = bytes.indexOf(prefix, at + 1, 'latin1')) {
      // The name that holds byte `at`: the first whose end is past it; the prefix is its start if it starts at `at`.
      const i = this.nameHolding(at);
      if (this.start(i) === at && nameEnds[i] - at >= prefix.length) return true;
    }
    return false;
  }

  /** The first name whose end is past byte `at` (the name holding it; names before it that end at `at` are empty or end there). */
  private nameHolding(at: number): number {
    const ends = this.layout.nameEnds;
    let lo = 0;
    let hi = ends.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ends[mid] > at) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Where the i-th name starts in `names`. */
  private start(i: number): number {
    return i === 0 ? 0 : this.layout.nameEnds[i - 1];
  }

  /** Whether the i-th stored name is `name`: byte for byte while it is ASCII (nearly every feature), else decoded. */
  private nameIs(i: number, name: string): boolean {
    const { names, nameEnds } = this.layout;
    const start = this.start(i);
    const end = nameEnds[i];
    for (let k = 0; k < name.length; k++) {
      const c = name.charCodeAt(k);
      if (c >= 0x80) return Buffer.from(names.buffer, names.byteOffset + start, end - start).toString('utf8') === name;
      if (start + k >= end || names[start + k] !== c) return false;
    }
    return end - start === name.length;
  }

  /** The i-th feature's name. */
  name(i: number): string {
    const { names, nameEnds } = this.layout;
    return Buffer.from(names.buffer, names.byteOffset + this.start(i), nameEnds[i] - this.start(i)).toString('utf8');
  }

  /** Every feature and its weight, in the order the table was built from. */
  *entries(): IterableIterator<[string, number]> {
    for (let i = 0; i < this.size; i++) yield [this.name(i), this.layout.weights[i]];
  }
}

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
