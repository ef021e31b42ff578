import * as assert from 'assert';
import { CHARS_PER_WORKER, idleCores, workerCount } from '../../server/src/cli/run/workerCount';

describe('default lint worker count (policy)', () => {
  it('one worker per core on an idle machine, as far as the text is worth it', () => {
    assert.strictEqual(workerCount(10 * CHARS_PER_WORKER, { cores: 4, load: 0 }), 4);
    assert.strictEqual(workerCount(2 * CHARS_PER_WORKER, { cores: 4, load: 0 }), 2);
    assert.strictEqual(workerCount(1000, { cores: 4, load: 0 }), 1);
  });

  it('only the cores the load leaves idle (rounded), never fewer than one', () => {
    assert.strictEqual(workerCount(10 * CHARS_PER_WORKER, { cores: 4, load: 1.4 }), 3);
    assert.strictEqual(workerCount(10 * CHARS_PER_WORKER, { cores: 4, load: 1.6 }), 2);
    assert.strictEqual(workerCount(10 * CHARS_PER_WORKER, { cores: 2, load: 1.2 }), 1); // the shared 2-core machine under load
    assert.strictEqual(workerCount(10 * CHARS_PER_WORKER, { cores: 2, load: 18 }), 1);
  });

  it('a system that reports no load (Windows: 0) or a bad one counts as idle', () => {
    assert.strictEqual(idleCores({ cores: 8, load: 0 }), 8);
    assert.strictEqual(idleCores({ cores: 8, load: NaN }), 8);
    assert.strictEqual(idleCores({ cores: 8, load: -1 }), 8);
  });
});
