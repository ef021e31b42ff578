/** Quotation marks and brackets across a deletion stay paired (`pairedMarks.ts`). */
import { strict as assert } from 'assert';
import { repairPairsAtDeletion } from '../../../server/src/engine/repunctuate/pairedMarks';

describe('engine/repunctuate: paired marks across a deletion', () => {
  it('a pair enclosing a kept word keeps both marks: "(See attached file: X.pdf)" minus "X.pdf"', () => {
    // Words: See attached file X.pdf; slots 0..4.
    const written = [['('], [], [], [':'], [')']];
    assert.deepEqual(repairPairsAtDeletion(written, 4, 4, []), [')']);
    assert.deepEqual(repairPairsAtDeletion(written, 4, 4, [')']), [')']);
  });

  it('a pair enclosing only deleted words goes: "“Les Spahnn” <x@y.com>" minus the address', () => {
    // Words: Les Spahnn x@y.com; slots 0..3.
    const written = [['“'], [], ['”', '<'], ['>']];
    assert.deepEqual(repairPairsAtDeletion(written, 3, 3, ['<', '>']), ['”']);
    assert.deepEqual(repairPairsAtDeletion(written, 3, 3, ['>']), ['”']);
  });

  it('leaves other marks and unpaired marks as the channel wrote them', () => {
    const written = [[], [','], [','], ['.']];
    assert.deepEqual(repairPairsAtDeletion(written, 2, 2, [',']), [',']);
    const stray = [[], ['('], [], ['.']];
    assert.deepEqual(repairPairsAtDeletion(stray, 2, 2, ['.']), ['.']);
  });
});
