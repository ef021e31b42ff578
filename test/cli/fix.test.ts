/** --fix and --fix-dry-run: only safe fixes, words and non-prose untouched, idempotent, atomic. */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { lineStarts, positionFromStarts } from '../../server/src/engine/positions';
import { Finding } from '../../server/src/engine/types';
import { applyEdits, safeEdits, wordsOf } from '../../server/src/edits/safeFixes';
import { readFile, removeRepo, runMain, tempRepo } from './helpers';

const DOC = [
  '---',
  'title: Fix me,, please',
  '---',
  '',
  '# Installing,, the tool',
  '',
  'Download the archive,, unpack it.. Then run it; ; see below.',
  '',
  '```js',
  'const a = [1,, 2]; // code is never touched..',
  '```',
  '',
  'Use `x,,y` in code spans, and <!-- comments,, too --> stay.',
  '',
].join('\n');

/**
 * A finding with one fix replacing [start, end) of `text` by `newText`, of a kind `--fix` applies unseen
 * (`autoFixPolicy.ts`; which kinds those are is tested in fixSafety.test.ts).
 */
function finding(text: string, start: number, end: number, newText: string, confidence = 0.95, extraFixes = 0): Finding {
  const starts = lineStarts(text);
  const pos = (o: number) => positionFromStarts(starts, o);
  const fix = { title: 'fix', edits: [{ start: pos(start), end: pos(end), newText }] };
  return {
    ruleId: 'doubled-mark',
    message: 'm',
    severity: 'warning',
    confidence,
    start: pos(start),
    end: pos(end),
    fixes: Array.from({ length: 1 + extraFixes }, () => fix),
    explanation: '',
  };
}

describe('cli: safe fix selection', () => {
  const text = 'Alpha,, beta.. gamma delta';
  it('takes confident single-fix findings, drops unconfident, ambiguous and overlapping ones', () => {
    const a = finding(text, 5, 7, ','); // ",," → ","
    const overlapping = finding(text, 6, 8, ''); // touches a's range
    const weak = finding(text, 12, 14, '.', 0.5);
    const ambiguous = finding(text, 12, 14, '.', 0.99, 1);
    const edits = safeEdits(text, [overlapping, a, weak, ambiguous], 0.9);
    assert.equal(applyEdits(text, edits), 'Alpha, beta.. gamma delta');
  });
  it('refuses fixes that change, join or split words, but allows re-capitalising', () => {
    const join = finding(text, 20, 21, ''); // "gamma delta" → "gammadelta"
    const change = finding(text, 0, 5, 'Alfa');
    const split = finding(text, 2, 2, ','); // "Al,pha"
    const recap = finding(text, 15, 16, 'G');
    assert.equal(applyEdits(text, safeEdits(text, [join, change, split, recap], 0.9)), 'Alpha,, beta.. Gamma delta');
    assert.deepEqual(wordsOf("Don't stop, it's fine"), ["don't", 'stop', "it's", 'fine']);
  });
});

const NOTES = 'Lunch is ready.. We can eat now, and talk later..\n';
const NOTES_FIXED = 'Lunch is ready. We can eat now, and talk later.\n';

describe('cli: --fix', function () {
  this.timeout(60000);
  let dir: string;
  beforeEach(() => {
    // Only doubled periods: which commas the model keeps is the lint engine's business, tested there.
    dir = tempRepo({ 'docs/page.md': DOC, 'notes.txt': NOTES });
    fs.chmodSync(path.join(dir, 'notes.txt'), 0o640);
  });
  afterEach(() => removeRepo(dir));

  it('fixes prose only, keeps every word, and a second run changes nothing', async () => {
    const first = await runMain(['lint', '--fix', '.'], { cwd: dir });
    assert.match(first.stderr, /fixed [1-9]\d* problem\(s\) in 2 file\(s\)/);
    const fixed = readFile(dir, 'docs/page.md');
    assert.notEqual(fixed, DOC);
    assert.deepEqual(wordsOf(fixed), wordsOf(DOC));
    // non-prose lines are byte-for-byte the same
    const before = DOC.split('\n');
    const after = fixed.split('\n');
    assert.equal(after.length, before.length);
    for (const i of [1, 9, 12]) assert.equal(after[i].includes(',,') || after[i].includes('..'), true, after[i]);
    assert.equal(after[1], before[1]);
    assert.equal(after[9], before[9]);
    assert.ok(after[12].includes('`x,,y`') && after[12].includes('<!-- comments,, too -->'));
    // the prose errors are gone
    assert.ok(!after[4].includes(',,'));
    assert.ok(!after[6].includes(',,') && !after[6].includes('..'));
    assert.equal(readFile(dir, 'notes.txt'), NOTES_FIXED);
    assert.equal(fs.statSync(path.join(dir, 'notes.txt')).mode & 0o777, 0o640, 'permissions kept');
    assert.deepEqual(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp')), [], 'no temporary files left');

    const snapshot = { page: readFile(dir, 'docs/page.md'), notes: readFile(dir, 'notes.txt') };
    const second = await runMain(['lint', '--fix', '.'], { cwd: dir });
    assert.match(second.stderr, /fixed 0 problem\(s\) in 0 file\(s\)/);
    assert.deepEqual({ page: readFile(dir, 'docs/page.md'), notes: readFile(dir, 'notes.txt') }, snapshot);
  });

  it('--fix-dry-run prints a unified diff and writes nothing', async () => {
    const r = await runMain(['lint', '--fix-dry-run', 'notes.txt'], { cwd: dir });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^--- notes\.txt\n\+\+\+ notes\.txt\n/m);
    assert.ok(r.stdout.includes(`\n-${NOTES}`) && r.stdout.includes(`\n+${NOTES_FIXED}`), r.stdout);
    assert.equal(readFile(dir, 'notes.txt'), NOTES);
  });

  it('keeps a UTF-8 byte-order mark, which offsets do not count', async () => {
    fs.writeFileSync(path.join(dir, 'bom.txt'), '\uFEFFOne,, two.\n');
    const r = await runMain(['lint', '-f', 'json', 'bom.txt'], { cwd: dir });
    assert.equal(JSON.parse(r.stdout)[0].findings[0].start.offset, 3);
    await runMain(['lint', '--fix', 'bom.txt'], { cwd: dir });
    assert.deepEqual([...fs.readFileSync(path.join(dir, 'bom.txt'))], [...Buffer.from('\uFEFFOne, two.\n', 'utf8')]);
  });

  it('--fix-min-confidence 1 applies nothing', async () => {
    await runMain(['lint', '--fix', '--fix-min-confidence', '1', '.'], { cwd: dir });
    assert.equal(readFile(dir, 'notes.txt'), NOTES);
  });
});
