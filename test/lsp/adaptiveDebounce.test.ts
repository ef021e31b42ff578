import * as assert from 'assert';
import { AdaptiveDebounce, debounceMs, RECENT, typicalMs, withAnalysis } from '../../server/src/lsp/adaptiveDebounce';

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

  it('the typical time is the median of the last few analyses: one outlier does not move it, a few do', () => {
    assert.strictEqual(typicalMs([]), undefined);
    assert.strictEqual(typicalMs([12]), 12);
    assert.strictEqual(typicalMs([10, 30]), 20);
    assert.strictEqual(typicalMs([10, 400, 12]), 12);
    let recent: number[] = [];
    for (const ms of [120, 10, 11, 12, 9]) recent = withAnalysis(recent, ms); // a slow first (compiling) edit
    assert.strictEqual(typicalMs(recent), 11);
    for (const ms of [200, 210, 190]) recent = withAnalysis(recent, ms);
    assert.strictEqual(recent.length, RECENT);
    assert.strictEqual(typicalMs(recent), 190);
    assert.deepStrictEqual(withAnalysis([5], NaN), [5]);
  });

  it('learns from analyses that edits started; until then from the opening time per paragraph; a closed document starts again', () => {
    const d = new AdaptiveDebounce();
    const uri = 'file:///a.md';
    assert.strictEqual(d.schedule(uri, 100, true), 100); // nothing known
    assert.strictEqual(d.schedule(uri, 100, false), 0); // opening: no wait
    d.analysed(uri, 900, 30); // the whole document: 30 ms a paragraph
    assert.strictEqual(d.schedule(uri, 100, true), 30);
    d.analysed(uri, 10, 30);
    assert.strictEqual(d.schedule(uri, 100, true), 20);
    d.analysed(uri, 60, 30);
    assert.strictEqual(d.schedule(uri, 100, true), 35); // the median of 10 and 60
    assert.strictEqual(d.schedule(uri, 100, false), 0);
    d.analysed(uri, 5000, 1); // a save's analysis does not count as an edit's
    assert.strictEqual(d.schedule(uri, 100, true), 35);
    assert.strictEqual(d.schedule('file:///b.md', 100, true), 100); // per document
    d.forget(uri);
    assert.strictEqual(d.schedule(uri, 100, true), 100);
  });
});
