/**
 * The analysis worker: a thread that owns the engine (models loaded once, here, never on the connection's thread)
 * and the paragraph cache. It lints documents block by block, checking a shared cancellation flag between blocks,
 * and answers hovers. The main thread stays free to answer the editor whatever the engine is doing.
 *
 * Several documents share it, so it schedules: each document's analysis is a job that advances one paragraph per
 * step, and the job that has had the least time so far goes next — a small document opened beside a long one gets
 * its diagnostics after its own few paragraphs, not after the long one's minutes. A paragraph in progress stops at
 * its next sentence as soon as another request is waiting (`WorkerData.inbox`), so no step holds the others back for
 * more than a sentence; the paragraph is taken up again later, its finished sentences answered from the engine's
 * memos. Hovers (`explainBlock`) go before every analysis.
 *
 * With the role `commands` the same script answers `restore` and `explain` in a thread of their own, under a time
 * budget, so they never hold back any document's diagnostics.
 */
import * as v8 from 'v8';
import { parentPort, workerData } from 'worker_threads';
import type { AudienceDecision } from '../engine/audience';
import { lintAsPart } from '../engine';
import { Extraction, ExtractionNote, LintStep, ParagraphCache, ProseBlock, extractProse, extractProsePart, lintSteps } from '../prose';
import { DOCUMENT_WORD_BUDGET, Finding } from '../engine/types';
import { estimatedDocumentWide } from '../prose/documentOptions';
import { COMMAND_BUDGET_MS, HOVER_BUDGET_MS, PARAGRAPH_BUDGET_MS, PARTIAL_EVERY_MS, PROGRESS_AFTER_MS } from './budget';
import { errorText } from './errors';
import { EngineHost } from './engineHost';
import { warmUp } from './warmUp';
import { TRACING, traceLine } from './trace';
import { FromWorker, LintResult, ToWorker, WorkerData } from './workerProtocol';

/**
 * V8 lets the old generation grow to a multiple of its live size (up to 4×) before a full collection; the
 * analysis's short-lived matrices and strings get promoted and pile up meanwhile. Growing by at most 30% keeps the
 * server ~30 MB smaller (bench:lsp: 241 MB twice, against 264–276 MB) at no cost we could measure in edit latency.
 * The flag is process-wide; it is read at each collection, so setting it here, before the models load, suffices.
 */
const HEAP_GROWING_PERCENT = 30;
v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);

const port = parentPort;
if (!port) throw new Error('analysisWorker must run in a worker thread');
const data = (workerData ?? {}) as Partial<WorkerData>;
const role = data.role ?? 'analysis';
const inbox = data.inbox ? new Int32Array(data.inbox) : undefined;
/** Another request waits to be taken: a paragraph in progress should stop at its next sentence. */
const othersWaiting = () => (inbox ? Atomics.load(inbox, 0) > 0 : false);

const post = (m: FromWorker) => port.postMessage(m);
const trace = (event: string) => TRACING && post({ type: 'log', message: traceLine(event) });
const cache = new ParagraphCache();
const engine = new EngineHost();

engine.load().then(
  (l) => {
    if (role === 'commands') return; // the analysis worker tells the editor about the models
    trace('models loaded');
    // A document opened with the editor (restored tabs) must not wait for the warm-up: it stops at the first request.
    const problem = warmUp(l, undefined, othersWaiting);
    trace('warmed up');
    if (problem) post({ type: 'log', message: `puncteme: warming up the engine failed: ${problem}` });
    post({ type: 'ready', version: l.version, note: engine.problem });
  },
  (e) => {
    if (role !== 'commands') post({ type: 'loadError', message: e instanceof Error ? e.message : String(e) });
  },
);

/**
 * Whether the document's analysis keeps its blocks in document order whatever the editor shows: a document that may
 * reach the document's word budget spends it in order (`analysisOrder`), so its visible part is not analysed first.
 */
