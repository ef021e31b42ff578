import { strict as assert } from 'assert';
import { FNV_OFFSET, fnvBytes, fnvFrom, fnvOfParts, fnvUint16 } from '../../server/src/parser/fnv';

describe('FNV-1a', () => {
  it('gives the published 32-bit FNV-1a values', () => {
    // Reference values of FNV-1a 32 (Fowler–Noll–Vo test vectors): "" and "a" and "foobar".
    assert.equal(fnvFrom(FNV_OFFSET, '') >>> 0, 0x811c9dc5);
    assert.equal(fnvFrom(FNV_OFFSET, 'a') >>> 0, 0xe40c292c);
    assert.equal(fnvFrom(FNV_OFFSET, 'foobar') >>> 0, 0xbf9cf968);
  });

  it('reads a string in parts as it reads the whole', () => {
    assert.equal(fnvOfParts(FNV_OFFSET, 'foo', 'b', '', 'ar'), fnvFrom(FNV_OFFSET, 'foobar'));
  });

  it('reads bytes as it reads the code units of an ASCII string', () => {
    const s = 'subject, verb';
    assert.equal(fnvBytes(FNV_OFFSET, Buffer.from(s, 'latin1')), fnvFrom(FNV_OFFSET, s));
  });

  it('reads a 16-bit value as its two bytes, low byte first', () => {
    for (const v of [0, 1, 0xff, 0x100, 0x7e00, 0xffff, 0x3c00]) {
      assert.equal(fnvUint16(FNV_OFFSET, v), fnvBytes(FNV_OFFSET, [v & 0xff, v >>> 8]));
    }
  });
});
