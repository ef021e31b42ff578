/**
 * A top-level string field cut out of a JSON file's bytes (`server/src/data/jsonFieldCut.ts`): the value's exact byte
 * range and the rest's JSON, or undefined wherever what the first `"key":"` starts is not the top-level field.
 */
import * as assert from 'assert';
import { cutTopLevelStringField } from '../../server/src/data/jsonFieldCut';

const bytesOf = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('top-level string field cut out of JSON bytes', () => {
  it('finds the top-level field: its value bytes exactly, the rest parsed with the field empty', () => {
    const value = { version: 'v ¿', long: 'QUJD¿xyz', after: [1, { long: 2 }] };
    const file = bytesOf(value);
    const cut = cutTopLevelStringField<typeof value>(file, 'long');
    assert.ok(cut);
    // The range counts bytes, not characters: `¿` before it is two bytes in UTF-8.
    assert.strictEqual(file.subarray(cut.start, cut.end).toString('utf8'), 'QUJD¿xyz');
    assert.strictEqual(cut.start, file.indexOf('QUJD'));
    assert.strictEqual(cut.end - cut.start, Buffer.byteLength('QUJD¿xyz'));
    assert.deepStrictEqual(cut.json, { ...value, long: '' });
    // An empty value is a field too (an empty range).
    const empty = cutTopLevelStringField(bytesOf({ long: '', n: 1 }), 'long');
    assert.deepStrictEqual(empty && { ...empty }, { json: { long: '', n: 1 }, start: 9, end: 9 });
  });

  it('does not take a look-alike inside another string (its quotes are escaped in the bytes)', () => {
    const file = bytesOf({ note: 'x"long":"ABCD', long: 'QUJD' });
    const cut = cutTopLevelStringField(file, 'long');
    assert.ok(cut);
    assert.strictEqual(file.subarray(cut.start, cut.end).toString(), 'QUJD');
    assert.deepStrictEqual(cut.json, { note: 'x"long":"ABCD', long: '' });
    // Only a look-alike, no field: nothing.
    assert.strictEqual(cutTopLevelStringField(bytesOf({ note: 'x"long":"ABCD' }), 'long'), undefined);
  });

  it('gives undefined when the field is absent, not a string, only nested, first nested, escaped, or a longer key', () => {
    const cases: unknown[] = [
      { bits: 3 },
      { long: 5 },
      { inner: { long: 'QUJD' } },
      // The first `"long":"` is the nested one: cut, it leaves the top-level field as it was, so the cut is refused.
      { inner: { long: 'QUJD' }, long: 'QUJD' },
      // An escaped quote ends the cut early: the rest does not parse.
      { long: 'QU"JD', n: 1 },
      // A key that ends in `"long` (its quote escaped) is not the field.
      { 'x"long': 'QUJD' },
    ];
    for (const value of cases) assert.strictEqual(cutTopLevelStringField(bytesOf(value), 'long'), undefined, JSON.stringify(value));
    assert.strictEqual(cutTopLevelStringField(Buffer.from('{"long":"QUJD'), 'long'), undefined, 'no closing quote');
  });

  it('takes the first of two: a later nested field of the same name stays in the JSON', () => {
    const cut = cutTopLevelStringField(bytesOf({ long: 'QUJD', training: { long: 'WFla' } }), 'long');
    assert.deepStrictEqual(cut?.json, { long: '', training: { long: 'WFla' } });
  });
});