function keepsDocumentOrder(m: Extract<ToWorker, { type: 'lint' }>): boolean {
  const budget = m.options.documentWordBudget ?? DOCUMENT_WORD_BUDGET;
  return m.text.length > budget && m.text.split(/\s+/).length > budget / 2;
}

/** One document's analysis in progress: a `lintSteps` generator plus what the worker reports about it. */
class LintJob {
  readonly flag: Int32Array;
  readonly notes: ExtractionNote[] = [];
  audience?: AudienceDecision;
  readonly truncated: number[] = [];
  /** Wall-clock time spent in this job's steps: the scheduler runs the job with the least first. */
  busyMs = 0;
  private steps: Generator<LintStep, Finding[], void> | undefined;
  private extraction: Extraction | undefined;
  /**
   * The part the editor shows, extracted alone (`extractProsePart`) and analysed before the whole document is even
   * extracted: its findings are published first. Then the whole document is extracted and analysed as usual, the
   * visible part first again (its paragraphs from the cache).
   */
  private preview: { extraction: Extraction; findings: readonly Finding[] } | undefined;
  private previewed = false;
  private readonly t0 = performance.now();
  private readonly cpu0 = process.cpuUsage();
  private lastReport = -Infinity; // the first report goes out at once: the client shows progress from the start
  private lastPartial = performance.now();
  /** The extraction whose blocks the main thread has (the first partial message of each carries them). */
  private sentBlocks: Extraction | undefined;
  /** Time spent on the current block so far, over its interrupted attempts (its budget counts them all). */
  private blockMs = 0;
  private deadline = Infinity;
  private yielded = false;

  constructor(
    readonly message: Extract<ToWorker, { type: 'lint' }>,
    private readonly done: (result: LintResult) => void,
  ) {
    this.flag = new Int32Array(message.cancel);
  }

  private cancelled(): boolean {
    return Atomics.load(this.flag, 0) !== 0;
  }

  private cpuMs(): number {
    const d = process.cpuUsage(this.cpu0);
    return (d.user + d.system) / 1000;
  }

  /** Runs one step (one paragraph, or part of one when another request is waiting); false when the job is over. */
  async step(): Promise<boolean> {
    const m = this.message;
    const linter = await engine.load();
    const started = performance.now();
    try {
      return this.advance(linter, m);
    } finally {
      this.busyMs += performance.now() - started;
    }
  }

