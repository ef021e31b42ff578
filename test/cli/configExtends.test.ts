/**
 * `extends` in `.punctemerc.json` (`config/extends.ts`): shared configurations resolved relative to the file that
 * names them (paths and npm packages), merged in order with the naming file last, cycles and missing files refused
 * with a message that shows the chain; and the CLI lints with the merged result.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ConfigError, loadProjectConfig, readProjectConfig } from '../../server/src/config';
import { removeRepo, runMain, tempRepo, writeFile } from './helpers';

describe('config: extends', function () {
  this.timeout(120000);
  let dir: string;
  afterEach(() => dir && removeRepo(dir));

  it('merges the bases in order, the naming file last: keys override, rules merge, allow, falsePositives and exclude add up', () => {
    dir = tempRepo({
      'team/base.json': JSON.stringify({ quoteStyle: 'british', serialComma: 'always', rules: { comma: 'off', 'doubled-mark': 'error' }, allow: ['Yahoo!'], exclude: ['vendor/**'] }),
      'team/strict.json': JSON.stringify({ extends: './base.json', audience: 'learner', rules: { comma: 'warning' }, falsePositives: [{ rule: 'comma', text: 'A B.' }] }),
      'project/.punctemerc.json': JSON.stringify({ extends: ['../team/strict.json'], serialComma: 'never', allow: ['/v\\d+/'], exclude: ['drafts/**'], falsePositives: [{ rule: 'comma', text: 'A B.' }] }),
    });
    const { config } = loadProjectConfig(path.join(dir, 'project'));
    assert.deepEqual(config, {
      quoteStyle: 'british',
      serialComma: 'never',
      audience: 'learner',
      rules: { comma: 'warning', 'doubled-mark': 'error' },
      allow: ['Yahoo!', '/v\\d+/'],
      exclude: ['vendor/**', 'drafts/**'],
      falsePositives: [{ rule: 'comma', text: 'A B.' }],
    });
  });

  it('a package in node_modules above the file, by name or by a file in it', () => {
    dir = tempRepo({
      'node_modules/@team/puncteme-config/package.json': JSON.stringify({ name: '@team/puncteme-config', main: 'punctemerc.json' }),
      'node_modules/@team/puncteme-config/punctemerc.json': JSON.stringify({ dialect: 'en-GB' }),
      'node_modules/@team/puncteme-config/strict.json': JSON.stringify({ commaSplices: 'edited' }),
      'docs/.punctemerc.json': JSON.stringify({ extends: ['@team/puncteme-config', '@team/puncteme-config/strict.json'] }),
    });
    assert.deepEqual(readProjectConfig(path.join(dir, 'docs/.punctemerc.json')), { dialect: 'en-GB', commaSplices: 'edited' });
  });

  it('a project’s dialect is not overruled by a base’s explicit quoteStyle', () => {
    dir = tempRepo({ 'base.json': JSON.stringify({ quoteStyle: 'american' }), '.punctemerc.json': JSON.stringify({ extends: './base.json', dialect: 'en-GB' }) });
    assert.deepEqual(loadProjectConfig(dir).config, { dialect: 'en-GB' });
  });

  it('refuses a cycle, naming the chain, and a missing file, naming where it was looked for', () => {
    dir = tempRepo({
      'a.json': JSON.stringify({ extends: './b.json' }),
      'b.json': JSON.stringify({ extends: ['./c.json'] }),
      'c.json': JSON.stringify({ extends: './a.json' }),
      'self.json': JSON.stringify({ extends: './self.json' }),
      'missing.json': JSON.stringify({ extends: './nowhere.json' }),
      'nopackage.json': JSON.stringify({ extends: 'no-such-puncteme-config' }),
    });
    const error = (file: string) => {
      try {
        readProjectConfig(path.join(dir, file));
      } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        return e.message;
      }
      assert.fail(`${file} was accepted`);
    };
    assert.match(error('a.json'), /extends "\.\/a\.json" makes a cycle: \S*a\.json → \S*b\.json → \S*c\.json → \S*a\.json/);
    assert.match(error('self.json'), /makes a cycle: \S*self\.json → \S*self\.json/);
    assert.match(error('missing.json'), /extends "\.\/nowhere\.json": no such file/);
    assert.match(error('nopackage.json'), /extends "no-such-puncteme-config": no such file/);
  });

  it('a base is validated like any config file: its bad key is named with its file', () => {
    dir = tempRepo({ 'base.json': JSON.stringify({ quoteStyle: 'french' }), '.punctemerc.json': JSON.stringify({ extends: './base.json' }) });
    assert.throws(() => loadProjectConfig(dir), (e: Error) => e instanceof ConfigError && /base\.json: invalid configuration:\n\s+quoteStyle: must be one of/.test(e.message));
    writeFile(dir, '.punctemerc.json', JSON.stringify({ extends: 3 }));
    assert.throws(() => loadProjectConfig(dir), /extends/);
  });

  it('the CLI lints with the merged configuration: a rule the shared config switches off is not reported; a cycle is exit 2', async () => {
    dir = tempRepo({
      'shared/punctemerc.json': JSON.stringify({ rules: { 'doubled-mark': 'off' } }),
      'site/.punctemerc.json': JSON.stringify({ extends: '../shared/punctemerc.json' }),
      'site/a.md': '# A\n\nThis has a doubled comma,, here.\n',
    });
    const quiet = await runMain(['lint', 'a.md'], { cwd: path.join(dir, 'site') });
    assert.equal(quiet.code, 0, quiet.stdout + quiet.stderr);
    fs.writeFileSync(path.join(dir, 'shared/punctemerc.json'), JSON.stringify({ extends: '../site/.punctemerc.json' }));
    const cycle = await runMain(['lint', 'a.md'], { cwd: path.join(dir, 'site') });
    assert.equal(cycle.code, 2);
    assert.match(cycle.stderr, /makes a cycle/);
  });
});
