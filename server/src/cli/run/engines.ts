/**
 * Where documents get linted: in this thread (one job, or a handful of files, where loading the models once more
 * would cost more than it saves) or in a pool of worker threads, each with its own copy of the models.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Worker } from 'worker_threads';
import { createLinter, defaultModelDir, Linter } from '../../engine';
import { LintTask, LintTaskResult, runTask, TaskSettings } from './task';

export interface LintEngine {
  /** The engine's (models') version, for the cache key. */
  readonly version: string;
  lint(task: LintTask): Promise<LintTaskResult>;
  close(): Promise<void>;
}

/** One linter per model directory for the life of the process (several runs in one process share the models). */
const linters = new Map<string, Promise<Linter>>();

function sharedLinter(): Promise<Linter> {
  const dir = defaultModelDir();
  let linter = linters.get(dir);
  if (!linter) {
    linter = createLinter();
    linters.set(dir, linter);
    linter.catch(() => linters.delete(dir));
  }
  return linter;
}

export async function inProcessEngine(settings: TaskSettings): Promise<LintEngine> {
  const linter = await sharedLinter();
  return {
    version: linter.version,
    lint: async (task) => runTask(linter, task, settings),
    close: async () => undefined,
  };
}

interface Slot {
  worker: Worker;
  busy?: { task: LintTask; resolve: (r: LintTaskResult) => void };
}

/**
 * Runs the TypeScript worker through tsx when this module itself runs from source (tests); else the built JS; and in
 * the bundle (`dist/cli.js`, where this module has no file of its own beside the worker's) the bundle itself, which
 * acts as the worker in a worker thread (`cli/bundled.ts`).
 */
function workerEntry(): { file: string; execArgv: string[] } {
  const ext = path.extname(__filename);
  const file = path.join(__dirname, `lintWorker${ext}`);
  if (!fs.existsSync(file)) return { file: __filename, execArgv: [] };
  return { file, execArgv: ext === '.ts' ? ['--require', 'tsx/cjs'] : [] };
}

export async function workerPoolEngine(size: number, settings: TaskSettings): Promise<LintEngine> {
  const { file, execArgv } = workerEntry();
  const queue: Array<{ task: LintTask; resolve: (r: LintTaskResult) => void }> = [];
  const slots: Slot[] = [];
  const dispatch = () => {
    for (const slot of slots) {
      if (slot.busy || queue.length === 0) continue;
      slot.busy = queue.shift();
      slot.worker.postMessage(slot.busy!.task);
    }
  };
  const versions = await Promise.all(
    Array.from({ length: size }, () => {
      const worker = new Worker(file, { workerData: settings, execArgv });
      const slot: Slot = { worker };
      slots.push(slot);
      return new Promise<string>((ready, fail) => {
        worker.on('message', (m: { ready?: boolean; version?: string } & LintTaskResult) => {
          if (m.ready) return ready(m.version ?? '');
          const busy = slot.busy;
          slot.busy = undefined;
          busy?.resolve(m);
          dispatch();
        });
        worker.on('error', (e) => {
          fail(e);
          // A crashed worker fails its current document, and the pool goes on with the others.
          const busy = slot.busy;
          slot.busy = undefined;
          slots.splice(slots.indexOf(slot), 1);
          busy?.resolve({ id: busy.task.id, findings: [], applied: 0, error: `worker crashed: ${e.message}` });
          if (slots.length === 0) {
            for (const q of queue.splice(0)) q.resolve({ id: q.task.id, findings: [], applied: 0, error: 'all workers crashed' });
          }
          dispatch();
        });
      });
    }),
  );
  return {
    version: versions[0],
    lint: (task) =>
      new Promise((resolve) => {
        queue.push({ task, resolve });
        dispatch();
      }),
    close: async () => {
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
