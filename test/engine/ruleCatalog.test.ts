import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { RULE_IDS } from '../../server/src/engine';
import { RULE_CATALOG } from '../../server/src/engine/ruleCatalog';

describe('rule catalog', () => {
  const readme = fs.readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');
  it('documents every rule the engine can report, and nothing else', () => {
    assert.deepStrictEqual([...RULE_IDS].sort(), Object.keys(RULE_CATALOG).sort());
  });
  it('every rule has its row in the README rules table, linked to its page', () => {
    for (const id of RULE_IDS) {
      assert.ok(readme.includes(`| [\`${id}\`](docs/rules/${id}.md) |`), `README has no row for ${id}`);
      assert.ok(fs.existsSync(path.resolve(__dirname, `../../docs/rules/${id}.md`)), `no page for ${id}`);
    }
  });
});
