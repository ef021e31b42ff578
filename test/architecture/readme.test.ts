/**
 * The README a new user reads (issue 33): short, both install paths (the npm package from `npm pack`, the `.vsix`),
 * and an editor snippet that runs the installed `puncteme-ls`, never `npx` (which, outside a project that installed
 * Puncteme, would fetch whatever the public registry holds under that name).
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';

const README = fs.readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');

describe('README', () => {
  it('is at most 250 lines', () => {
    assert.ok(README.split('\n').length <= 250, `${README.split('\n').length} lines`);
  });

  it('gives both install paths: the package from npm pack (globally or per project) and the .vsix', () => {
    assert.match(README, /npm pack/);
    assert.match(README, /npm install -g \.\/puncteme-[\d.]+\.tgz/);
    assert.match(README, /npm install --save-dev \.\/puncteme-[\d.]+\.tgz/);
    assert.match(README, /code --install-extension puncteme\.vsix/);
  });

  it('the editor snippet runs the installed server; nothing tells a user to npx the server', () => {
    const lua = [...README.matchAll(/```lua\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');
    assert.match(lua, /cmd = \{ 'puncteme-ls', '--stdio' \}/);
    assert.doesNotMatch(README, /npx puncteme-ls/);
  });
});
