/**
 * Model file version 4 (`modelFile.ts`): the tagger's XPOS and UPOS scorers of each direction stored as their
 * joined table, exactly as laid out in memory. Against the same model in the version 2 layout (scorers apart,
 * joined at load): the same stored table, the same scores bit for bit, the same scorers back by name, the same tags
 * and parses.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { clusterLookup, ParserModels, parseWords } from '../../server/src/parser/dependencyParser';
import { encodeSentence } from '../../server/src/parser/encoding';
import { FeatureBuffer } from '../../server/src/parser/hash';
import { JointWeights } from '../../server/src/parser/jointWeights';
import { jointKey, ModelContents, readModel, writeModel } from '../../server/src/parser/modelFile';
import { parserModels } from '../../server/src/parser/parserModels';
import { seededRandom } from '../../server/src/training/parser/views';
import { SparseWeights } from '../../server/src/parser/weights';
import { readTreebank } from '../../server/src/data/treebank';
import { ewtFile } from '../ewt';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-joined-'));

function magicOf(file: string): string {
  const raw = fs.readFileSync(file);
  return JSON.parse(raw.subarray(4, raw.readUInt32LE(0)).toString('utf8').replace(/\0+$/, '')).magic;
}

function write(m: ModelContents, tables: boolean): { m: ModelContents; file: string } {
  const file = path.join(tmp(), tables ? 'v4.bin' : 'v2.bin');
  writeModel(file, m, { tables });
  return { m: readModel(file), file };
}

/** A scorer of C classes over `rows` random row keys of 18 bits, some keys shared with `like`. */
function randomScorer(rand: () => number, C: number, rows: number, like?: SparseWeights): SparseWeights {
  const keySet = new Set<number>();
  if (like) for (const k of like.keys) if (rand() < 0.8) keySet.add(k);
  while (keySet.size < rows) keySet.add(Math.floor(rand() * 2 ** 18));
  const keys = Uint32Array.from([...keySet].sort((a, b) => a - b));
  const offsets = [0];
  const classes: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    for (let c = 0; c < C; c++) if (rand() < 0.4 || c === i % C) classes.push(c), values.push(Math.round((rand() - 0.5) * 60000) || 1);
    offsets.push(classes.length);
  }
  return new SparseWeights(C, 18, 0.01 + rand() / 10, keys, Uint32Array.from(offsets), Uint8Array.from(classes), Int16Array.from(values));
}

function assertSamePairScores(joint: JointWeights, x: SparseWeights, u: SparseWeights, features: number[][]): void {
  const f = new FeatureBuffer();
  const [ax, au, bx, bu] = [x.nClasses, u.nClasses, x.nClasses, u.nClasses].map((c) => new Float64Array(c));
  for (const feats of features) {
    f.clear();
    for (const k of feats) f.buf[f.n++] = k;
    joint.score(f, ax, au);
    x.score(f, bx);
    u.score(f, bu);
    for (let c = 0; c < x.nClasses; c++) assert.ok(Object.is(ax[c], bx[c]), `xpos class ${c}: ${ax[c]} vs ${bx[c]}`);
    for (let c = 0; c < u.nClasses; c++) assert.ok(Object.is(au[c], bu[c]), `upos class ${c}: ${au[c]} vs ${bu[c]}`);
  }
}

