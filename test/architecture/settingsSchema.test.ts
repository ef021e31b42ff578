/**
 * The settings registry (`server/src/config/settingsRegistry.ts`) is the one source of both front ends' settings: the
 * editor's `contributes.configuration` and `.punctemerc.json`'s schema are generated from it, and it offers exactly
 * the engine's values and rule ids.
 */
import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as path from 'path';
import { ENGINE_VALUES, SETTINGS } from '../../server/src/config/settingsRegistry';
import { RULES } from '../../server/src/engine/registry';
import { DEFAULT_SETTINGS } from '../../server/src/lsp/settings';

const REPO = path.resolve(__dirname, '../..');

describe('settings registry', function () {
  this.timeout(60000);

  it('package.json and punctemerc.schema.json are what it makes (scripts/settings-schema.ts --check)', () => {
    const r = spawnSync(process.execPath, ['--require', require.resolve('tsx/cjs'), path.join(REPO, 'scripts/settings-schema.ts'), '--check'], { cwd: REPO, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  });

  it('offers exactly the values the engine accepts', () => {
    for (const [key, values] of Object.entries(ENGINE_VALUES)) {
      const spec = SETTINGS.find((s) => s.key === key);
      assert.deepEqual(spec?.values?.map(([v]) => v), [...values], key);
    }
  });

  it("the editor's defaults are the language server's", () => {
    for (const s of SETTINGS.filter((x) => x.scope !== 'project')) {
      const server = (DEFAULT_SETTINGS as unknown as Record<string, unknown>)[s.key];
      if (s.key === 'languages') {
        for (const id of s.default as string[]) assert.ok((server as string[]).includes(id), id);
      } else assert.deepEqual(s.default, server, s.key);
    }
  });

  it("every setting a rule names is registered, read from .punctemerc.json, with its line for the rule pages", () => {
    for (const rule of RULES) {
      for (const key of rule.settings) {
        const spec = SETTINGS.find((s) => s.key === key);
        assert.ok(spec, `${rule.id} names ${key}`);
        assert.notEqual(spec.scope, 'editor', `${rule.id} names ${key}`);
        assert.ok(spec.ruleNote, `${key} has the line its rule pages show`);
      }
    }
  });
});
