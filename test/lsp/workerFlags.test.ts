import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import { workerV8Flags } from '../../server/src/lsp/engineClient';
import { SERVER_ENV } from '../../server/src/lsp/protocol';

/** Memory: the worker optimises on its own thread unless glibc's arenas are limited (see engineClient.ts). */
describe('analysis worker V8 flags', () => {
  it('keep concurrent optimisation where the editor limits the malloc arenas (the VS Code client does)', () => {
    assert.deepEqual(workerV8Flags({ ...SERVER_ENV }), []);
  });

  it('optimise on the worker thread where nothing limits them (a plain `puncteme-ls --stdio`), with a flag this Node knows', () => {
    const flags = workerV8Flags({});
    assert.deepEqual(flags, ['--no-concurrent-recompilation']);
    // A misspelt V8 flag is ignored silently at run time; the command line refuses it.
    for (const flag of flags) assert.equal(spawnSync(process.execPath, [flag, '-e', '0'], { encoding: 'utf8' }).status, 0);
  });
});