describe('model file version 4 (the tagger’s joined tables stored as laid out)', function () {
  this.timeout(120000);

  it('stores the table the version 2 file joins at load, scores with it exactly, and gives each scorer back by name', () => {
    const rand = seededRandom(5);
    const xpos = randomScorer(rand, 12, 3000);
    const xposR = randomScorer(rand, 12, 3000);
    const scorers = { xpos, upos: randomScorer(rand, 7, 2500, xpos), xposR, uposR: randomScorer(rand, 7, 2500, xposR), transitions: randomScorer(rand, 3, 2000), labels: randomScorer(rand, 9, 1000) };
    const m: ModelContents = { header: { version: 'v', upos: [], xpos: [], deprels: [], info: {} }, scorers };
    const v2 = write(m, false);
    const v4 = write(m, true);
    assert.strictEqual(magicOf(v2.file), 'PUNCTEME-PARSER-2');
    // Magic 6: the labels (9 classes) are stored as their bucketed layout too (`modelFile.ts`).
    assert.strictEqual(magicOf(v4.file), 'PUNCTEME-PARSER-6');
    assert.strictEqual(v2.m.joined, undefined);
    for (const [x, u] of [['xpos', 'upos'], ['xposR', 'uposR']] as const) {
      const stored = v4.m.joined![jointKey(x, u)];
      const built = JointWeights.join(v2.m.scorers[x], v2.m.scorers[u])!;
      const [a, b] = [stored.stored.table.bucketedTable!, built.stored.table.bucketedTable!];
      assert.deepStrictEqual([a.remBits, a.rows, a.entries], [b.remBits, b.rows, b.entries]);
      assert.deepStrictEqual([a.buckets, a.packed], [b.buckets, b.packed]);
      assert.deepStrictEqual(stored.stored.shapes, built.stored.shapes);
      const keys = [...scorers[x].keys, ...scorers[u].keys];
      const features = Array.from({ length: 1500 }, () => Array.from({ length: 1 + Math.floor(rand() * 40) }, () => (rand() < 0.7 ? keys[Math.floor(rand() * keys.length)] : Math.floor(rand() * 2 ** 32)) >>> 0));
      assertSamePairScores(stored, scorers[x], scorers[u], features);
      // The scorers by name, rebuilt from the joined table: exactly the ones written.
      for (const name of [x, u]) {
        const back = v4.m.scorers[name];
        assert.deepStrictEqual([back.nClasses, back.bits, back.scale, back.entries], [scorers[name].nClasses, scorers[name].bits, scorers[name].scale, scorers[name].entries]);
        for (const arr of ['keys', 'offsets', 'classes', 'values'] as const) assert.deepStrictEqual(back[arr], scorers[name][arr], `${name} ${arr}`);
      }
    }
    // Written again from what was read: the same file.
    const again = path.join(tmp(), 'again.bin');
    writeModel(again, v4.m);
    assert.ok(fs.readFileSync(again).equals(fs.readFileSync(v4.file)));
  });

  it('a scorer assigned anew (pruned) replaces the stored join', () => {
    const rand = seededRandom(8);
    const xpos = randomScorer(rand, 12, 500);
    const v4 = write({ header: { version: 'v', upos: [], xpos: [], deprels: [], info: {} }, scorers: { xpos, upos: randomScorer(rand, 7, 400, xpos) } }, true);
    const pruned = v4.m.scorers.xpos.pruned(2);
    v4.m.scorers.xpos = pruned;
    assert.strictEqual(v4.m.joined?.[jointKey('xpos', 'upos')], undefined);
    const back = write(v4.m, true).m;
    assert.deepStrictEqual(back.scorers.xpos.values, pruned.values);
  });

  it('refuses a malformed stored table', () => {
    const ok = { buckets: Uint32Array.from([0, 2, 4]), packed: new Int32Array(5), remBits: 9, rows: 2, entries: 2 };
    assert.ok(SparseWeights.fromBucketedTable(9, 10, 1, ok));
    assert.throws(() => SparseWeights.fromBucketedTable(9, 10, 1, { ...ok, packed: new Int32Array(4) }), /malformed/);
    assert.throws(() => SparseWeights.fromBucketedTable(9, 10, 1, { ...ok, remBits: 8 }), /malformed/);
    assert.throws(() => SparseWeights.fromBucketedTable(3, 10, 1, ok), /more than/);
  });

  const shipped = path.resolve(__dirname, '../../models/en/parser.bin');
  (fs.existsSync(shipped) ? it : it.skip)('the shipped model in version 4: the same tags, heads and relations of 80 EWT dev sentences', () => {
    const v3 = readModel(shipped);
    const v4 = write(v3, true);
    assert.strictEqual(magicOf(v4.file), 'PUNCTEME-PARSER-6');
    assert.deepStrictEqual(v4.m.header, v3.header);
    const trees = readTreebank(ewtFile('dev')).trees.slice(0, 80);
    const parses = (m: ParserModels) => {
      const lookup = clusterLookup(m.clusters);
      return trees.map((t) => {
        const p = parseWords(m, encodeSentence({ forms: t.words.map((w) => w.form), slots: t.slots }, lookup));
        return [p.tags.xpos, p.tags.upos, p.head, p.deprel].map((a) => Array.from(a).join(' ')).join('\t');
      });
    };
    assert.deepStrictEqual(parses(parserModels(v4.m)), parses(parserModels(readModel(shipped))));
  });
});
