/**
 * The analysis worker: a thread that owns the engine (models loaded once, here, never on the connection's thread)
 * and the paragraph cache. It lints documents block by block, checking a shared cancellation flag between blocks,
 * and answers explain/restore. The main thread stays free to answer the editor whatever the engine is doing.
 */
import * as v8 from 'v8';
import { parentPort } from 'worker_threads';
import { lintAsPart } from '../engine';
import { ParagraphCache, extractProse, lintSteps } from '../prose';
import { PARAGRAPH_BUDGET_MS, PARTIAL_EVERY_MS, PROGRESS_AFTER_MS } from './budget';
import { errorText } from './errors';
import { EngineHost } from './engineHost';
import { warmUp } from './warmUp';
import { FromWorker, LintResult, ToWorker } from './workerProtocol';

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
const post = (m: FromWorker) => port.postMessage(m);
const cache = new ParagraphCache();
const engine = new EngineHost();

engine.load().then(
  (l) => {
    const problem = warmUp(l);
    if (problem) post({ type: 'log', message: `puncteme: warming up the engine failed: ${problem}` });
    post({ type: 'ready', version: l.version, note: engine.problem });
  },
  (e) => post({ type: 'loadError', message: e instanceof Error ? e.message : String(e) }),
);

async function lint(m: Extract<ToWorker, { type: 'lint' }>): Promise<LintResult> {
  const linter = await engine.load();
  const flag = new Int32Array(m.cancel);
  const cancelled = () => Atomics.load(flag, 0) !== 0;
  let deadline = Infinity;
  const isCancelled = () => cancelled() || performance.now() > deadline;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const cpuMs = () => {
    const d = process.cpuUsage(cpu0);
    return (d.user + d.system) / 1000;
  };
  const extraction = extractProse(m.text, m.kind);
  const total = extraction.blocks.length;
  const steps = lintSteps(linter, m.text, extraction, { ...m.options, isCancelled }, cache, {
    onBlockError: (e, block) => post({ type: 'log', message: `puncteme: analysis of the paragraph at offset ${block.offsets[0]} failed: ${errorText(e)}` }),
  });
  const truncated: number[] = [];
  let lastReport = -Infinity; // the first report goes out at once: the client shows progress from the start
  let lastPartial = t0;
  for (let block = 0; ; block++) {
    if (cancelled()) return { findings: [], blocks: [], truncated, busyMs: performance.now() - t0, cpuMs: cpuMs(), cancelled: true };
    deadline = performance.now() + PARAGRAPH_BUDGET_MS; // each step analyses one paragraph
    const r = steps.next();
    const overran = performance.now() > deadline && !cancelled();
    deadline = Infinity;
    if (overran && block < total) truncated.push(extraction.blocks[block].offsets[0]);
    if (r.done) return { findings: r.value, blocks: extraction.blocks, truncated, busyMs: performance.now() - t0, cpuMs: cpuMs(), cancelled: false };
    // Progress for long documents: many paragraphs, or an analysis that is taking a while.
    const long = total >= m.progressFrom || performance.now() - t0 > PROGRESS_AFTER_MS;
    if (long && total > 1 && performance.now() - lastReport > 100) {
      lastReport = performance.now();
      post({ type: 'progress', id: m.id, done: r.value.done, total });
    }
    // A long first analysis shows what it has found so far, every half second, instead of nothing until the end.
    if (performance.now() - lastPartial > PARTIAL_EVERY_MS && r.value.done < total) {
      lastPartial = performance.now();
      post({ type: 'partial', id: m.id, findings: [...r.value.findings].sort((a, b) => a.start.offset - b.start.offset) });
    }
  }
}

port.on('message', (m: ToWorker) => {
  const run = async (): Promise<unknown> => {
    switch (m.type) {
      case 'lint':
        return lint(m);
      case 'explain':
        return engine.explain(m.text);
      case 'explainBlock': {
        const linter = await engine.load();
        // The block as a part: a finding the document's habit reports (introductoryComma: auto), or its error rate
        // (adaptToWriter), is one of its pending findings, which the block alone would not report.
        const part = lintAsPart(linter, m.text, { ...m.options, explain: true });
        const found = [...(part.contenders ?? part.findings), ...(part.habit?.pending.map((p) => p.finding) ?? []), ...(part.errorRate?.pending ?? [])];
        return found.map((f) => ({ start: f.start.offset, end: f.end.offset, ruleId: f.ruleId, explanation: f.explanation }));
      }
      case 'restore':
        return engine.restore(m.text);
      case 'stats':
        return {
          cacheHits: cache.hits,
          cacheMisses: cache.misses,
          cacheEntries: cache.size,
          workerHeapBytes: v8.getHeapStatistics().total_heap_size,
          workerArrayBufferBytes: process.memoryUsage().arrayBuffers,
        };
    }
  };
  run().then(
    (value) => post({ type: 'result', id: m.id, value }),
    (e) => post({ type: 'error', id: m.id, message: e instanceof Error ? e.message : String(e) }),
  );
});
