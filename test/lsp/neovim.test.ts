import { strict as assert } from 'assert';
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { REPO } from './lspClient';

/** Neovim headless (Debian's `neovim`; `.ci/run` installs it) as a real third-party LSP client of puncteme-ls. */
describe('Neovim as an LSP client', function () {
  this.timeout(60000);
  const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });

  before(function () {
    if (nvim.error) {
      console.log('    (skipped: nvim is not installed here; `apt-get install -y neovim`, as .ci/run does, enables this test)');
      this.skip();
    }
  });

  it('gets diagnostics, hover and code actions, and applies a quick fix', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-nvim-'));
    try {
      const file = path.join(dir, 'notes.md');
      fs.writeFileSync(file, '# Notes\n\nThe plan,, as agreed, is fine.\n\n```\nx,, y\n```\n');
      const out = path.join(dir, 'result.json');
      // What `puncteme-ls --stdio` runs (README): the bin through its shebang, on the bundle (`npm test` builds it
      // first).
      const cmd = [path.join(REPO, 'node_modules/.bin/puncteme-ls'), '--stdio'];
      const child = spawn('nvim', ['--headless', '-n', '-i', 'NONE', '-u', 'NONE', '-c', `luafile ${path.join(__dirname, 'neovim.lua')}`], {
        cwd: REPO,
        env: { ...process.env, XDG_CACHE_HOME: dir, XDG_STATE_HOME: dir, XDG_DATA_HOME: dir, PUNCTEME_NVIM_OUT: out, PUNCTEME_NVIM_FILE: file, PUNCTEME_NVIM_CMD: JSON.stringify(cmd) },
        stdio: 'ignore',
      });
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 45000);
        child.on('exit', (c) => {
          clearTimeout(timer);
          resolve(c);
        });
      });
      assert.equal(code, 0);
      const r = JSON.parse(fs.readFileSync(out, 'utf8'));
      assert.equal(r.error, undefined, r.error);
      const d = r.diagnostics.find((x: { code: string }) => x.code === 'doubled-mark');
      assert.ok(d, JSON.stringify(r.diagnostics));
      assert.equal(d.source, 'puncteme');
      assert.deepEqual(d.range, { start: { line: 2, character: 8 }, end: { line: 2, character: 10 } });
      assert.ok(r.diagnostics.every((x: { range: { start: { line: number } } }) => x.range.start.line !== 5), 'nothing inside the code block');
      assert.match(r.hover.contents.value, /doubled-mark/);
      assert.ok(r.actions.some((t: string) => t.startsWith('Ignore this sentence')), r.actions.join(' | '));
      // Neovim lists every action it gets: the whole-file fix must not be among a finding's quick fixes.
      assert.ok(r.actionKinds.every((k: string) => k === 'quickfix'), r.actionKinds.join(' | '));
      // The first quick fix, applied: the finding's own fix (not a whole-file one).
      assert.equal(r.lines[2], 'The plan, as agreed, is fine.');
      // "Rule disabled" is said without a blocking prompt.
      assert.equal(r.messageRequests, 0);
      assert.ok(r.shownMessages.some((m: string) => m.includes('"doubled-mark" is off')), JSON.stringify(r.shownMessages));
      assert.deepEqual(JSON.parse(fs.readFileSync(path.join(dir, '.punctemerc.json'), 'utf8')), { rules: { 'doubled-mark': 'off' } });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
