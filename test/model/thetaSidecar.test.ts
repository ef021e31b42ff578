import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { quantisedWeights, readModelJson } from '../../server/src/model/modelFile';
import { RankedInt16 } from '../../server/src/model/rankedWeights';
import { readModelWithSidecar, readThetaSidecar, thetaSidecarFile, writeThetaSidecar } from '../../server/src/model/thetaSidecar';

const SHIPPED = path.resolve(__dirname, '../../models/en/punct.json');

describe('θ sidecar of a punctuation model file (start-up)', function () {
  this.timeout(120000);
  const j = readModelJson(SHIPPED);
  const decoded = new RankedInt16(quantisedWeights(j));

  it('the shipped punct.theta.bin holds exactly the θ punct.json denotes (else: npm run models:manifest)', () => {
    const theta = readThetaSidecar(SHIPPED, j);
    assert.ok(theta, 'no sidecar derived from punct.json');
    const a = theta.layout, b = decoded.layout;
    assert.strictEqual(a.length, b.length);
    assert.deepStrictEqual(Buffer.from(a.bits.buffer, a.bits.byteOffset, a.bits.byteLength), Buffer.from(b.bits.buffer, b.bits.byteOffset, b.bits.byteLength));
    assert.deepStrictEqual(Buffer.from(a.rank.buffer, a.rank.byteOffset, a.rank.byteLength), Buffer.from(b.rank.buffer, b.rank.byteOffset, b.rank.byteLength));
    assert.deepStrictEqual(Buffer.from(a.values.buffer, a.values.byteOffset, a.values.byteLength), Buffer.from(b.values.buffer, b.values.byteOffset, b.values.byteLength));
    for (let i = 0; i < theta.length; i += 97) assert.strictEqual(theta.get(i), decoded.get(i));
  });

  it('is ignored when the model file has other weights or another scale, and refused when malformed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'theta-'));
    const file = path.join(dir, 'punct.json');
    writeThetaSidecar(file, j, decoded);
    assert.ok(readThetaSidecar(file, j));
    assert.strictEqual(readThetaSidecar(file, { ...j, weights: j.weights.slice(0, -4) + 'AAAA' }), undefined);
    assert.strictEqual(readThetaSidecar(file, { ...j, weightScale: j.weightScale * 2 }), undefined);
    const bytes = fs.readFileSync(thetaSidecarFile(file));
    fs.writeFileSync(thetaSidecarFile(file), bytes.subarray(0, bytes.length - 2));
    assert.throws(() => readThetaSidecar(file, j), /bytes, expected/);
    // A bitmap that does not match its rank directory is refused, not scored with.
    const flipped = Buffer.from(bytes);
    const headLength = flipped.readUInt32LE(0);
    flipped[4 + headLength] ^= 0x01;
    fs.writeFileSync(thetaSidecarFile(file), flipped);
    assert.throws(() => readThetaSidecar(file, j), /θ layout/);
    fs.rmSync(thetaSidecarFile(file));
    assert.strictEqual(readThetaSidecar(file, j), undefined);
    fs.rmSync(dir, { recursive: true });
  });

  it('read without decoding the weights: the same contents but for them and the same θ; other weights or a misplaced cut read the whole file', () => {
    const bytes = fs.readFileSync(SHIPPED);
    const fast = readModelWithSidecar(SHIPPED, bytes);
    assert.ok(fast, 'the shipped file is read the fast way');
    assert.strictEqual(fast.j.weights, '');
    assert.deepStrictEqual({ ...fast.j, weights: j.weights }, j);
    const a = fast.theta.layout, b = decoded.layout;
    assert.deepStrictEqual(Buffer.from(a.values.buffer, a.values.byteOffset, a.values.byteLength), Buffer.from(b.values.buffer, b.values.byteOffset, b.values.byteLength));
    assert.deepStrictEqual(Buffer.from(a.bits.buffer, a.bits.byteOffset, a.bits.byteLength), Buffer.from(b.bits.buffer, b.bits.byteOffset, b.bits.byteLength));
    // One weight character changed: the digest differs, so the caller decodes the file's own weights.
    const changed = Buffer.from(bytes);
    const at = changed.lastIndexOf('"weights":"') + 20;
    changed[at] = changed[at] === 0x41 ? 0x42 : 0x41;
    assert.strictEqual(readModelWithSidecar(SHIPPED, changed), undefined);
    // The first `"weights":"` is cut (the top-level one, in the shipped file its only one). A later key of that name
    // inside another object stays in the contents; an earlier one is cut, which is not the top-level weights.
    const later = readModelWithSidecar(SHIPPED, Buffer.from(JSON.stringify({ ...j, training: { note: { weights: j.weights } } })));
    assert.deepStrictEqual(later?.j, { ...j, weights: '', training: { note: { weights: j.weights } } });
    assert.strictEqual(bytes.indexOf('"weights":"'), bytes.lastIndexOf('"weights":"'));
    const earlier = Buffer.from(JSON.stringify({ note: { weights: j.weights }, ...j }));
    assert.strictEqual(readModelWithSidecar(SHIPPED, earlier), undefined);
  });
});
