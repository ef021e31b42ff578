import { strict as assert } from 'assert';
import { main } from '../../server/src/cli/main';
import { ewtFile } from '../ewt';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      stdout: (s: string) => void out.push(s),
      stderr: (s: string) => void err.push(s),
      readStdin: async () => '',
      isTTY: false,
      cwd: process.cwd(),
    },
  };
}

describe('puncteme data stats', () => {
  it('prints one JSON object with the Table 2 columns for EWT dev', async () => {
    const c = capture();
    const code = await main(['data', 'stats', '--json', ewtFile('dev')], c.io);
    assert.equal(code, 0);
    const s = JSON.parse(c.out.join(''));
    assert.equal(s.sentences, 2001); // the treebank's documented size
    for (const k of ['tokens', 'punctPercent', 'omitted', 'punctTypes', 'punctemes']) assert.equal(typeof s[k], 'number', k);
    assert.ok(s.punctPercent > 5 && s.punctPercent < 20);
    assert.ok(s.punctemes > 10);
  });

  it('prints a readable table without --json', async () => {
    const c = capture();
    assert.equal(await main(['data', 'stats', ewtFile('dev')], c.io), 0);
    assert.match(c.out.join(''), /sentences\s+tokens\s+%punct/);
  });

  it('exits 2 with a clear message on a missing file or no file', async () => {
    const c = capture();
    assert.equal(await main(['data', 'stats', '/nonexistent.conllu'], c.io), 2);
    assert.match(c.err.join(''), /cannot read treebank \/nonexistent\.conllu/);
    const d = capture();
    assert.equal(await main(['data', 'stats'], d.io), 2);
    assert.match(d.err.join(''), /no CoNLL-U file given/);
  });
});
