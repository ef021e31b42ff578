/**
 * The entry of the bundled command line, `dist/cli.js`: what the npm package's `puncteme` runs, with no dependencies
 * to install. In the main thread it is the CLI; in a worker thread it is the lint worker (the pool of
 * `puncteme lint --jobs N` starts this same file, see `run/engines.ts`), so the engine ships once.
 */
import { isMainThread } from 'worker_threads';

// The models ship beside the bundle (`dist/` → `models/en`), where `data/modelDir.ts`, the one lookup, finds them.

// eslint-disable-next-line @typescript-eslint/no-require-imports
if (!isMainThread) require('./run/lintWorker');

export { main } from './main';
