import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import { WORKER_V8_FLAGS, workerV8Flags } from '../../server/src/lsp/engineClient';

/** Memory: the worker optimises on its own thread (see engineClient.ts); the flags must be ones this Node knows. */
describe('analysis worker V8 flags', () => {
  it('are accepted by this Node (a misspelt V8 flag is ignored silently at run time, so ask the command line)', () => {
    for (const flag of WORKER_V8_FLAGS) {
      const r = spawnSync(process.execPath, [flag, '-e', '0'], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stderr, '', `${flag}: ${r.stderr}`);
    }
  });

  it('are used only where the launcher has not limited malloc arenas (the VS Code client does)', () => {
    assert.deepEqual(workerV8Flags({}), WORKER_V8_FLAGS);
    assert.deepEqual(workerV8Flags({ MALLOC_ARENA_MAX: '1' }), []);
  });
});
