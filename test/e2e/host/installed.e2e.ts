/**
 * What runs is what we ship: unless the harness was asked for the unpackaged checkout, the Puncteme extension in
 * this VS Code is the `.vsix` installed with `code-server --install-extension`, holding bundles and models only.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { INSTALLED_ENV } from '../harness/channel';

const EXTENSION_ID = 'puncteme.puncteme';

describe('Puncteme in VS Code: the packaged extension', () => {
  it('is the installed .vsix (bundles and models, no sources), not the checkout', function () {
    const installed = process.env[INSTALLED_ENV];
    if (!installed) {
      this.test!.title += ' — skipped: this run tests the unpackaged checkout (PUNCTEME_E2E_UNPACKAGED)';
      this.skip();
    }
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} is not loaded`);
    assert.strictEqual(fs.realpathSync(ext.extensionPath), fs.realpathSync(installed!));
    const has = (p: string) => fs.existsSync(path.join(ext.extensionPath, p));
    for (const p of ['dist/extension.js', 'dist/server.js', 'dist/analysisWorker.js', 'models/en/parser.bin', 'models/en/punct.json', 'models/en/punct-supplement.json']) {
      assert.ok(has(p), `the package lacks ${p}`);
    }
    for (const p of ['client/src', 'server/src', 'test', 'node_modules']) assert.ok(!has(p), `the package holds ${p}`);
  });
});
