/**
 * The shipped scorers' lookup layout (ordered table for few classes, buckets for many) against the plain meaning of
 * the sorted arrays it is built from: a row's score is the sum over the features of its weights, found by binary
 * search. Every comparison is exact (`Object.is` on every score), on random models, on crowded keys, and on every row
 * of the shipped parser model.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FeatureBuffer } from '../../server/src/parser/hash';
import { readModel, writeModel } from '../../server/src/parser/modelFile';
import { seededRandom } from '../../server/src/training/parser/views';
import { SparseWeights } from '../../server/src/parser/weights';
import { WASM_MAX_FEATURES } from '../../server/src/parser/wasmSparse';

interface Sorted {
  keys: Uint32Array;
  offsets: Uint32Array;
  classes: Uint8Array;
  values: Int16Array;
}

/** The scores the sorted arrays define: few classes add fround(q · scale) per class, many add integers and scale. */
function reference(C: number, bits: number, scale: number, s: Sorted, f: FeatureBuffer, out: Float64Array): void {
  out.fill(0, 0, C);
  const dense = C <= 4;
  const row = new Int16Array(C);
  for (let k = 0; k < f.n; k++) {
    const key = f.buf[k] & (2 ** bits - 1);
    let lo = 0, hi = s.keys.length - 1, i = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (s.keys[mid] === key) (i = mid), (lo = hi + 1);
      else if (s.keys[mid] < key) lo = mid + 1;
      else hi = mid - 1;
    }
    if (i < 0) continue;
    row.fill(0);
    for (let e = s.offsets[i]; e < s.offsets[i + 1]; e++) row[s.classes[e]] = s.values[e];
    if (dense) for (let c = 0; c < C; c++) out[c] += Math.fround(row[c] * scale);
    else for (let e = s.offsets[i]; e < s.offsets[i + 1]; e++) out[s.classes[e]] += s.values[e];
  }
  if (!dense) for (let c = 0; c < C; c++) out[c] *= scale;
}

function randomModel(rand: () => number, C: number, bits: number, rows: number, crowd = false): Sorted {
  const keySet = new Set<number>();
  while (keySet.size < rows) keySet.add(crowd ? keySet.size * 3 : Math.floor(rand() * 2 ** bits));
  const keys = Uint32Array.from([...keySet].sort((a, b) => a - b));
  const offsets = [0];
  const classes: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    for (let c = 0; c < C; c++) {
      if (rand() < 0.5 && c !== i % C) continue; // every row has at least one entry
      classes.push(c);
      values.push((rand() < 0.5 ? -1 : 1) * (1 + Math.floor(rand() * 32766)));
    }
    offsets.push(classes.length);
  }
  return { keys, offsets: Uint32Array.from(offsets), classes: Uint8Array.from(classes), values: Int16Array.from(values) };
}

function assertSameScores(w: SparseWeights, s: Sorted, features: number[][]): void {
  const f = new FeatureBuffer();
  const got = new Float64Array(w.nClasses);
  const want = new Float64Array(w.nClasses);
  for (const feats of features) {
    f.clear();
    for (const x of feats) f.buf[f.n++] = x;
    w.score(f, got);
    reference(w.nClasses, w.bits, w.scale, s, f, want);
    for (let c = 0; c < w.nClasses; c++) assert.ok(Object.is(got[c], want[c]), `class ${c} of [${feats}]: ${got[c]} vs ${want[c]}`);
  }
}

