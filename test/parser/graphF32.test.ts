import * as assert from 'assert';
import * as fs from 'fs';
import { eisner } from '../../server/src/parser/graph/eisner';
import { graphFromContents } from '../../server/src/parser/graph/graphModel';
import { F32Encoder } from '../../server/src/parser/graph/f32Encoder';
import { F32Heads } from '../../server/src/parser/graph/f32Heads';
import { f32Instance, F32Layout, lstm16Range, quantizeRows } from '../../server/src/parser/graph/wasmF32';
import { FAST_TANH } from '../../server/src/parser/fastActivations';
import { readModel } from '../../server/src/parser/modelFile';
import { CANDIDATE, runTimeHeadsOf, taggedSentences } from './graphCandidate';

/** A seeded generator of values in [−1, 1). */
function uniform(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 31 - 1;
  };
}

/** The largest |got − want| over the largest |want|. */
function relativeError(got: ArrayLike<number>, want: ArrayLike<number>): number {
  let scale = 0, worst = 0;
  for (let i = 0; i < want.length; i++) scale = Math.max(scale, Math.abs(want[i]));
  for (let i = 0; i < want.length; i++) worst = Math.max(worst, Math.abs(got[i] - want[i]));
  return worst / scale;
}

/**
 * The graph parser's float32 path (`wasmF32.ts`, `f32Encoder.ts`, `f32Heads.ts`) against the float64 reference: the
 * product kernel against plain sums, and on a trained parser (the committed candidate) and real sentences (EWT dev's
 * first 300 where the data is present) the encoder's vectors within 1e-3 of the largest value (the recurrent products
 * and the upper layer's input products in int16, `lstm16` and `gemm16`: 5.5e-4 measured), the arc scores within 1e-5
 * (float32 sums of up to 256 terms: ~1e-6 is expected), and nearly every head and relation the same.
 */
