/** Inline disable comments, through the CLI: Markdown HTML comments, LaTeX `%` comments, plain-text lines. */
import { strict as assert } from 'assert';
import { removeRepo, runMain, tempRepo } from './helpers';

async function lines(dir: string, file: string): Promise<number[]> {
  const r = await runMain(['lint', '-f', 'json', file], { cwd: dir });
  assert.notEqual(r.code, 2, r.stderr);
  return JSON.parse(r.stdout)[0]
    .findings.filter((f: { ruleId: string }) => f.ruleId === 'doubled-mark')
    .map((f: { start: { line: number } }) => f.start.line + 1);
}

describe('cli: inline disable comments', function () {
  this.timeout(60000);
  let dir: string;
  before(() => {
    dir = tempRepo({
      'page.md': [
        'Line one,, reported.', //                              1
        '',
        '<!-- puncteme-disable-next-line -->', //               3
        'Line four,, silenced.', //                             4
        '',
        'Line six,, reported.', //                              6
        '',
        '<!-- puncteme-disable doubled-mark -->', //            8
        'Line nine,, silenced.', //                             9
        '',
        'Line eleven,, silenced.', //                          11
        '<!-- puncteme-enable -->', //                         12
        '',
        'Line fourteen,, reported.', //                        14
        '',
        '<!-- puncteme-disable some-other-rule -->', //        16
        'Line seventeen,, reported.', //                       17
        '',
      ].join('\n'),
      'paper.tex': [
        'Line one,, reported.',
        '% puncteme-disable-next-line',
        'Line three,, silenced.',
        '% puncteme-disable',
        'Line five,, silenced.',
        '% puncteme-enable',
        'Line seven,, reported.',
        '',
      ].join('\n'),
      'notes.txt': ['Line one,, reported.', 'puncteme-disable-next-line', 'Line three,, silenced.', 'Line four,, reported.', ''].join('\n'),
    });
  });
  after(() => removeRepo(dir));

  it('Markdown: disable-next-line, disable RULE … enable, and other rules do not silence this one', async () => {
    assert.deepEqual(await lines(dir, 'page.md'), [1, 6, 14, 17]);
  });
  it('LaTeX: the same words after %', async () => {
    assert.deepEqual(await lines(dir, 'paper.tex'), [1, 7]);
  });
  it('plain text: puncteme-disable-next-line on its own line', async () => {
    assert.deepEqual(await lines(dir, 'notes.txt'), [1, 4]);
  });
});
