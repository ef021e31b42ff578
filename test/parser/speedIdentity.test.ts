/**
 * The parser's run-time optimisations (journal, "speed", 2026-11-21: touching the weight tables ahead of the scans, …)
 * change nothing: tags, heads and relations on the first 40 sentences of EWT dev and test, in the three punctuation
 * views and through parseTokens, equal those the code before that work gave (`fixtures/speed-expected.txt`, written by
 * `test/parser/speed/dumpParses.ts --limit 40` on that commit; the full-EWT comparison is in BENCHMARKS). Written again
 * for a later shipped model (e11 pruned + the neural scorer, gated, with the relation labeller), so that later speed
 * work is held to that model's output.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { modulesAt, parseLines } from './speed/parseLines';

describe('parser run time: same output as before the speed work', function () {
  this.timeout(120000);
  it('gives the stored tags, heads and relations on 40 + 40 EWT sentences in every view', () => {
    const root = path.resolve(__dirname, '../..');
    const expected = fs.readFileSync(path.join(__dirname, 'fixtures', 'speed-expected.txt'), 'utf8').trimEnd().split('\n');
    const got = parseLines(modulesAt(root), { modelDir: path.join(root, 'models/en'), limit: 40 });
    assert.strictEqual(got.length, expected.length);
    got.forEach((line, i) => assert.strictEqual(line, expected[i]));
  });
});
