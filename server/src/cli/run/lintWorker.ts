/** Worker-thread entry of `puncteme lint --jobs N`: loads the models once, then lints the documents it is sent. */
import { parentPort, workerData } from 'worker_threads';
import { createLinter } from '../../engine';
import { LintTask, runTask, TaskSettings } from './task';

async function start(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('lintWorker must run in a worker thread');
  const settings = workerData as TaskSettings;
  const linter = await createLinter();
  port.on('message', (task: LintTask) => port.postMessage(runTask(linter, task, settings)));
  port.postMessage({ ready: true, version: linter.version });
}

start().catch((e) => {
  // Surfaces in the main thread as the worker's 'error' event.
  throw e;
});
