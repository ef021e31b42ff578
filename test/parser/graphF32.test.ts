import * as assert from 'assert';
import * as fs from 'fs';
import { eisner } from '../../server/src/parser/graph/eisner';
import { graphFromContents } from '../../server/src/parser/graph/graphModel';
import { F32Encoder } from '../../server/src/parser/graph/f32Encoder';
import { F32Heads } from '../../server/src/parser/graph/f32Heads';
import { f32Instance } from '../../server/src/parser/graph/wasmF32';
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
 * first 300 where the data is present) the encoder's vectors and the arc scores within 1e-5 of the largest value
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

  it('encode and score arcs as the float64 path within 1e-5, and give nearly every head and relation the same', function () {
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
    assert.ok(worstV <= 1e-5, `vectors: relative error ${worstV}`);
    assert.ok(worstArc <= 1e-5, `arc scores: relative error ${worstArc}`);
    assert.ok(headsDiffer <= words / 1000 && relationsDiffer <= words / 1000, `${headsDiffer} heads and ${relationsDiffer} relations of ${words} words differ`);
  });
});
