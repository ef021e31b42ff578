/**
 * `--audience` on the command line: bad values are usage errors, the summary names the standard a file was held to,
 * and `--fix` holds the fixed text to the standard the text as given was held to (issue 33: after `--fix`, an
 * essay's remaining comma splice vanished under `auto` and the file linted clean).
 */
import { strict as assert } from 'assert';
import { autoAudienceSummary } from '../../server/src/cli/format/audienceSummary';
import type { AudienceDecision } from '../../server/src/engine/audience';
import { readFile, removeRepo, runMain, tempRepo, writeFile } from './helpers';

/** Sentences of `examples/probes/learner-errors.md` and a doubled comma `--fix` applies. */
const ESSAY =
  'My teacher who is very kind, helped me with my homework. The students, want to learn English. ' +
  'We ate rice,, beans and salad for dinner. I was very tired, I went to bed early. We had a very good time there.\n';

// Under the calibrated decision, which finds three errors in ESSAY and so holds it to learner standards: the learned
// one finds two (it misses `My teacher who is very kind⟦,→⟧ helped`, a known miss of it), and holds it to edited prose.
const CALIBRATED = ['--decision', 'calibrated'];

describe('cli: --audience', function () {
  this.timeout(180000);
  let dir: string;
  beforeEach(() => (dir = tempRepo({ 'essay.txt': ESSAY })));
  afterEach(() => removeRepo(dir));

  it('refuses an unknown audience', async () => {
    const r = await runMain(['lint', '--audience', 'teacher', 'essay.txt'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--audience: edited, learner or auto/);
  });

  it('auto says which standard it chose, in the summary and the JSON report', async () => {
    const r = await runMain(['lint', ...CALIBRATED, 'essay.txt'], { cwd: dir });
    assert.match(r.stdout, /held to learner standards \(audience auto: \d+ findings in 5 sentences; set "audience" to choose\)/);
    const json = JSON.parse((await runMain(['lint', ...CALIBRATED, '-f', 'json', 'essay.txt'], { cwd: dir })).stdout);
    assert.equal(json[0].audience.audience, 'learner');
    assert.ok(json[0].findings.every((f: { key: string }) => /^[0-9a-f]{16}(:\d+)?$/.test(f.key)));
    const edited = await runMain(['lint', ...CALIBRATED, '--audience', 'edited', 'essay.txt'], { cwd: dir });
    assert.doesNotMatch(edited.stdout, /held to/);
  });

  it('the summary says which standard auto chose for every file, edited prose too; a named audience adds no such line', async () => {
    writeFile(dir, 'note.txt', 'The plan,, as agreed, was fine. We left at noon.\n');
    const r = await runMain(['lint', ...CALIBRATED, 'essay.txt', 'note.txt'], { cwd: dir });
    assert.match(r.stdout, /\n {2}audience auto: edited-prose standards for 1 file, learner standards for 1 file \(set "audience" to choose\)\n/);
    const named = await runMain(['lint', ...CALIBRATED, '--audience', 'learner', 'essay.txt', 'note.txt'], { cwd: dir });
    assert.doesNotMatch(named.stdout, /audience auto/);
  });

  it('--fix keeps the fixed text at the standard the text as given was held to: no remaining finding vanishes', async () => {
    const before = JSON.parse((await runMain(['lint', ...CALIBRATED, '-f', 'json', 'essay.txt'], { cwd: dir })).stdout)[0].findings as Array<{ ruleId: string; key: string }>;
    assert.ok(before.some((f) => f.ruleId === 'comma-splice'), 'the splice is reported before fixing');
    const fixed = await runMain(['lint', ...CALIBRATED, '--fix', '-f', 'json', 'essay.txt'], { cwd: dir });
    assert.notEqual(readFile(dir, 'essay.txt'), ESSAY, 'a fix was applied');
    const after = JSON.parse(fixed.stdout)[0].findings as Array<{ ruleId: string; key: string }>;
    const applied = Number(/fixed (\d+) problem/.exec(fixed.stderr)?.[1]);
    assert.ok(applied >= 1, fixed.stderr);
    // Every finding not fixed is still reported, under the same key: only the fixed ones are gone.
    const kept = new Set(after.map((f) => f.key));
    assert.equal(before.filter((f) => !kept.has(f.key)).length, applied);
    assert.ok(after.some((f) => f.ruleId === 'comma-splice'), 'the splice is still reported after fixing');
    assert.equal(fixed.code, 1);
  });
});

describe('cli: the summary line of audience auto', () => {
  const decided = (audience: 'edited' | 'learner', by: 'auto' | 'setting'): AudienceDecision => ({ audience, by, findings: 0, sentences: 1 });
  it('counts the files auto held to each standard, and names only the standards it chose', () => {
    const file = (audience?: AudienceDecision) => ({ file: 'f.md', findings: [], ...(audience ? { audience } : {}) });
    assert.equal(autoAudienceSummary([]), undefined);
    assert.equal(autoAudienceSummary([file(), file(decided('learner', 'setting'))]), undefined);
    assert.equal(autoAudienceSummary([file(decided('edited', 'auto'))]), 'audience auto: edited-prose standards for 1 file (set "audience" to choose)');
    assert.equal(
      autoAudienceSummary([file(decided('edited', 'auto')), file(decided('learner', 'auto')), file(decided('edited', 'auto')), file()]),
      'audience auto: edited-prose standards for 2 files, learner standards for 1 file (set "audience" to choose)',
    );
  });
});
