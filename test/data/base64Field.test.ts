/**
 * The base64 field read from a file's bytes (`server/src/data/base64Field.ts`): the same bytes as Node's decoder and
 * the same JSON as a parse of the whole file, or the whole file's parse where the field is not plain base64.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { decodeBase64Bytes, parseWithBase64Field } from '../../server/src/data/base64Field';
import { LOWER_CASE_TAGGER_FILE, punctTaggerFromJson, PunctTaggerJson, taggerScores } from '../../server/src/restore/punctTagger';

describe('base64 field read from bytes', () => {
  it('decodes every length and padding as Buffer.from(…, "base64") does', () => {
    for (let n = 0; n < 40; n++) {
      const data = Buffer.from(Array.from({ length: n }, (_, i) => (i * 37 + n * 11) & 0xff));
      const text = Buffer.from(data.toString('base64'));
      assert.deepStrictEqual(decodeBase64Bytes(text, 0, text.length), data, `length ${n}`);
    }
  });

  it('refuses what is not padded base64 of the standard alphabet', () => {
    for (const s of ['abc', 'ab=c', 'a-bc', 'ab\\/', 'ab c']) assert.strictEqual(decodeBase64Bytes(Buffer.from(s), 0, s.length), undefined, s);
  });

  it('gives the JSON of the whole file, with the field empty and its bytes decoded', () => {
    const dense = zlib.gzipSync(Buffer.from('weights ¿ and more')).toString('base64');
    const file = Buffer.from(JSON.stringify({ version: 'v ¿', bits: 3, dense, trans: [0.5, -1] }));
    const { json, decoded } = parseWithBase64Field<Record<string, unknown>>(file, 'dense');
    assert.deepStrictEqual(json, { ...JSON.parse(file.toString('utf8')), dense: '' });
    assert.deepStrictEqual(decoded, Buffer.from(dense, 'base64'));
    // A look-alike inside another string is escaped in the file's bytes, so it is not taken for the field.
    const lookAlike = Buffer.from(JSON.stringify({ note: 'x"dense":"QUJD', dense: 'QUJD' }));
    assert.deepStrictEqual(parseWithBase64Field(lookAlike, 'dense'), { json: { note: 'x"dense":"QUJD', dense: '' }, decoded: Buffer.from('ABC') });
  });

  it('parses the whole file where the field is absent, nested or escaped', () => {
    for (const value of [{ bits: 3 }, { inner: { dense: 'QUJD' } }, { dense: 'QU\\/D' }]) {
      const file = Buffer.from(JSON.stringify(value));
      const r = parseWithBase64Field(file, 'dense');
      assert.deepStrictEqual(r, { json: JSON.parse(file.toString('utf8')) });
    }
  });

  it("reads the lower-case tagger's weights bit for bit as the float32 form of its JSON", () => {
    const file = path.join(__dirname, '../../models/en', LOWER_CASE_TAGGER_FILE);
    const whole = JSON.parse(fs.readFileSync(file, 'utf8')) as PunctTaggerJson;
    const { json, decoded } = parseWithBase64Field<PunctTaggerJson>(fs.readFileSync(file), 'dense');
    assert.ok(decoded);
    const dir = path.dirname(file);
    const fromBytes = punctTaggerFromJson(json, dir, file, decoded);
    const fromString = punctTaggerFromJson(whole, dir, file);
    assert.ok('quantized' in fromBytes && fromBytes.quantized);
    assert.ok('weights' in fromBytes && 'weights' in fromString);
    assert.deepStrictEqual(fromBytes.weights, fromString.weights);
    // Scored from the int16 form, as from the float32 weights.
    const hashes = [Int32Array.from([5, 77, 123456, -9]), Int32Array.from([1, 2, 3])];
    const { quantized: _, ...float32Only } = { ...fromBytes, weights: fromBytes.weights };
    assert.deepStrictEqual(taggerScores(fromBytes, hashes).emit, taggerScores(float32Only, hashes).emit);
  });
});