describe('the graph parser float32 path (server/src/parser/graph/f32Encoder.ts, f32Heads.ts)', function () {
  this.timeout(120000);

  it('gemm and gemm32: every row of A times every vector, within float32 rounding of the float64 sums', function () {
    const api = f32Instance();
    if (!api) this.skip();
    const next = uniform(7);
    for (const out32 of [false, true]) {
      const gemm = out32 ? api.gemm32 : api.gemm;
      const size = out32 ? 4 : 8;
      for (const [rows, k, count] of [[4, 4, 1], [8, 12, 3], [512, 128, 1], [448, 256, 27], [40, 96, 2]]) {
        const a = Float32Array.from({ length: rows * k }, next);
        const x = Float32Array.from({ length: count * k }, next);
        const outStride = rows + 4; // rows of the output further apart than the matrix's rows: columns left untouched
        const aAt = 0, xAt = Math.ceil((rows * k * 4) / 16) * 16, outAt = xAt + Math.ceil((count * k * 4) / 16) * 16;
        const bytes = outAt + count * outStride * size;
        if (bytes > api.mem.buffer.byteLength) api.mem.grow(Math.ceil((bytes - api.mem.buffer.byteLength) / 65536));
        new Float32Array(api.mem.buffer, aAt, rows * k).set(a);
        new Float32Array(api.mem.buffer, xAt, count * k).set(x);
        const out = out32 ? new Float32Array(api.mem.buffer, outAt, count * outStride) : new Float64Array(api.mem.buffer, outAt, count * outStride);
        out.fill(NaN);
        gemm(aAt, rows, k, xAt, count, outAt, outStride * size);
        for (let t = 0; t < count; t++) {
          for (let m = 0; m < outStride; m++) {
            const got = out[t * outStride + m];
            if (m >= rows) {
              assert.ok(Number.isNaN(got), `column ${m} past the rows was written`);
              continue;
            }
            let want = 0, sum = 0;
            for (let j = 0; j < k; j++) {
              want += a[m * k + j] * x[t * k + j];
              sum += Math.abs(a[m * k + j] * x[t * k + j]);
            }
            // float32 sums: each of the k products and additions rounded to 2^-24 of at most the sum of |terms|
            // (and gemm32's result once more to float32)
            const bound = 2 * k * 2 ** -24 * sum + (out32 ? 2 ** -24 * Math.abs(want) : 0);
            assert.ok(Math.abs(got - want) <= bound, `${rows}×${k}, vector ${t}, row ${m}: ${got} against ${want}`);
          }
        }
      }
    }
  });

  it('gemm16: every int16 row of A times every int16 vector, summed exactly, times the row\'s scale within float32 rounding', function () {
    const api = f32Instance();
    if (!api) this.skip();
    const next = uniform(13);
    for (const [rows, k, count] of [[4, 8, 1], [8, 16, 3], [512, 256, 13], [40, 96, 2]]) {
      const q = lstm16Range(k);
      const a = Int16Array.from({ length: rows * k }, () => Math.round(next() * q));
      const scales = Float32Array.from({ length: rows }, () => Math.abs(next()) / (q * q));
      const x = Int16Array.from({ length: count * k }, () => Math.round(next() * q));
      const outStride = rows + 4;
      const layout = new F32Layout();
      const aAt = layout.take(rows * k * 2 + rows * 4), xAt = layout.take(count * k * 2), outAt = layout.take(count * outStride * 4);
      if (layout.bytes > api.mem.buffer.byteLength) api.mem.grow(Math.ceil((layout.bytes - api.mem.buffer.byteLength) / 65536));
      new Int16Array(api.mem.buffer, aAt, rows * k).set(a);
      new Float32Array(api.mem.buffer, aAt + rows * k * 2, rows).set(scales);
      new Int16Array(api.mem.buffer, xAt, count * k).set(x);
      const out = new Float32Array(api.mem.buffer, outAt, count * outStride);
      out.fill(NaN);
      api.gemm16(aAt, rows, k, xAt, count, outAt, outStride * 4);
      for (let t = 0; t < count; t++) {
        for (let m = 0; m < outStride; m++) {
          const got = out[t * outStride + m];
          if (m >= rows) {
            assert.ok(Number.isNaN(got), `column ${m} past the rows was written`);
            continue;
          }
          let sum = 0, size = 0;
          for (let j = 0; j < k; j++) {
            sum += a[m * k + j] * x[t * k + j];
            size += Math.abs(a[m * k + j] * x[t * k + j]);
          }
          // Integer sums exact (below 2^53 here); the four lanes to float32, their three additions and the scaling
          // each rounded to 2^-24.
          const want = sum * scales[m];
          assert.ok(Math.abs(got - want) <= 8 * 2 ** -24 * size * scales[m], `${rows}×${k}, vector ${t}, row ${m}: ${got} against ${want}`);
        }
      }
    }
  });

  it('demote and narrow16: rows copied between strides, to float32 as a Float32Array rounds, to int16 as round(x · q) ties to even', function () {
    const api = f32Instance();
    if (!api) this.skip();
    const next = uniform(17);
    const count = 5, units = 24, q = 5792;
    const layout = new F32Layout();
    const srcAt = layout.take(count * 40 * 8), dstAt = layout.take(count * 40 * 4);
    if (layout.bytes > api.mem.buffer.byteLength) api.mem.grow(Math.ceil((layout.bytes - api.mem.buffer.byteLength) / 65536));
    // demote: float64 rows 40 entries apart, float32 rows 36 apart; the entries past `units` left as they were
    const src = Float64Array.from({ length: count * 40 }, () => next() * 1e3);
    new Float64Array(api.mem.buffer, srcAt, count * 40).set(src);
    const dst = new Float32Array(api.mem.buffer, dstAt, count * 36);
    dst.fill(NaN);
    api.demote(srcAt, 40 * 8, dstAt, 36 * 4, count, units, 0);
    for (let t = 0; t < count; t++) {
      for (let k = 0; k < 36; k++) {
        if (k < units) assert.strictEqual(dst[t * 36 + k], Math.fround(src[t * 40 + k]));
        else assert.ok(Number.isNaN(dst[t * 36 + k]));
      }
    }
    // narrow16: float32 rows (within ±1, some at exact halves of 1/q) to int16 rows
    const x = Float32Array.from({ length: count * 40 }, (_, i) => (i % 7 === 0 ? (Math.round(next() * 100) + 0.5) / q : next()));
    new Float32Array(api.mem.buffer, srcAt, count * 40).set(x);
    const out = new Int16Array(api.mem.buffer, dstAt, count * 36);
    out.fill(-1);
    api.narrow16(srcAt, 40 * 4, dstAt, 36 * 2, count, units, q);
    const evenRound = (v: number) => (Math.abs(v - Math.trunc(v)) === 0.5 ? 2 * Math.round(v / 2) : Math.round(v));
    for (let t = 0; t < count; t++) {
      for (let k = 0; k < 36; k++) assert.strictEqual(out[t * 36 + k], k < units ? evenRound(Math.fround(x[t * 40 + k] * q)) : -1);
    }
  });

  it('lstm16: the recurrent product in int16 moves h from lstm\'s (float32) by at most what the rounding of Wh and h allows', function () {
    const api = f32Instance();
    if (!api) this.skip();
    const next = uniform(11);
    for (const H of [8, 128]) {
      const G = 4 * H, W = G + 2 * H, n = 2;
      const q = lstm16Range(H);
      // No int32 lane can overflow: hd / 4 products of at most q² each.
      assert.ok((H / 4) * q * q <= 2 ** 31 - 1);
      const m = new F32Layout();
      const wh = m.take(G * H * 4), wq = m.take(G * H * 2), scale = m.take(G * 4), hq = m.take(H * 2), b = m.take(G * 4);
      const table = m.take(FAST_TANH.table.length * 4), pre = m.take(G * 4), words = m.take(n * W * 4);
      if (m.bytes > api.mem.buffer.byteLength) api.mem.grow(Math.ceil((m.bytes - api.mem.buffer.byteLength) / 65536));
      const f32: Float32Array = new Float32Array(api.mem.buffer);
      const w = Float32Array.from({ length: G * H }, () => next() / Math.sqrt(H));
      f32.set(w, wh / 4);
      const rows = quantizeRows(w, G, H, q);
      new Int16Array(api.mem.buffer).set(rows.values, wq / 2);
      f32.set(rows.scales, scale / 4);
      for (let i = 0; i < G; i++) f32[b / 4 + i] = next();
      f32.set(FAST_TANH.table, table / 4);
      const xproj = Float32Array.from({ length: n * W }, () => 2 * next());
      const run = (int16: boolean): Float32Array => {
        f32.set(xproj, words / 4);
        if (int16) api.lstm16(wq, b, table, words, W * 4, n, 0, pre, H, scale, hq, q);
        else api.lstm(wh, b, table, words, W * 4, n, 0, pre, H);
        return Float32Array.from(f32.subarray(words / 4, words / 4 + n * W));
      };
      const want: Float32Array = run(false), got: Float32Array = run(true);
      // The first step has no recurrent product: the same h and c bit for bit.
      for (let k = 0; k < 2 * H; k++) assert.strictEqual(got[G + k], want[G + k]);
      // The second: each pre-activation off by at most Σ_j |δw_j|·|h_j| + |w_j|·|δh_j| + |δw_j|·|δh_j| (δw ≤ the row's
      // largest |w| / 2q, δh ≤ 1 / 2q, float32 sums besides); the gates' slopes (σ' ≤ 1/4, tanh' ≤ 1) carry that to h
      // = o · tanh(i·g + f·c₀) at most (1/4 + 1/4 + 1 + |c₀| / 4) times over.
      let worstPre = 0, largestC = 0;
      for (let k = 0; k < H; k++) largestC = Math.max(largestC, Math.abs(want[G + H + k]));
      for (let r = 0; r < G; r++) {
        let largest = 0;
        for (let j = 0; j < H; j++) largest = Math.max(largest, Math.abs(w[r * H + j]));
        let bound = 0;
        for (let j = 0; j < H; j++) bound += (largest / (2 * q)) * (Math.abs(want[G + j]) + 1 / (2 * q)) + Math.abs(w[r * H + j]) / (2 * q);
        worstPre = Math.max(worstPre, bound);
      }
      const bound = (1.5 + largestC / 4) * worstPre + 1e-6;
      let worst = 0;
      for (let k = 0; k < H; k++) worst = Math.max(worst, Math.abs(got[W + G + k] - want[W + G + k]));
      assert.ok(worst <= bound, `H = ${H}: h off by ${worst}, bound ${bound}`);
      assert.ok(worst > 0, 'int16 products should differ somewhere from float32 ones');
    }
  });

  it('encode within 1e-3 and score arcs within 1e-5 of the float64 path, and give nearly every head and relation the same', function () {
    if (!fs.existsSync(CANDIDATE)) this.skip();
    const g = graphFromContents(readModel(CANDIDATE));
    const p = g.parser;
    const encoder = F32Encoder.create(p.net);
    const heads = F32Heads.create(p.theta, p.headsAt, p.heads);
    if (!encoder || !heads) this.skip();
    const exact = runTimeHeadsOf(p);
    let words = 0, headsDiffer = 0, relationsDiffer = 0, worstV = 0, worstArc = 0;
    for (const { forms, e, tags } of taggedSentences()) {
      const n = e.n;
      const input = p.net.input(e, tags);
      const want = Float64Array.from(p.net.forward(input).v);
      const got: Float64Array = Float64Array.from(encoder.forward(input));
      assert.strictEqual(got.length, want.length);
      worstV = Math.max(worstV, relativeError(got, want));
      const wantArcs = exact.arcs(want, n);
      const wantHead = eisner(wantArcs, n);
      const wantRel = exact.relations(want, n, wantHead, g.rootRelation);
      const gotArcs: Float64Array = heads.arcs(want, n);
      const finite = (s: Float64Array) => [...s.subarray(0, n * (n + 1))].map((x) => (x === -Infinity ? 0 : x));
      worstArc = Math.max(worstArc, relativeError(finite(gotArcs), finite(wantArcs)));
      for (let d = 0; d < n; d++) assert.strictEqual(gotArcs[d * (n + 1) + d], -Infinity);
      // The whole float32 path (its own vectors, its own scores) against the whole float64 one.
      const parsed = p.parse(e, tags, g.rootRelation);
      for (let d = 0; d < n; d++) {
        words++;
        if (parsed.head[d] !== wantHead[d]) headsDiffer++;
        else if (parsed.deprel[d] !== wantRel[d]) relationsDiffer++;
      }
      assert.strictEqual(parsed.deprel.filter((r) => r === g.rootRelation).length, 1, forms.join(' '));
    }
    assert.ok(worstV <= 1e-3, `vectors: relative error ${worstV}`);
    assert.ok(worstArc <= 1e-5, `arc scores: relative error ${worstArc}`);
    assert.ok(headsDiffer <= words / 1000 && relationsDiffer <= words / 1000, `${headsDiffer} heads and ${relationsDiffer} relations of ${words} words differ`);
  });
});
