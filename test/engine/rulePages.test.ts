/** The rule pages (`docs/rules/<id>.md`) that every link to a rule opens: present, up to date, and the only links. */
import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { fileURLToPath } from 'url';
import { RULE_IDS } from '../../server/src/engine';
import { rulePageUri } from '../../server/src/engine/rulePages';

const REPO = path.resolve(__dirname, '../..');

describe('rule pages', function () {
  this.timeout(60000);

  it('are up to date with the rule catalogue (scripts/rule-pages.ts --check)', () => {
    const r = spawnSync(process.execPath, ['--require', require.resolve('tsx/cjs'), path.join(REPO, 'scripts/rule-pages.ts'), '--check'], { cwd: REPO, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  });

  it('read in short pieces: no paragraph or list item of a page is over 110 words (the details were once one sentence of 280)', () => {
    const long: string[] = [];
    for (const id of RULE_IDS) {
      const text = fs.readFileSync(path.join(REPO, 'docs/rules', `${id}.md`), 'utf8');
      // Paragraphs split at blank lines, lists at their items; tables aside.
      for (const piece of text.split(/\n\s*\n|\n(?=\s*- )/).filter((p) => !/^\s*\|/.test(p))) {
        const words = piece.split(/\s+/).filter(Boolean).length;
        if (words > 110) long.push(`${id}: ${words} words: ${piece.slice(0, 60)}…`);
      }
    }
    assert.deepEqual(long, []);
  });

  it('every rule the engine reports has its page, found beside the code', () => {
    for (const id of RULE_IDS) {
      const uri = rulePageUri(id);
      assert.ok(uri, id);
      assert.equal(fileURLToPath(uri), path.join(REPO, 'docs/rules', `${id}.md`));
    }
    assert.equal(rulePageUri('../README'), undefined, 'only rule ids name pages');
  });

  it('no placeholder address is left in the repository', function () {
    // Any host under the reserved top-level domain (RFC 2606), which no link can reach; written in two pieces so
    // that this file does not name one itself.
    const placeholder = ['[A-Za-z0-9-]', 'invalid([^A-Za-z0-9-]|$)'].join('\\.');
    const r = spawnSync('git', ['grep', '-l', '-E', placeholder], { cwd: REPO, encoding: 'utf8' });
    if (r.error || (r.status !== 0 && r.status !== 1)) this.skip(); // not a git checkout
    assert.equal(r.stdout, '', `files naming a host matching ${placeholder}`);
  });

  it('the extension and the package name a real publisher and no placeholder', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(manifest.publisher, 'puncteme');
    const text = JSON.stringify(manifest);
    for (const word of ['placeholder', 'example.', 'your-', 'TODO']) assert.ok(!text.includes(word), word);
  });
});
