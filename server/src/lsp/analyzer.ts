/**
 * Debounced, cancellable analysis of open documents. Each request for a document bumps its generation and cancels
 * the analysis in flight (the worker stops between two paragraphs); results of an outdated generation are dropped.
 * The analysis itself runs in the worker thread (engineClient.ts), so the connection is never blocked.
 */
import { Finding, LintOptions } from '../engine/types';
import { audienceOf } from '../engine/audience';
import type { ExtractionNote, ProseBlock, ProseKind } from '../prose';
import type { LintResult } from './workerProtocol';
import { EngineClient } from './engineClient';
import { errorText } from './errors';

export { errorText };

export interface Job {
  uri: string;
  version: number;
  text: string;
  kind: ProseKind;
  options: LintOptions;
  /** Document offsets [start, end) the editor shows: analysed first, and published as soon as they are done. */
  visible?: [number, number];
}

export interface Analysis extends Job {
  findings: Finding[];
  blocks: ProseBlock[];
  /** Document offsets of paragraphs analysed only in part (over the time budget). */
  truncated: number[];
  /** What the user must be told: parts not checked, word budgets that stopped the model. */
  notes: ExtractionNote[];
  /** The findings so far of an analysis still running (published as they are, so code actions answer for them). */
  partial?: boolean;
  /** Time the worker spent analysing (without the debounce and the messaging), wall clock and CPU. */
  busyMs: number;
  cpuMs: number;
  /** The standard the document was held to (`engine/audience.ts`). */
  audience?: LintResult['audience'];
}

export interface ProgressSink {
  report(percentage: number, message: string): void;
  done(): void;
}

export interface AnalyzerHooks {
  publish(analysis: Analysis): void;
  /** The findings so far of a long analysis (`Analyzer.results` has them too, so code actions and hovers answer). */
  partial?(job: Job, findings: Finding[]): void;
  /** Called for documents with many blocks; may return undefined (the client cannot show progress). */
  progress?(job: Job, blocks: number): Promise<ProgressSink | undefined>;
  log(message: string): void;
  onError(job: Job, error: unknown): void;
}

/** Documents with at least this many prose blocks get a progress notification. */
export const PROGRESS_MIN_BLOCKS = 200;

export class Analyzer {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly generations = new Map<string, number>();
  private readonly running = new Map<string, () => void>();
  readonly results = new Map<string, Analysis>();
  /**
   * Documents `audience: auto` has held to learner standards since they were opened: they stay so until closed, so
   * that fixing some of an error-prone text's findings never takes it below the line and hides the ones left (the
   * CLI's `--fix` keeps the standard of the text as given the same way, `cli/run/task.ts`).
   */
  private readonly heldAsLearner = new Set<string>();

  constructor(private readonly engine: EngineClient, private readonly hooks: AnalyzerHooks) {}

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
    this.heldAsLearner.delete(uri);
  }

  private bump(uri: string): number {
    const t = this.timers.get(uri);
    if (t) clearTimeout(t);
    this.timers.delete(uri);
    this.running.get(uri)?.();
    this.running.delete(uri);
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
    let progressStarting: Promise<ProgressSink | undefined> | undefined;
    try {
      job = await prepare();
      if (!job || !this.current(uri, generation)) return;
      const j = job;
      const kept = audienceOf(j.options) === 'auto' && this.heldAsLearner.has(uri);
      const options: LintOptions = kept ? { ...j.options, audience: 'learner' } : j.options;
      let partialBlocks: ProseBlock[] | undefined;
      const handle = this.engine.lint(
        j.text,
        j.kind,
        options,
        PROGRESS_MIN_BLOCKS,
        (done, total) => {
          progressStarting ??= this.hooks.progress?.(j, total).then((p) => (progress = p));
          progress?.report(Math.floor((100 * done) / total), `${done}/${total} paragraphs`);
        },
        (findings, blocks) => {
          if (!this.current(uri, generation)) return;
          partialBlocks = blocks ?? partialBlocks;
          // The analysis that produced the published diagnostics answers their code actions and hovers.
          this.results.set(uri, { ...j, findings, blocks: partialBlocks ?? [], truncated: [], notes: [], busyMs: 0, cpuMs: 0, partial: true });
          this.hooks.partial?.(j, findings);
        },
        j.visible,
      );
      this.running.set(uri, handle.cancel);
      const r = await handle.result;
      if (this.running.get(uri) === handle.cancel) this.running.delete(uri);
      if (r.cancelled || !this.current(uri, generation)) return;
      // A kept standard is still `auto`'s choice, as the status bar says.
      const audience = r.audience && kept ? { ...r.audience, by: 'auto' as const } : r.audience;
      if (audience?.by === 'auto' && audience.audience === 'learner') this.heldAsLearner.add(uri);
      const analysis: Analysis = { ...j, findings: r.findings, blocks: r.blocks, truncated: r.truncated, notes: r.notes, busyMs: r.busyMs, cpuMs: r.cpuMs, ...(audience ? { audience } : {}) };
      this.results.set(uri, analysis);
      this.hooks.publish(analysis);
    } catch (e) {
      if (job) this.hooks.onError(job, e);
      else this.hooks.log(`puncteme: cannot analyse ${uri}: ${errorText(e)}`);
    } finally {
      await progressStarting;
      (progress as ProgressSink | undefined)?.done();
    }
  }
}
