/**
 * `refitThresholds` (journal, "learner recall"): the categories' own thresholds fitted anew under a kept error model
 * and global threshold, on hand-made labelled candidates whose confidence is their Δ (an identity calibration).
 */
import * as assert from 'assert';
import { Calibration } from '../../server/src/engine/correction/pipeline/calibration';
import { ScoredCandidate } from '../../server/src/engine/correction/pipeline/decide';
import { LabelledCandidate, refitThresholds } from '../../server/research/eval/calibrationFit';

const IDENTITY: Calibration['kinds'][string] = { a: 0, b: 0, points: [[0, 0], [1, 1]] };

function labelled(sentence: number, confidence: number, y: number): LabelledCandidate {
  const c: ScoredCandidate = {
    candidate: { category: 'subject-verb-comma', action: 'delete', node: 1, changes: new Map([[1, []]]) },
    delta: confidence,
    key: 'subject-verb-comma/delete',
    confidence,
  };
  return { sentence, c, y };
}

describe('engine: the categories’ thresholds refitted under a kept error model', () => {
  // Right subject–verb edits on 200 corrupted items: 100 at 0.95, 100 at 0.7; the originals (odd) hold one wrong
  // edit at 0.6, inside the clean budget of 5 per 1,000 originals.
  const dev = [...Array.from({ length: 200 }, (_, k) => labelled(2 * k, k < 100 ? 0.95 : 0.7, 1)), labelled(1, 0.6, 0)];
  const base: Calibration = { threshold: 0.9, thresholds: { 'subject-verb-comma': 0.99 }, kinds: { 'subject-verb-comma/delete': IDENTITY }, note: 'shipped' };

  it('keeps the error model, the global threshold and the note, and fits the category anew from the global', () => {
    const cal = refitThresholds(base, dev, 200);
    assert.strictEqual(cal.threshold, 0.9);
    assert.strictEqual(cal.kinds, base.kinds);
    assert.strictEqual(cal.note, 'shipped');
    // The old own threshold (0.99) is not the start: from 0.9 the best F0.5 within the precision floor takes in the
    // edits at 0.7 and stops above the wrong one at 0.6 (ties keep the highest threshold).
    assert.deepStrictEqual(cal.thresholds, { 'subject-verb-comma': 0.7 });
    assert.deepStrictEqual(base.thresholds, { 'subject-verb-comma': 0.99 });
  });

  it("holds the category to the clean cost on train's originals", () => {
    // Train: 4,000 items whose originals hold 3 wrong edits at 0.7 (0.25 per 1,000 allows one added finding).
    const train = { data: [0, 1, 2].map((k) => labelled(2 * k + 1, 0.7, 0)), items: 4000 };
    assert.deepStrictEqual(refitThresholds(base, dev, 200, train).thresholds, { 'subject-verb-comma': 0.9 });
  });
});
