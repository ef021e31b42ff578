import { strict as assert } from 'assert';
import { runDevMain } from '../cli/helpers';
import { ewtFile } from '../ewt';

const RUN_OPTS = { cwd: process.cwd() };

describe('npm run dev -- data stats', () => {
  it('prints one JSON object with the Table 2 columns for EWT dev', async () => {
    const c = await runDevMain(['data', 'stats', '--json', ewtFile('dev')], RUN_OPTS);
    assert.equal(c.code, 0);
    const s = JSON.parse(c.stdout);
    assert.equal(s.sentences, 2001); // the treebank's documented size
    for (const k of ['tokens', 'punctPercent', 'omitted', 'punctTypes', 'punctemes']) assert.equal(typeof s[k], 'number', k);
    assert.ok(s.punctPercent > 5 && s.punctPercent < 20);
    assert.ok(s.punctemes > 10);
  });

  it('prints a readable table without --json', async () => {
    const c = await runDevMain(['data', 'stats', ewtFile('dev')], RUN_OPTS);
    assert.equal(c.code, 0);
    assert.match(c.stdout, /sentences\s+tokens\s+%punct/);
  });

  it('exits 2 with a clear message on a missing file or no file', async () => {
    const c = await runDevMain(['data', 'stats', '/nonexistent.conllu'], RUN_OPTS);
    assert.equal(c.code, 2);
    assert.match(c.stderr, /cannot read treebank \/nonexistent\.conllu/);
    const d = await runDevMain(['data', 'stats'], RUN_OPTS);
    assert.equal(d.code, 2);
    assert.match(d.stderr, /no CoNLL-U file given/);
  });
});
