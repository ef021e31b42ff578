/**
 * A reader that closes the pipe early (`puncteme explain "…" | head -3`) ends the command quietly: exit 0, no stack
 * trace of an unhandled EPIPE on stderr.
 */
import { strict as assert } from 'assert';
import { spawn } from 'child_process';
import * as path from 'path';
import { ROOT } from './helpers';

describe('CLI with its output pipe closed early', function () {
  this.timeout(120000);
  it('explain stops quietly when the reader has gone', async () => {
    const child = spawn(process.execPath, ['--require', require.resolve('tsx/cjs'), path.join(__dirname, 'entry.ts'), 'explain', '--candidates', 'My brother who lives in Boston is a doctor, he works at the hospital near the river.'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    // Read the first chunk, then close our end, as `head` does once it has its lines.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    assert.doesNotMatch(stderr, /EPIPE|Unhandled/, stderr);
    assert.equal(code, 0);
  });
});
