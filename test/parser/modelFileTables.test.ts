/**
 * Ordered tables in the model file (`modelFile.ts`, magic 4): the transition scorer stored as its ordered table,
 * exactly as laid out in memory. A file written that way and one written with sorted rows only (magic 2, table built
 * at load) must give the same scorer: the same scores bit for bit, the same sorted rows back, and the same parses.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { clusterLookup, ParserModels, predictHeads } from '../../server/src/parser/dependencyParser';
import { encodeSentence } from '../../server/src/parser/encoding';
import { FeatureBuffer } from '../../server/src/parser/hash';
import { ModelContents, readModel, writeModel } from '../../server/src/parser/modelFile';
import { parserModels } from '../../server/src/parser/parserModels';
import { seededRandom } from '../../server/src/training/parser/views';
import { SparseWeights } from '../../server/src/parser/weights';
import { readTreebank } from '../../server/src/data/treebank';
import { ewtFile } from '../ewt';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-tables-'));

/** The file's magic, read from its JSON header (uncompressed files). */
function magicOf(file: string): string {
  const raw = fs.readFileSync(file);
  return JSON.parse(raw.subarray(4, raw.readUInt32LE(0)).toString('utf8').replace(/\0+$/, '')).magic;
}

/** Both files of the same contents: sorted rows (magic 2, tables built at load) and tables stored (magic 4). */
function bothFormats(m: ModelContents): { v2: ModelContents; v3: ModelContents; files: [string, string] } {
  const dir = tmp();
  const files: [string, string] = [path.join(dir, 'v2.bin'), path.join(dir, 'v3.bin')];
  writeModel(files[0], m, { tables: false });
  writeModel(files[1], m);
  return { v2: readModel(files[0]), v3: readModel(files[1]), files };
}

function assertSameScorer(a: SparseWeights, b: SparseWeights, features: number[][]): void {
  assert.deepStrictEqual([a.nClasses, a.bits, a.scale, a.entries], [b.nClasses, b.bits, b.scale, b.entries]);
  const f = new FeatureBuffer();
  const sa = new Float64Array(a.nClasses);
  const sb = new Float64Array(b.nClasses);
  for (const feats of features) {
    f.clear();
    for (const x of feats) f.buf[f.n++] = x;
    a.score(f, sa);
    b.score(f, sb);
    for (let c = 0; c < a.nClasses; c++) assert.ok(Object.is(sa[c], sb[c]), `class ${c} of [${feats}]: ${sa[c]} vs ${sb[c]}`);
  }
  assert.deepStrictEqual([a.keys, a.offsets, a.classes, a.values], [b.keys, b.offsets, b.classes, b.values]);
}

describe('model file: ordered tables stored as laid out (magic 4)', function () {
  this.timeout(120000);

  it('reads a random model exactly as the sorted-rows file of it, and stores the bucketed scorers as laid out too (magic 6)', () => {
    const rand = seededRandom(11);
    const scorers: Record<string, SparseWeights> = {};
    for (const [name, C, rows] of [['transitions', 3, 5000], ['other', 2, 300], ['labels', 30, 2000]] as const) {
      const keySet = new Set<number>();
      while (keySet.size < rows) keySet.add(Math.floor(rand() * 2 ** 18));
      const keys = Uint32Array.from([...keySet].sort((a, b) => a - b));
      const offsets = [0];
      const classes: number[] = [];
      const values: number[] = [];
      for (let i = 0; i < rows; i++) {
        for (let c = 0; c < C; c++) if (rand() < 0.6 || c === i % C) classes.push(c), values.push(Math.round((rand() - 0.5) * 60000) || 1);
        offsets.push(classes.length);
      }
      scorers[name] = new SparseWeights(C, 18, 0.0173, keys, Uint32Array.from(offsets), Uint8Array.from(classes), Int16Array.from(values));
    }
    const { v2, v3, files } = bothFormats({ header: { version: 'v', upos: [], xpos: [], deprels: [], info: {} }, scorers });
    assert.strictEqual(magicOf(files[0]), 'PUNCTEME-PARSER-2');
    assert.strictEqual(magicOf(files[1]), 'PUNCTEME-PARSER-6');
    // The stored tables are the ones the magic-2 file's scorers build, slot for slot.
    for (const name of ['transitions', 'other']) {
      const t2 = v2.scorers[name].orderedTable!;
      const t3 = v3.scorers[name].orderedTable!;
      assert.deepStrictEqual([t3.homeSlots, t3.maxShift, t3.entries], [t2.homeSlots, t2.maxShift, t2.entries]);
      assert.ok(Buffer.from(t3.rows.buffer, t3.rows.byteOffset, t3.rows.byteLength).equals(Buffer.from(t2.rows.buffer, t2.rows.byteOffset, t2.rows.byteLength)));
    }
    assert.strictEqual(v3.scorers.labels.orderedTable, undefined);
    // The labels' bucketed layout as stored is the one the magic-2 file's scorer builds, array for array.
    const [b2, b3] = [v2.scorers.labels.bucketedTable!, v3.scorers.labels.bucketedTable!];
    assert.deepStrictEqual([b3.remBits, b3.rows, b3.entries], [b2.remBits, b2.rows, b2.entries]);
    assert.deepStrictEqual([Array.from(b3.buckets), Array.from(b3.packed)], [Array.from(b2.buckets), Array.from(b2.packed)]);
    for (const name of Object.keys(scorers)) {
      const keys = scorers[name].keys;
      const features = Array.from({ length: 2000 }, () => Array.from({ length: 1 + Math.floor(rand() * 30) }, () => (rand() < 0.7 ? keys[Math.floor(rand() * keys.length)] : Math.floor(rand() * 2 ** 32)) >>> 0));
      assertSameScorer(v2.scorers[name], v3.scorers[name], features);
      assertSameScorer(scorers[name], v3.scorers[name], features);
    }
  });

  it('refuses a malformed stored table', () => {
    assert.throws(() => SparseWeights.fromOrderedTable(3, 10, 1, { rows: new Int16Array(7), homeSlots: 1, maxShift: 0, entries: 0 }), /malformed/);
    assert.throws(() => SparseWeights.fromOrderedTable(9, 10, 1, { rows: new Int16Array(20), homeSlots: 1, maxShift: 0, entries: 0 }), /at most/);
  });

  const shipped = path.resolve(__dirname, '../../models/en/parser.bin');
  (fs.existsSync(shipped) ? it : it.skip)('the shipped model in either format: the same transition scores and the same parses of 60 EWT dev sentences', () => {
    const { v2, v3 } = bothFormats(readModel(shipped));
    const [a, b] = [v2.scorers.transitions, v3.scorers.transitions];
    const rand = seededRandom(3);
    const keys = a.keys;
    assertSameScorer(a, b, Array.from({ length: 3000 }, () => Array.from({ length: 150 }, () => (rand() < 0.8 ? keys[Math.floor(rand() * keys.length)] : Math.floor(rand() * 2 ** 32)) >>> 0)));
    assert.deepStrictEqual(v3.header, v2.header);
    const trees = readTreebank(ewtFile('dev')).trees.slice(0, 60);
    const parses = (m: ParserModels) => {
      const lookup = clusterLookup(m.clusters);
      return trees.map((t) => {
        const e = encodeSentence({ forms: t.words.map((w) => w.form), slots: t.slots }, lookup);
        return Array.from(predictHeads(m, e, m.tagger.tag(e))).join(' ');
      });
    };
    assert.deepStrictEqual(parses(parserModels(v3)), parses(parserModels(v2)));
  });
});