  private advance(linter: Awaited<ReturnType<EngineHost['load']>>, m: LintJob['message']): boolean {
    if (this.cancelled()) {
      this.finish({ findings: [], blocks: [], cancelled: true });
      return false;
    }
    const isCancelled = () => {
      if (this.cancelled() || performance.now() > this.deadline) return true;
      if (othersWaiting()) return (this.yielded = true);
      return false;
    };
    const hooks = {
      onBlockError: (e: unknown, block: ProseBlock) => post({ type: 'log', message: `puncteme: analysis of the paragraph at offset ${block.offsets[0]} failed: ${errorText(e)}` }),
      interrupted: () => this.yielded && !this.cancelled() && performance.now() <= this.deadline,
    };
    if (!this.steps && !this.previewed) {
      this.previewed = true;
      const part = m.visible && !keepsDocumentOrder(m) ? extractProsePart(m.text, m.kind, m.visible) : undefined;
      trace(`preview ${m.id} blocks ${part?.blocks.length ?? 'none'}`);
      if (part) {
        this.preview = { extraction: (this.extraction = part), findings: [] };
        // Only the blocks' own findings: the document's decisions (habits, audience) wait for the whole document.
        const documentWide = estimatedDocumentWide(m.text, m.options, linter.readsAsTechnical?.bind(linter));
        this.steps = lintSteps(linter, m.text, part, { ...m.options, isCancelled }, cache, { ...hooks, documentWide });
        return true;
      }
    }
    if (!this.steps) {
      trace(`extract start ${m.id}`);
      const extraction = (this.extraction = extractProse(m.text, m.kind));
      trace(`extract end ${m.id} blocks ${extraction.blocks.length}`);
      this.steps = lintSteps(linter, m.text, extraction, { ...m.options, isCancelled }, cache, {
        ...hooks,
        onNote: (note) => this.notes.push(note),
        onAudience: (d) => (this.audience = d),
        ...(m.visible ? { firstRange: m.visible } : {}),
      });
      return true; // extracting was this step's work
    }
    const extraction = this.extraction!;
    const total = extraction.blocks.length;
    const stepStart = performance.now();
    this.yielded = false;
    this.deadline = stepStart + Math.max(0, PARAGRAPH_BUDGET_MS - this.blockMs);
    const r = this.steps.next();
    if (this.preview) return this.previewStep(r, stepStart);
    trace(`step ${m.id} done ${r.done ? 'all' : r.value.done}${!r.done && r.value.firstDone ? ' firstDone' : ''}${!r.done && r.value.interrupted ? ' interrupted' : ''} ${(performance.now() - stepStart).toFixed(1)} ms`);
    const overran = performance.now() > this.deadline && !this.cancelled();
    this.deadline = Infinity;
    if (!r.done && r.value.interrupted) {
      this.blockMs += performance.now() - stepStart;
      return true;
    }
    const block = r.done ? total - 1 : r.value.done - 1;
    if (overran && block >= 0 && block < total) this.truncated.push(extraction.blocks[block].offsets[0]);
    this.blockMs = 0;
    if (r.done) {
      this.finish({ findings: r.value, blocks: extraction.blocks, cancelled: false });
      return false;
    }
    // Progress for long documents: many paragraphs, or an analysis that is taking a while.
    const now = performance.now();
    const long = total >= m.progressFrom || now - this.t0 > PROGRESS_AFTER_MS;
    if (long && total > 1 && now - this.lastReport > 100) {
      this.lastReport = now;
      post({ type: 'progress', id: m.id, done: r.value.done, total });
    }
    // A long first analysis shows what it has found so far, every half second, instead of nothing until the end; the
    // first such message carries the blocks, so that code actions and hovers can answer for those findings at once.
    // The part the user sees (`visible`, analysed first) is shown as soon as it is done, and nothing before it: the
    // first diagnostics the editor shows hold all of the visible part's, not a half-second's worth of them.
    const timed = !r.value.firstPending && now - this.lastPartial > PARTIAL_EVERY_MS;
    if ((r.value.firstDone || timed) && r.value.done < total) {
      this.lastPartial = now;
      this.postPartial(r.value.findings, extraction);
    }
    return true;
  }

  /** The findings so far, sorted, with the blocks they were found in if the main thread does not have them yet. */
  private postPartial(found: readonly Finding[], extraction: Extraction): void {
    const findings = [...found].sort((a, b) => a.start.offset - b.start.offset);
    trace(`partial ${this.message.id} findings ${findings.length}`);
    post({ type: 'partial', id: this.message.id, findings, ...(this.sentBlocks === extraction ? {} : { blocks: extraction.blocks }) });
    this.sentBlocks = extraction;
  }

  /**
   * A step of the visible part's analysis on its own: when it is over, its findings (as the blocks found them, without
   * the decisions over its few blocks as if they were the document) are published, and the next step extracts the
   * whole document.
   */
  private previewStep(r: IteratorResult<LintStep, Finding[]>, stepStart: number): boolean {
    const preview = this.preview!;
    const overran = performance.now() > this.deadline && !this.cancelled();
    this.deadline = Infinity;
    if (!r.done && r.value.interrupted) {
      this.blockMs += performance.now() - stepStart;
      return true;
    }
    this.blockMs = 0;
    if (!r.done) {
      preview.findings = [...r.value.findings];
      // A paragraph over its budget is left for the whole analysis, which tells the user.
      if (!overran) return true;
    }
    this.postPartial(preview.findings, preview.extraction);
    this.lastPartial = performance.now();
    this.preview = undefined;
    this.steps = undefined;
    return true;
  }

