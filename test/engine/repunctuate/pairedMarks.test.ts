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

  it('leaves other marks as the channel wrote them', () => {
    const written = [[], [','], [','], ['.']];
    assert.deepEqual(repairPairsAtDeletion(written, 2, 2, [',']), [',']);
  });

  it('a closing mark whose quotation began before the sentence stays, where it was written: "… wedding fearing death, basically.”"', () => {
    // Words: I was on my way to my wedding fearing death basically; the participial clause is words 9..11.
    const written: string[][] = [[], [], [], [], [], [], [], [], [], [','], [], ['.', '”']];
    assert.deepEqual(repairPairsAtDeletion(written, 9, 11, ['.']), ['.', '”']);
    assert.deepEqual(repairPairsAtDeletion(written, 9, 11, ['.', '”']), ['.', '”']);
  });

  it('an unclosed opening mark stays when a word after it is kept, and goes when it opened only deleted words', () => {
    // Words: A B C; "A (B C." minus B keeps "(" before C; "A (B." minus B has nothing left inside it.
    assert.deepEqual(repairPairsAtDeletion([[], ['('], [], ['.']], 2, 2, []), ['(']);
    assert.deepEqual(repairPairsAtDeletion([[], ['('], ['.']], 2, 2, ['.']), ['.']);
  });
});
