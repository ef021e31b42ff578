/**
 * A worker thread of `gradientPool.ts`: rebuilds the gradient task from its module and arguments, answers with the
 * task's signature, then for each batch run zeroes its gradient buffer, adds its sentences' gradients into it (over
 * the shared θ) and answers with their losses.
 */
import { parentPort, workerData } from 'worker_threads';
import { FromGradientWorker, GradientWorkerData, ToGradientWorker } from './gradientPool';
import { BatchLoss, GradientTaskModule } from './gradientTask';

const port = parentPort;
if (!port) throw new Error('gradientWorker must run in a worker thread');
const data = workerData as GradientWorkerData;
const post = (m: FromGradientWorker) => port.postMessage(m);

try {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const task = (require(data.module) as GradientTaskModule).gradientTask(data.args);
  const parser = task.parser.over(new Float64Array(data.theta));
  const grad = new Float64Array(data.grad);
  port.on('message', (m: ToGradientWorker) => {
    try {
      grad.fill(0);
      const loss: BatchLoss = { arc: 0, label: 0, words: 0 };
      for (const item of m.items) {
        const l = task.sentence(parser, grad, item);
        loss.arc += l.arc;
        loss.label += l.label;
        loss.words += l.words;
      }
      post({ type: 'done', loss });
    } catch (e) {
      post({ type: 'error', message: (e as Error).stack ?? String(e) });
    }
  });
  post({ type: 'ready', signature: task.signature });
} catch (e) {
  post({ type: 'error', message: (e as Error).stack ?? String(e) });
}
