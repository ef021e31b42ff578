import { strict as assert } from 'assert';
import { spawnSync } from 'child_process';
import * as path from 'path';
import { INTERRUPT_BUDGET_FLAG, SEPARATE_ARENAS_V8_FLAGS, workerV8Flags } from '../../server/src/lsp/engineClient';

const ENGINE_CLIENT = path.resolve(__dirname, '../../server/src/lsp/engineClient.ts');
const PROBE = path.resolve(__dirname, 'fixtures/tierUpProbe.js');

/**
 * Calls until V8 optimised the probe's function, in a worker of a fresh process: started by the server's
 * `EngineClient` (which sets the worker's flags first), or by a bare `new Worker` in a process that compiles
 * synchronously (`--no-concurrent-recompilation`, so the count is V8's budget alone).
 */
function callsToOptimise(startedBy: 'EngineClient' | 'bare Worker', env: NodeJS.ProcessEnv): number {
  const script =
    startedBy === 'EngineClient'
      ? `const { EngineClient } = require(${JSON.stringify(ENGINE_CLIENT)});
         const alive = setInterval(() => {}, 1000);
         const log = (m) => { console.log(m); clearInterval(alive); };
         new EngineClient({ ready() {}, loadError: log, log }, ${JSON.stringify(PROBE)}).start();`
      : `const { Worker } = require('worker_threads');
         new Worker(${JSON.stringify(PROBE)}).on('message', (m) => console.log(m.message));`;
  const flags = startedBy === 'EngineClient' ? [] : ['--no-concurrent-recompilation'];
  const r = spawnSync(process.execPath, ['--allow-natives-syntax', ...flags, '--require', 'tsx/cjs', '-e', script], { encoding: 'utf8', env, timeout: 60000 });
  const m = /optimised after (\d+) calls/.exec(r.stdout);
  assert.ok(m, `no count from the probe: ${r.stdout} ${r.stderr}`);
  return Number(m[1]);
}

function withoutArenaLimit(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.MALLOC_ARENA_MAX;
  return env;
}

describe('analysis worker V8 flags', () => {
  it('are accepted by this Node (a misspelt V8 flag is ignored silently at run time, so ask the command line)', () => {
    for (const flag of workerV8Flags({})) {
      const r = spawnSync(process.execPath, [flag, '-e', '0'], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stderr, '', `${flag}: ${r.stderr}`);
    }
  });

  it('compile on the worker\'s own thread only where the launcher has not limited malloc arenas (the VS Code client does)', () => {
    assert.deepEqual(workerV8Flags({}), [INTERRUPT_BUDGET_FLAG, ...SEPARATE_ARENAS_V8_FLAGS]);
    assert.deepEqual(workerV8Flags({ MALLOC_ARENA_MAX: '1' }), [INTERRUPT_BUDGET_FLAG]);
  });

  it('give the worker the server starts 8 times V8\'s tier-up budget, with and without the arena limit', function () {
    this.timeout(120000);
    const bare = callsToOptimise('bare Worker', withoutArenaLimit());
    for (const env of [withoutArenaLimit(), { ...process.env, MALLOC_ARENA_MAX: '1' }]) {
      const started = callsToOptimise('EngineClient', env);
      // The budget is bytecode run, so the calls scale with it (measured 116 → 915); concurrent compiling only delays.
      assert.ok(started >= 4 * bare, `optimised after ${started} calls in the server's worker, ${bare} in a bare one (MALLOC_ARENA_MAX=${env.MALLOC_ARENA_MAX})`);
    }
  });
});
