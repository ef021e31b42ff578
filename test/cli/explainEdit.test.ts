/** `puncteme explain --delete/--move-front/--move-end/--join` and `--svg` (issue 35), through the CLI's `main`. */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeRepo, runMain, tempRepo } from './helpers';
import { trainedEngineParts } from '../engine/trainedParts';

describe('cli: explain with an edit, and the picture', function () {
  this.timeout(60000);
  trainedEngineParts();
  let repo: string;
  before(() => (repo = tempRepo({})));
  after(() => removeRepo(repo));

  it('--delete prints the sentence before and after, and the analysis as text', async () => {
    const r = await runMain(['explain', '--delete', 'a doctor', 'My brother, a doctor, lives in Paris.'], { cwd: repo });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Before: My brother, a doctor, lives in Paris\.\nAfter: {2}My brother lives in Paris\.\n/);
    assert.match(r.stdout, /Underlying punctuation \(T′\)/);
  });

  it('--move-front, --move-end and --join', async () => {
    const front = await runMain(['explain', '--move-front', 'however', 'We stayed home, however.'], { cwd: repo });
    assert.match(front.stdout, /After: {2}However, we stayed home\./);
    const end = await runMain(['explain', '--move-end', 'Because it rained', 'Because it rained, we stayed home.'], { cwd: repo });
    assert.match(end.stdout, /After: {2}We stayed home because it rained\./);
    const join = await runMain(['explain', '--join', 'but', 'The rain stopped. We went out.'], { cwd: repo });
    assert.match(join.stdout, /After: {2}The rain stopped,? but we went out\./);
  });

  it('--svg writes the picture; bad phrases and two edits are usage errors (exit 2)', async () => {
    const r = await runMain(['explain', '--svg', 'p.svg', 'We stayed home, however.'], { cwd: repo });
    assert.equal(r.code, 0, r.stderr);
    const svg = fs.readFileSync(path.join(repo, 'p.svg'), 'utf8');
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(svg, />however</);
    const missing = await runMain(['explain', '--delete', 'a lawyer', 'My brother, a doctor, lives in Paris.'], { cwd: repo });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /"a lawyer" is not in the text/);
    const notConstituent = await runMain(['explain', '--delete', 'brother, a', 'My brother, a doctor, lives in Paris.'], { cwd: repo });
    assert.equal(notConstituent.code, 2);
    assert.match(notConstituent.stderr, /not a constituent/);
    const two = await runMain(['explain', '--delete', 'a doctor', '--join', 'and', 'My brother, a doctor, lives in Paris. He works.'], { cwd: repo });
    assert.equal(two.code, 2);
  });
});
