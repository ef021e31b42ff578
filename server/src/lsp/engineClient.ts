/**
 * The main thread's handle on the analysis worker: requests with ids, a cancellation flag per lint, progress, and a
 * fresh worker if one dies (its pending requests fail; the next request starts a new one). `restore` and `explain`
 * go to a second worker of their own, started at the first such command: they run for seconds on a long selection,
 * and must never hold back a document's diagnostics.
 */
import * as fs from 'fs';
import * as path from 'path';
import { pipeline } from 'stream/promises';
import * as v8 from 'v8';
import { Worker } from 'worker_threads';
import { Finding, LintOptions } from '../engine/types';
import type { ProseKind } from '../prose';
import { BlockExplanation, FromWorker, LintResult, RestoreResult, ToWorker, WorkerData, WorkerRole, WorkerStats } from './workerProtocol';
import type { RepunctuationOffer } from '../engine/repunctuate';

/**
 * Messages the commands worker answers: the user's long commands, apart from the analysis of documents. The
 * re-punctuating code actions and the picture go to the analysis worker, whose models are loaded (they are answered
 * before any analysis, as hovers are): in a second worker the first of them would wait for its own models to load,
 * and the editor's Quick Fix menu (Ctrl+.), which asks for them, with it.
 */
const COMMAND_MESSAGES: ReadonlySet<ToWorker['type']> = new Set(['restore', 'explain']);

export interface EngineEvents {
  ready(version: string, note?: string): void;
  loadError(message: string): void;
  log(message: string): void;
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: Error): void;
  progress?(done: number, total: number): void;
  partial?(findings: Finding[], blocks?: LintResult['blocks']): void;
  /** The worker that has the request. */
  role: WorkerRole;
}

/** A running worker and its inbox counter (`WorkerData.inbox`). */
interface Running {
  worker: Worker;
  inbox: Int32Array;
}

/**
 * The worker's young generation, in MB. V8's default (up to 3 × 16 MB semi-spaces) lets the analysis's short-lived
 * matrices and strings pile up between scavenges; a small one keeps the server's memory down (measured: −30 MB RSS
 * on the benchmark document) at no measurable cost in time.
 */
const YOUNG_GENERATION_MB = 4;

/**
 * V8's interrupt budget at 8 times its default (66 KB of bytecode run before a function is handed to the optimising
 * compiler, three times over). A lint's functions meet many shapes in their first sentences: at the default many are
 * optimised on thin feedback, thrown away ("wrong map") and optimised again, and the worker's first analysis of a
 * document is that cold code. The CLI's bin sets 16 times (`server/bin/puncteme.js`); for the server's first
 * document, after the warm-up, 8 times measured best: the visible part's server CPU 460–510 ms against 510–610 at
 * 4, 12, 16 and 32 times and 730–760 at the default (journal, "The language server's worker with V8's tier-up
 * budget"). Results do not depend on it: every tier computes the same IEEE arithmetic.
 */
export const INTERRUPT_BUDGET_FLAG = '--interrupt-budget=540672';

/**
 * `--no-concurrent-recompilation`: the worker optimises its hot functions on its own thread. On V8's helper threads
 * the optimiser's large temporary zones, once freed, stay resident in those threads' own glibc malloc arenas (the
 * worker's functions are optimised while a document is first analysed): −23 MB RSS on the benchmark document. The
 * cost: what gets optimised during the first edits (53–79 functions, 240–330 ms of compiling over 20 edits) runs
 * inside those edits' analysis — on a quiet machine the analysis p95 went from ~45 to ~80 ms. So it is used only
 * where MALLOC_ARENA_MAX is unset (a plain `puncteme-ls --stdio`): with the VS Code client's MALLOC_ARENA_MAX=1
 * (SERVER_ENV; all threads share one arena, so freed zones are reused) the optimiser stays concurrent and the server
 * kept within 200 MB and a 50 ms p95 in 4 of 5 runs (journal, "Language server", "Memory", 2026-11-21).
 */
export const SEPARATE_ARENAS_V8_FLAGS: readonly string[] = ['--no-concurrent-recompilation'];

/**
 * V8 flags set before the worker starts. They are the process's (V8 has one set of flags), read as the worker's
 * isolate is set up and as its code runs; the connection's thread, which runs little, gets them too.
 */
export function workerV8Flags(env: NodeJS.ProcessEnv = process.env): readonly string[] {
  return env.MALLOC_ARENA_MAX ? [INTERRUPT_BUDGET_FLAG] : [INTERRUPT_BUDGET_FLAG, ...SEPARATE_ARENAS_V8_FLAGS];
}

/** The worker script beside this file: `.ts` under tsx (tests), `.js` compiled or bundled. */
function workerScript(): string {
  return path.join(__dirname, 'analysisWorker' + (path.extname(__filename) === '.ts' ? '.ts' : '.js'));
}

