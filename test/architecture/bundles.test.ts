/**
 * What ships is the esbuild bundles (dist/*.js). Their metafiles (dist/meta/*.json, written by scripts/bundle.mjs)
 * list every source file each holds: none may be research, training, evaluation, a script or a test; the CLI's holds no
 * developer command; and the client's bundle holds of the server only the protocol module.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ROOT } from './importGraph';

const BUNDLES = ['extension', 'server', 'analysisWorker', 'cli'];
const NOT_SHIPPED = ['server/src/training/', 'server/research/', 'scripts/', 'test/'];

function inputsOf(bundle: string): string[] {
  const file = path.join(ROOT, 'dist/meta', `${bundle}.json`);
  assert.ok(fs.existsSync(file), `${file} is missing: run \`npm run build\` (npm test does it first)`);
  const meta = JSON.parse(fs.readFileSync(file, 'utf8')) as { inputs: Record<string, unknown> };
  return Object.keys(meta.inputs).filter((input) => !input.includes('node_modules/'));
}

describe('bundles', () => {
  for (const bundle of BUNDLES) {
    it(`dist/${bundle}.js holds no research, training, script or test code`, () => {
      const inputs = inputsOf(bundle);
      assert.ok(inputs.length > 0);
      assert.deepEqual(inputs.filter((input) => NOT_SHIPPED.some((folder) => input.startsWith(folder))), []);
    });
  }

  it('dist/cli.js holds none of the developer commands (eval, data stats; what only they read is in server/research/)', () => {
    const inputs = inputsOf('cli');
    assert.ok(inputs.includes('server/src/cli/commands/lint.ts'));
    assert.deepEqual(inputs.filter((input) => /^server\/src\/cli\/commands\/(eval|dataStats)/.test(input)), []);
  });

  it('dist/extension.js holds of the server only the protocol module', () => {
    const inputs = inputsOf('extension');
    assert.deepEqual(inputs.filter((input) => !input.startsWith('client/') && !input.startsWith('server/src/protocol/')), []);
  });
});
