import { strict as assert } from 'assert';
import { workerV8Flags } from '../../server/src/lsp/engineClient';
import { SERVER_ENV } from '../../server/src/lsp/protocol';

/** Memory: the worker optimises on its own thread unless glibc's arenas are limited (see engineClient.ts). */
describe('analysis worker V8 flags', () => {
  it('keep concurrent optimisation where the editor limits the malloc arenas (the VS Code client does)', () => {
    assert.deepEqual(workerV8Flags({ ...SERVER_ENV }), []);
  });

  it('optimise on the worker thread where nothing limits them (a plain `puncteme-ls --stdio`)', () => {
    assert.deepEqual(workerV8Flags({}), ['--no-concurrent-recompilation']);
  });
});