describe('parser weights layout', () => {
  for (const [C, bits, rows] of [[3, 24, 20000], [2, 10, 700], [3, 6, 40], [16, 20, 5000], [43, 12, 3000], [50, 8, 200], [3, 16, 0], [9, 16, 0]]) {
    it(`scores exactly as the sorted arrays say, ${C} classes, ${bits}-bit rows, ${rows} rows`, () => {
      const rand = seededRandom(C * 1000 + bits);
      const s = randomModel(rand, C, bits, rows);
      const w = new SparseWeights(C, bits, 0.000123, s.keys, s.offsets, s.classes, s.values);
      // Every row alone, and random mixes of present and absent rows (upper bits set too: the scorer masks them).
      assertSameScores(w, s, Array.from(s.keys, (k) => [k]));
      const mixes = Array.from({ length: 300 }, () =>
        Array.from({ length: 1 + Math.floor(rand() * 40) }, () => (rand() < 0.6 && rows ? s.keys[Math.floor(rand() * rows)] : Math.floor(rand() * 2 ** 32)) >>> 0),
      );
      assertSameScores(w, s, mixes);
      // The sorted arrays come back exactly.
      assert.deepStrictEqual([w.keys, w.offsets, w.classes, w.values], [s.keys, s.offsets, s.classes, s.values]);
    });
  }

  it('stays exact when rows crowd together far from their homes (a sparser table is chosen)', () => {
    const rand = seededRandom(5);
    for (const C of [3, 20]) {
      const s = randomModel(rand, C, 16, 3000, true);
      const w = new SparseWeights(C, 16, 0.5, s.keys, s.offsets, s.classes, s.values);
      assertSameScores(w, s, Array.from({ length: 20000 }, (_, k) => [k]));
      assert.deepStrictEqual([w.keys, w.offsets, w.classes, w.values], [s.keys, s.offsets, s.classes, s.values]);
    }
  });

  it('gives the same scores in WebAssembly (up to WASM_MAX_FEATURES features) and past it in JavaScript', () => {
    // The bucketed layout's lookups run in WebAssembly (`wasmSparse.ts`); a decision with more features
    // than a call takes goes through the JavaScript loop. Both must say what the sorted arrays say.
    const rand = seededRandom(17);
    // The bucketed layout (many classes) and the ordered table (few classes; float32 products summed in float64).
    for (const C of [59, 3]) {
      const s = randomModel(rand, C, 20, 6000);
      const w = new SparseWeights(C, 20, 0.0007, s.keys, s.offsets, s.classes, s.values);
      const some = (n: number) => Array.from({ length: n }, () => (rand() < 0.8 ? s.keys[Math.floor(rand() * s.keys.length)] : Math.floor(rand() * 2 ** 32)) >>> 0);
      assertSameScores(w, s, [some(1), some(38), some(150), some(WASM_MAX_FEATURES), some(WASM_MAX_FEATURES + 1), some(3 * WASM_MAX_FEATURES), some(40)]);
    }
  });

  it('refuses rows out of order', () => {
    assert.throws(() => new SparseWeights(3, 8, 1, Uint32Array.from([5, 3]), Uint32Array.from([0, 1, 2]), Uint8Array.from([0, 1]), Int16Array.from([1, 1])), /ascending/);
  });

  it('survives a write and a read of the model file', () => {
    const rand = seededRandom(7);
    const scorers: Record<string, SparseWeights> = {};
    const sorted: Record<string, Sorted> = {};
    for (const [name, C] of [['transitions', 3], ['labels', 30]] as const) {
      sorted[name] = randomModel(rand, C, 18, 4000);
      const s = sorted[name];
      scorers[name] = new SparseWeights(C, 18, 0.25, s.keys, s.offsets, s.classes, s.values);
    }
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-weights-')), 'model.bin.gz');
    writeModel(file, { header: { version: 't', upos: [], xpos: [], deprels: [], info: {} }, scorers });
    const back = readModel(file);
    for (const name of Object.keys(scorers)) {
      const w = back.scorers[name];
      assertSameScores(w, sorted[name], Array.from(sorted[name].keys, (k) => [k, k ^ 1]));
      assert.deepStrictEqual([w.keys, w.offsets, w.classes, w.values], Object.values(sorted[name]));
    }
  });

  const shipped = path.resolve(__dirname, '../../models/en/parser.bin');
  (fs.existsSync(shipped) ? it : it.skip)('scores the rows of the shipped parser model exactly (20,000 of each scorer), in a layout under 2/3 of the old size', function () {
    this.timeout(60000);
    const m = readModel(shipped);
    let bytes = 0;
    for (const w of Object.values(m.scorers)) {
      const s = { keys: w.keys, offsets: w.offsets, classes: w.classes, values: w.values };
      const step = Math.ceil(s.keys.length / 20000);
      const rows = Array.from({ length: Math.ceil(s.keys.length / step) }, (_, j) => j * step);
      assertSameScores(w, s, rows.map((i) => [s.keys[i], s.keys[(i * 7919) % s.keys.length] + 1]));
      bytes += w.layoutBytes;
      // The old layout: a power-of-two table at load ≤ 2/3 of 12-byte slots (few classes) or 12-byte slots plus
      // 4-byte entries (many classes).
      let cap = 16;
      while (cap < s.keys.length * 1.5) cap *= 2;
      const old = 12 * cap + (w.nClasses <= 4 ? 0 : 4 * s.values.length);
      assert.ok(w.layoutBytes < 0.65 * old, `${w.layoutBytes} vs ${old}`);
    }
    assert.ok(bytes > 0);
  });
});