  private finish(r: Pick<LintResult, 'findings' | 'blocks' | 'cancelled'>): void {
    this.done({ ...r, truncated: this.truncated, notes: this.notes, busyMs: performance.now() - this.t0, cpuMs: this.cpuMs(), ...(this.audience ? { audience: this.audience } : {}) });
  }
}

/** Requests answered before any analysis goes on (hovers, statistics). */
const urgent: Array<() => Promise<void>> = [];
const jobs: LintJob[] = [];
let scheduled = false;

/** Lets the port deliver waiting messages, then runs the most urgent work: one step of it at a time. */
function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(() => void runNext());
}

async function runNext(): Promise<void> {
  scheduled = false;
  const next = urgent.shift();
  if (next) await next();
  else if (jobs.length) {
    // The job that has had the least time: a small document's analysis is done before a long one's goes on.
    let job = jobs[0];
    for (const j of jobs) if (j.busyMs < job.busyMs) job = j;
    let more = false;
    try {
      more = await job.step();
    } catch (e) {
      post({ type: 'error', id: job.message.id, message: e instanceof Error ? e.message : String(e) });
    }
    if (!more) jobs.splice(jobs.indexOf(job), 1);
  }
  if (urgent.length || jobs.length) schedule();
}

function reply(id: number, work: () => unknown): Promise<void> {
  return Promise.resolve()
    .then(work)
    .then(
      (value) => post({ type: 'result', id, value }),
      (e) => post({ type: 'error', id, message: e instanceof Error ? e.message : String(e) }),
    );
}

port.on('message', (m: ToWorker) => {
  if (inbox) Atomics.sub(inbox, 0, 1);
  switch (m.type) {
    case 'lint':
      trace(`lint received ${m.id}`);
      jobs.push(new LintJob(m, (value) => post({ type: 'result', id: m.id, value })));
      break;
    case 'explainBlock':
      urgent.push(() =>
        reply(m.id, async () => {
          const linter = await engine.load();
          // The block as a part: a finding the document's habit reports (introductoryComma: auto), or its error rate
          // (adaptToWriter), is one of its pending findings, which the block alone would not report.
          const deadline = performance.now() + HOVER_BUDGET_MS;
          const part = lintAsPart(linter, m.text, { ...m.options, explain: true, isCancelled: () => performance.now() > deadline });
          const found = [...(part.contenders ?? part.findings), ...(part.habit?.pending.map((p) => p.finding) ?? []), ...(part.errorRate?.pending ?? [])];
          return found.map((f) => ({ start: f.start.offset, end: f.end.offset, ruleId: f.ruleId, explanation: f.explanation }));
        }),
      );
      break;
    case 'explain':
      urgent.push(() => reply(m.id, () => engine.explain(m.text, COMMAND_BUDGET_MS)));
      break;
    case 'restore':
      urgent.push(() => reply(m.id, () => engine.restore(m.text, COMMAND_BUDGET_MS)));
      break;
    case 'repunctuate':
      urgent.push(() => reply(m.id, () => engine.repunctuationOffers(m.text, m.start, m.end)));
      break;
    case 'picture':
      urgent.push(() => reply(m.id, () => engine.picture(m.text, m.offset)));
      break;
    case 'stats':
      urgent.push(() =>
        reply(m.id, () => ({
          cacheHits: cache.hits,
          cacheMisses: cache.misses,
          cacheEntries: cache.size,
          workerHeapBytes: v8.getHeapStatistics().total_heap_size,
          workerArrayBufferBytes: process.memoryUsage().arrayBuffers,
        })),
      );
      break;
  }
  schedule();
});
