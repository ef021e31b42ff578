/**
 * Data-parallel gradients of the graph parser over worker threads: a batch's sentences are cut into as many
 * contiguous runs of about equal words as threads (the main thread computing the first), each thread adds its run's gradient into a buffer
 * of its own, and the main thread sums the buffers in thread order into its gradient. θ lives in a SharedArrayBuffer
 * that every thread's parser reads: the main thread's optimiser step writes it between batches, while no worker runs,
 * so a batch costs the workers no copy of θ (posting θ once per batch, 12 MB, is what this saves; measured in the
 * journal). Each worker rebuilds the task from the same module and arguments as the main thread (`gradientTask.ts`)
 * and must report the same signature, or the pool refuses to start.
 *
 * With one thread the batch's gradient is summed sentence by sentence in order; with more, each run's sum is added to
 * the others', so the two agree to float64 rounding of that order of addition (not bit for bit).
 */
import * as path from 'path';
import { Worker } from 'worker_threads';
import { BiaffineParser } from '../../../src/parser/graph/graphParser';
import { BatchLoss, GradientTask, SentenceItem, splitBatch } from './gradientTask';

/** What the main thread sends a worker, and what it answers. */
export type ToGradientWorker = { type: 'batch'; items: SentenceItem[] };
export type FromGradientWorker = { type: 'ready'; signature: string } | { type: 'done'; loss: BatchLoss } | { type: 'error'; message: string };

export interface GradientWorkerData {
  module: string;
  args: unknown;
  theta: SharedArrayBuffer;
  grad: SharedArrayBuffer;
}

interface Thread {
  worker: Worker;
  grad: Float64Array;
  /** The pending answer's resolver. */
  answer?: (m: FromGradientWorker) => void;
}

const WORKER_FILE = path.join(__dirname, 'gradientWorker.ts');

export class GradientPool {
  /** The main thread's parser, over the shared θ: the optimiser steps `parser.theta`. */
  readonly parser: BiaffineParser;
  private readonly threads: Thread[];

  private constructor(
    private readonly task: GradientTask,
    parser: BiaffineParser,
    threads: Thread[],
  ) {
    this.parser = parser;
    this.threads = threads;
  }

  /**
   * A pool of `workers` threads in all (the main thread included): `module` exports `gradientTask(args)`, which built
   * `task` on this thread. θ starts as the task parser's.
   */
  static async start(task: GradientTask, module: string, args: unknown, workers: number): Promise<GradientPool> {
    if (!Number.isInteger(workers) || workers < 1) throw new Error(`--workers ${workers}: a whole number ≥ 1`);
    const size = task.parser.theta.length;
    const theta = new Float64Array(new SharedArrayBuffer(size * 8));
    theta.set(task.parser.theta);
    const threads: Thread[] = [];
    for (let k = 1; k < workers; k++) {
      const grad = new SharedArrayBuffer(size * 8);
      const data: GradientWorkerData = { module, args, theta: theta.buffer as SharedArrayBuffer, grad };
      // The worker runs TypeScript as this process does (tsx), registered in the thread before it loads the file.
      const worker = new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(WORKER_FILE)});`, { eval: true, workerData: data });
      const t: Thread = { worker, grad: new Float64Array(grad) };
      worker.on('message', (m: FromGradientWorker) => {
        const answer = t.answer;
        t.answer = undefined;
        answer?.(m);
      });
      worker.on('error', (e) => {
        const answer = t.answer;
        t.answer = undefined;
        if (answer) answer({ type: 'error', message: e.message });
        else throw e;
      });
      threads.push(t);
    }
    const pool = new GradientPool(task, task.parser.over(theta), threads);
    const ready = await Promise.all(threads.map((t) => pool.answer(t)));
    ready.forEach((m, k) => {
      if (m.type !== 'ready' || m.signature !== task.signature) {
        void pool.close();
        throw new Error(`worker ${k + 1} built another setup: ${m.type === 'ready' ? m.signature : m.type === 'error' ? m.message : m.type}, the main thread's ${task.signature}`);
      }
    });
    return pool;
  }

  private answer(t: Thread): Promise<FromGradientWorker> {
    return new Promise((resolve) => {
      t.answer = resolve;
    });
  }

  /**
   * Adds the batch's gradient into `grad` (the main thread's run first, then each worker's buffer in order) and returns
   * the batch's losses. θ must not change until it resolves.
   */
  async batch(items: readonly SentenceItem[], grad: Float64Array): Promise<BatchLoss> {
    const runs = splitBatch(items, this.threads.length + 1, this.task.weight?.bind(this.task));
    const answers = this.threads.map((t, k) => {
      const a = this.answer(t);
      t.worker.postMessage({ type: 'batch', items: runs[k + 1] } satisfies ToGradientWorker);
      return a;
    });
    const loss: BatchLoss = { arc: 0, label: 0, words: 0 };
    const add = (l: BatchLoss) => {
      loss.arc += l.arc;
      loss.label += l.label;
      loss.words += l.words;
    };
    for (const item of runs[0]) add(this.task.sentence(this.parser, grad, item));
    const done = await Promise.all(answers);
    done.forEach((m, k) => {
      if (m.type !== 'done') throw new Error(`worker ${k + 1}: ${m.type === 'error' ? m.message : m.type}`);
      add(m.loss);
      const g = this.threads[k].grad;
      for (let i = 0; i < grad.length; i++) grad[i] += g[i];
    });
    return loss;
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }
}