export class EngineClient {
  private readonly workers = new Map<WorkerRole, Running>();
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly events: EngineEvents,
    /** The worker's script (the one beside this file unless a benchmark names another, e.g. the bundle). */
    private readonly script: string = workerScript(),
  ) {}

  /** Starts the analysis worker (and so the model loading) now rather than at the first request. */
  start(): void {
    this.running('analysis');
  }

  private running(role: WorkerRole): Running {
    const known = this.workers.get(role);
    if (known) return known;
    for (const flag of workerV8Flags()) v8.setFlagsFromString(flag);
    const inbox = new SharedArrayBuffer(4);
    const workerData: WorkerData = { role, inbox };
    // `eval` + require: lets the worker load a .ts entry when the server itself runs under tsx (which the worker's
    // inherited execArgv registers); compiled and bundled servers load the .js beside them the same way.
    const w = new Worker(`require(${JSON.stringify(this.script)});`, { eval: true, workerData, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    w.on('message', (m: FromWorker) => this.onMessage(m));
    w.on('error', (e) => this.events.log(`puncteme: ${role} worker error: ${e.stack ?? e}`));
    w.on('exit', (code) => {
      if (this.workers.get(role)?.worker !== w) return;
      this.workers.delete(role);
      const error = new Error(`the ${role} worker stopped (exit code ${code})`);
      for (const [id, p] of this.pending) {
        if (p.role !== role) continue;
        p.reject(error);
        this.pending.delete(id);
      }
    });
    w.unref(); // the connection, not the worker, decides when the server exits
    const r = { worker: w, inbox: new Int32Array(inbox) };
    this.workers.set(role, r);
    return r;
  }

  private onMessage(m: FromWorker): void {
    switch (m.type) {
      case 'ready':
        return this.events.ready(m.version, m.note);
      case 'loadError':
        return this.events.loadError(m.message);
      case 'log':
        return this.events.log(m.message);
      case 'progress':
        return this.pending.get(m.id)?.progress?.(m.done, m.total);
      case 'partial':
        return this.pending.get(m.id)?.partial?.(m.findings, m.blocks);
      case 'result':
      case 'error': {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.type === 'result') p?.resolve(m.value);
        else p?.reject(new Error(m.message));
      }
    }
  }

  private request<T>(message: ToWorker, progress?: Pending['progress'], partial?: Pending['partial']): Promise<T> {
    const role: WorkerRole = COMMAND_MESSAGES.has(message.type) ? 'commands' : 'analysis';
    const { worker, inbox } = this.running(role);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(message.id, { resolve: resolve as (v: unknown) => void, reject, progress, partial, role });
      // Counted before it is posted: the worker's paragraph in progress stops at its next sentence to take it.
      Atomics.add(inbox, 0, 1);
      worker.postMessage(message);
    });
  }

  /** Lints a document; `cancel()` on the returned handle makes the worker stop between two paragraphs. */
  lint(
    text: string,
    kind: ProseKind,
    options: LintOptions,
    progressFrom: number,
    progress?: Pending['progress'],
    partial?: Pending['partial'],
    visible?: [number, number],
  ): { result: Promise<LintResult>; cancel(): void } {
    const buffer = new SharedArrayBuffer(4);
    const flag = new Int32Array(buffer);
    const { isCancelled: _local, ...plain } = options; // functions do not cross threads; the flag does
    // Findings come without explanations (a sixth of a keystroke's analysis); a hover asks for them (explainBlock).
    const wire: LintOptions = { ...plain, explain: false };
    const result = this.request<LintResult>({ type: 'lint', id: this.nextId++, text, kind, options: wire, cancel: buffer, progressFrom, ...(visible ? { visible } : {}) }, progress, partial);
    return { result, cancel: () => Atomics.store(flag, 0, 1) };
  }

  /** The findings of one prose block with their explanations, in block coordinates. */
  explainBlock(text: string, options: LintOptions): Promise<BlockExplanation[]> {
    const { isCancelled: _local, ...plain } = options;
    return this.request<BlockExplanation[]>({ type: 'explainBlock', id: this.nextId++, text, options: plain });
  }

  explain(text: string): Promise<string> {
    return this.request<string>({ type: 'explain', id: this.nextId++, text });
  }

  /** The restored text, and where the time budget stopped the restoration if it did. */
  restore(text: string): Promise<RestoreResult> {
    return this.request<RestoreResult>({ type: 'restore', id: this.nextId++, text });
  }

  /** The re-punctuating edits at [start, end) of a prose block (block offsets). */
  repunctuationOffers(text: string, start: number, end: number): Promise<RepunctuationOffer[]> {
    return this.request<RepunctuationOffer[]>({ type: 'repunctuate', id: this.nextId++, text, start, end });
  }

  /** The picture of the sentence at `offset` of a prose block. */
  picture(text: string, offset: number): Promise<{ svg: string; text: string; sentence: string } | null> {
    return this.request({ type: 'picture', id: this.nextId++, text, offset });
  }

  stats(): Promise<WorkerStats> {
    return this.request<WorkerStats>({ type: 'stats', id: this.nextId++ });
  }

  /** Writes the worker's V8 heap snapshot (for memory work: scripts/bench-lsp-memory.ts). */
  async writeHeapSnapshot(file: string): Promise<void> {
    await pipeline(await this.running('analysis').worker.getHeapSnapshot(), fs.createWriteStream(file));
  }

  async stop(): Promise<void> {
    const running = [...this.workers.values()];
    this.workers.clear();
    await Promise.all(running.map((r) => r.worker.terminate()));
  }
}
