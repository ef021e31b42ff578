/**
 * Debounced, cancellable, time-sliced analysis of open documents. Each request for a document bumps its generation;
 * a running analysis checks its generation between blocks and gives up when a newer edit arrived. Work runs in
 * slices of a few milliseconds with the event loop free in between, so the connection keeps answering (hover, code
 * actions, cancellations) while a long document is being analysed.
 */
import type { Linter } from '../engine';
import { Finding, LintOptions } from '../engine/types';
import { Extraction, ParagraphCache, ProseKind, extractProse, lintSteps } from '../prose';

export interface Job {
  uri: string;
  version: number;
  text: string;
  kind: ProseKind;
  options: LintOptions;
}

export interface Analysis extends Job {
  findings: Finding[];
  extraction: Extraction;
  /** Wall time spent analysing (excluding the debounce and the waits between slices). */
  busyMs: number;
}

export interface ProgressSink {
  report(percentage: number, message: string): void;
  done(): void;
}

export interface AnalyzerHooks {
  linter(): Promise<Linter>;
  cache: ParagraphCache;
  publish(analysis: Analysis): void;
  /** Called for documents with many blocks; may return undefined (the client cannot show progress). */
  progress?(job: Job, blocks: number): Promise<ProgressSink | undefined>;
  log(message: string): void;
  onError(job: Job, error: unknown): void;
}

/** Documents with more prose blocks than this get a progress notification. */
export const PROGRESS_MIN_BLOCKS = 200;
const SLICE_MS = 8;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class Analyzer {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly generations = new Map<string, number>();
  readonly results = new Map<string, Analysis>();

  constructor(private readonly hooks: AnalyzerHooks) {}

  /** Analyses the document after `delayMs` of quiet; `prepare` is called then, to read the latest text. */
  schedule(uri: string, delayMs: number, prepare: () => Promise<Job | undefined>): void {
    const generation = this.bump(uri);
    const timer = setTimeout(() => {
      this.timers.delete(uri);
      void this.run(uri, generation, prepare);
    }, delayMs);
    this.timers.set(uri, timer);
  }

  /** Stops any pending or running analysis of the document and forgets its results. */
  forget(uri: string): void {
    this.bump(uri);
    this.results.delete(uri);
  }

  private bump(uri: string): number {
    const t = this.timers.get(uri);
    if (t) clearTimeout(t);
    this.timers.delete(uri);
    const g = (this.generations.get(uri) ?? 0) + 1;
    this.generations.set(uri, g);
    return g;
  }

  private current(uri: string, generation: number): boolean {
    return this.generations.get(uri) === generation;
  }

  private async run(uri: string, generation: number, prepare: () => Promise<Job | undefined>): Promise<void> {
    let job: Job | undefined;
    let progress: ProgressSink | undefined;
    try {
      job = await prepare();
      if (!job || !this.current(uri, generation)) return;
      const linter = await this.hooks.linter();
      if (!this.current(uri, generation)) return;
      let busy = 0;
      let t0 = performance.now();
      const extraction = extractProse(job.text, job.kind);
      const isCancelled = () => !this.current(uri, generation);
      const steps = lintSteps(linter, job.text, extraction, { ...job.options, isCancelled }, this.hooks.cache, {
        onBlockError: (e, block) => this.hooks.log(`puncteme: analysis of the block at offset ${block.offsets[0]} of ${uri} failed: ${errorText(e)}`),
      });
      const total = extraction.blocks.length;
      if (total >= PROGRESS_MIN_BLOCKS && this.hooks.progress) {
        busy += performance.now() - t0;
        progress = await this.hooks.progress(job, total);
        t0 = performance.now();
      }
      for (;;) {
        const r = steps.next();
        if (r.done) {
          busy += performance.now() - t0;
          if (!isCancelled()) {
            const analysis: Analysis = { ...job, findings: r.value, extraction, busyMs: busy };
            this.results.set(uri, analysis);
            this.hooks.publish(analysis);
          }
          return;
        }
        if (performance.now() - t0 >= SLICE_MS) {
          busy += performance.now() - t0;
          progress?.report(Math.floor((100 * r.value) / total), `${r.value}/${total} paragraphs`);
          await nextTurn();
          if (isCancelled()) return;
          t0 = performance.now();
        }
      }
    } catch (e) {
      if (job) this.hooks.onError(job, e);
      else this.hooks.log(`puncteme: cannot analyse ${uri}: ${errorText(e)}`);
    } finally {
      progress?.done();
    }
  }
}

export function errorText(e: unknown): string {
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}
