import * as assert from 'assert';
import { AdaptiveDebounce, debounceMs, nextTypicalMs, NEWEST_WEIGHT } from '../../server/src/lsp/adaptiveDebounce';

describe('adaptive debounce (policy)', () => {
  it('waits as long as a typical analysis, within a fifth of the setting and the setting', () => {
    assert.strictEqual(debounceMs(100, 8), 20); // fast analyses: the shortest wait
    assert.strictEqual(debounceMs(100, 35), 35);
    assert.strictEqual(debounceMs(100, 400), 100); // slow ones: the setting
    assert.strictEqual(debounceMs(250, 8), 50);
  });

  it('waits the setting while nothing is known, and never with a setting of 0', () => {
    assert.strictEqual(debounceMs(100, undefined), 100);
    assert.strictEqual(debounceMs(0, 300), 0);
    assert.strictEqual(debounceMs(0, undefined), 0);
  });

  it('the typical time follows new analyses by a weighted mean, the first taken as it is', () => {
    assert.strictEqual(nextTypicalMs(undefined, 12), 12);
    assert.strictEqual(nextTypicalMs(10, 20), 10 + NEWEST_WEIGHT * 10);
    assert.strictEqual(nextTypicalMs(10, NaN), 10);
    // One slow outlier moves it by NEWEST_WEIGHT of the difference; a run of slow ones brings it to them.
    let t = 10;
    for (let k = 0; k < 20; k++) t = nextTypicalMs(t, 200);
    assert.ok(t > 199 && t <= 200, String(t));
  });

  it('learns only from analyses that edits started; a closed document starts again', () => {
    const d = new AdaptiveDebounce();
    const uri = 'file:///a.md';
    assert.strictEqual(d.schedule(uri, 100, false), 0); // opening: no wait
    d.analysed(uri, 900); // the whole document at opening says nothing of an edit's analysis
    assert.strictEqual(d.schedule(uri, 100, true), 100);
    d.analysed(uri, 10);
    assert.strictEqual(d.schedule(uri, 100, true), 20);
    d.analysed(uri, 60);
    assert.strictEqual(d.schedule(uri, 100, true), 25); // 10 + 0.3 × 50
    assert.strictEqual(d.schedule('file:///b.md', 100, true), 100); // per document
    d.forget(uri);
    assert.strictEqual(d.schedule(uri, 100, true), 100);
  });
});
