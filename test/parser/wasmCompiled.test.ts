/**
 * The perceptron tables' WebAssembly lookups as `tsc` compiles them (CommonJS, what the CLI runs from `server/out`),
 * not only as tsx runs them here. tsc reads a module's own exported constants through `exports.NAME`, so a local named
 * `exports` (once the constructors' parameter holding the instance's exports) shadowed them: the offsets became NaN,
 * every table failed to move into WebAssembly memory and, silently, every lookup of the compiled parser ran the
 * JavaScript loop (from the WebAssembly lookups' merge until it was found; journal, "parser speed", 2026-11-23). tsx's
 * transform names such constants directly, so the other tests could not see it. Here the modules are transpiled with
 * the repository's compiler options and their tables scored against the `SparseWeights` that tsx runs, exactly.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { FeatureBuffer } from '../../server/src/parser/hash';
import { seededRandom } from '../../server/src/training/parser/views';
import { SparseWeights } from '../../server/src/parser/weights';
import type * as wasmSparse from '../../server/src/parser/wasmSparse';

const PARSER_DIR = path.join(__dirname, '../../server/src/parser');

/** The repository's compiler options (`tsconfig.base.json`), as `tsc -b server` uses them. */
function compilerOptions(): ts.CompilerOptions {
  const file = path.join(__dirname, '../../tsconfig.base.json');
  const json = ts.readConfigFile(file, ts.sys.readFile).config as { compilerOptions: object };
  return ts.convertCompilerOptionsFromJson(json.compilerOptions, path.dirname(file)).options;
}

/** A parser module (and the parser modules it imports) as tsc emits it, evaluated apart from tsx's copies. */
function compiled(name: string, options = compilerOptions(), done = new Map<string, unknown>()): unknown {
  const file = path.join(PARSER_DIR, `${name}.ts`);
  if (done.has(file)) return done.get(file);
  const js = ts.transpileModule(fs.readFileSync(file, 'utf8'), { compilerOptions: options, fileName: file }).outputText;
  const module = { exports: {} };
  done.set(file, module.exports);
  const load = (spec: string) => (spec.startsWith('./') ? compiled(spec.slice(2), options, done) : require(spec));
  new Function('exports', 'require', 'module', js)(module.exports, load, module);
  return module.exports;
}

/** A random scorer's sorted arrays: `rows` keys below 2^bits, each with 1 … maxEntries distinct classes. */
function randomScorer(nClasses: number, bits: number, rows: number, maxEntries: number, seed: number): SparseWeights {
  const rand = seededRandom(seed);
  const keys = new Set<number>();
  while (keys.size < rows) keys.add(Math.floor(rand() * 2 ** bits));
  const sorted = Uint32Array.from(keys).sort();
  const offsets = [0];
  const classes: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < rows; i++) {
    for (let c = 0; c < nClasses; c++)
      if (rand() < maxEntries / nClasses) {
        classes.push(c);
        values.push(Math.round((rand() - 0.5) * 65000) || 1);
      }
    if (classes.length === offsets[offsets.length - 1]) (classes.push(0), values.push(7));
    offsets.push(classes.length);
  }
  return new SparseWeights(nClasses, bits, 0.001, sorted, Uint32Array.from(offsets), Uint8Array.from(classes), Int16Array.from(values));
}

describe('the WebAssembly lookups as tsc compiles them', function () {
  this.timeout(60000);
  before(function () {
    if (process.env.PUNCTEME_NO_WASM) this.skip();
  });

  const { WasmBucketTable, WasmDenseTable } = compiled('wasmSparse') as typeof wasmSparse;
  const rand = seededRandom(17);
  const features = (bits: number, n: number) => {
    const f = new FeatureBuffer();
    for (let k = 0; k < n; k++) f.buf[k] = (rand() * 2 ** 32) >>> 0;
    f.n = n;
    // Most lookups of a parse find their row: half of these are the table's own keys, in any high bits.
    return (keys: Uint32Array) => {
      for (let k = 0; k < n; k += 2) f.buf[k] = (f.buf[k] & ~(2 ** bits - 1)) + keys[Math.floor(rand() * keys.length)];
      return f;
    };
  };

  /** 200 lookups of up to `maxFeatures` features: `score` (the table in WebAssembly memory) gives `w`'s scores exactly. */
  const sameScores = (w: SparseWeights, maxFeatures: number, score: (f: FeatureBuffer, mask: number, got: Float64Array) => void) => {
    const mask = 2 ** w.bits - 1;
    const got = new Float64Array(w.nClasses);
    const want = new Float64Array(w.nClasses);
    for (let call = 0; call < 200; call++) {
      const f = features(w.bits, 1 + (call % maxFeatures))(w.keys);
      w.score(f, want);
      score(f, mask, got);
      for (let c = 0; c < w.nClasses; c++) assert.ok(Object.is(got[c], want[c]), `call ${call}, class ${c}: ${got[c]} ≠ ${want[c]}`);
    }
  };

  it('keep a bucketed table of many classes in WebAssembly memory and give its scores bit for bit', () => {
    const w = randomScorer(59, 20, 40000, 25, 1);
    const t = w.bucketedTable!;
    const table = WasmBucketTable.create(t.buckets.slice(), t.packed.slice());
    assert.ok(table, 'the compiled module moves the table into WebAssembly memory');
    sameScores(w, 60, (f, mask, got) => table.score(f.buf, f.n, mask, t.remBits, 2 ** t.remBits - 1, w.nClasses, w.scale, got));
  });

  it('keep an ordered table of few classes in WebAssembly memory and give its scores bit for bit', () => {
    const w = randomScorer(3, 22, 60000, 3, 2);
    const t = w.orderedTable!;
    const table = WasmDenseTable.create(t.rows.slice());
    assert.ok(table, 'the compiled module moves the table into WebAssembly memory');
    sameScores(w, 160, (f, mask, got) => table.score(f.buf, f.n, mask, t.homeSlots / (mask + 1), (mask + 1) / t.homeSlots, t.maxShift, w.nClasses, w.scale, got));
  });
});
