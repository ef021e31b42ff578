import * as assert from 'assert';
import { BILSTM_MARK_COUNT, OTHER_WRITTEN_MARK } from '../../server/src/restore/bilstmTagger';
import { neuralGapFeatures, NeuralGapReading } from '../../server/src/engine/correction/learned/sideModels';
import { writtenMarkClass } from '../../server/src/restore/punctTagger';
import { ABBREV_DOT } from '../../server/src/data/punctTokens';

/** A reading of three words whose tagger says: after word 1 a comma (0.8), after word 2 nothing (0.9), after word 3 a period. */
function reading(): NeuralGapReading {
  const p = new Float64Array(3 * BILSTM_MARK_COUNT);
  const set = (t: number, probs: Record<number, number>) => Object.entries(probs).forEach(([y, v]) => (p[t * BILSTM_MARK_COUNT + Number(y)] = v));
  set(0, { 0: 0.2, 1: 0.8 });
  set(1, { 0: 0.9, 1: 0.1 });
  set(2, { 2: 1 });
  return { p, n: 3 };
}

const logit = (p: number) => Math.log(p / (1 - p));

describe('the BiLSTM gap tagger as scorer features', () => {
  it('reads a slot\'s marks as the tagger\'s classes', () => {
    const slots = [[], [','], ['.'], ['?'], ['!'], [':'], [';'], ['...'], [',', '”'], ['”'], ['('], ['—']];
    assert.deepStrictEqual(slots.map(writtenMarkClass), [0, 1, 2, 3, 4, 5, 6, 2, 1, OTHER_WRITTEN_MARK, OTHER_WRITTEN_MARK, OTHER_WRITTEN_MARK]);
    // An abbreviation's dot is not a sentence's period, as training read it (the linter read it as one before).
    assert.strictEqual(writtenMarkClass([ABBREV_DOT]), OTHER_WRITTEN_MARK);
  });

  it('gives an inserted comma the logit of P(comma) there, and the bare gap it replaces P(none)', () => {
    const f = new Map(neuralGapFeatures(reading(), [[1, [',']]], () => [], 'insert', 'comma/insert'));
    assert.ok(Math.abs(f.get('nGap*insert')! - logit(0.8) / 4) < 1e-12);
    assert.ok(Math.abs(f.get('nGapOld*insert')! - logit(0.2) / 4) < 1e-12);
    assert.strictEqual(f.get(`nGapBin=${Math.round(logit(0.8))}*insert`), 1);
  });

  it('takes the least likely of a pair\'s slots, and says so when no slot is one it answers', () => {
    const f = new Map(neuralGapFeatures(reading(), [[1, []], [2, []]], (i) => (i === 1 ? [','] : []), 'delete', 'comma/delete'));
    assert.ok(Math.abs(f.get('nGap*delete')! - logit(0.2) / 4) < 1e-12, 'the lower of P(none) after word 1 and after word 2');
    assert.ok(Math.abs(f.get('nGapMax*delete')! - logit(0.9) / 4) < 1e-12);
    // Slot 0 (before the first word) and slot 3 (after the last) are the sentence's ends; a quote is not tagged.
    assert.deepStrictEqual(neuralGapFeatures(reading(), [[0, [',']], [3, ['.']], [2, ['”']]], () => [], 'insert', 'k'), [['noNGap*insert', 1]]);
  });
});
