/**
 * The analysis worker: a thread that owns the engine (models loaded once, here, never on the connection's thread)
 * and the paragraph cache. It lints documents block by block, checking a shared cancellation flag between blocks,
 * and answers explain/restore. The main thread stays free to answer the editor whatever the engine is doing.
 */
import * as v8 from 'v8';
import { parentPort } from 'worker_threads';
import { ParagraphCache, extractProse, lintSteps, runSteps } from '../prose';
import { PARAGRAPH_BUDGET_MS, PARTIAL_EVERY_MS, PROGRESS_AFTER_MS } from './budget';
import { errorText } from './errors';
import { EngineHost } from './engineHost';
import type { Linter } from '../engine';
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
    warmUp(l);
    post({ type: 'ready', version: l.version, note: engine.problem });
  },
  (e) => post({ type: 'loadError', message: e instanceof Error ? e.message : String(e) }),
);

/** Prose for the warm-up: the sentence shapes the engine meets (clauses, appositions, quotes, lists, questions). */
const WARM_UP_PARAGRAPHS = [
  'The committee wrote, a long letter to the mayor. When the storm ended the town, was quiet, and we went home.. ' +
    'My brother, who lives in Boston visits us every summer. She said that "the plan is a disaster".',
  'However the results, which we published last year were not what anyone expected. ' +
    'We bought apples, pears and plums at the market; the prices were high. Did you see the report from the agency?',
  'After the meeting ended, the director, Ms. Smith announced new rules (effective in May. ' +
    'The company that makes these parts is based in Ohio, it employs 500 people. I think so, but I am not sure!',
  // A long sentence: the model's and the parser's kernels for long sentences are compiled separately.
  'Ever since the committee first published its draft rules, most of the residents who had followed the debate ' +
    'closely feared that the new limits, which the council approved after a long and often bitter hearing in the ' +
    'old town hall last spring, would be far too strict for the small shops and cafes that line the river, even if ' +
    'the mayor promised "a fair review" of every single case before the end of the year.',
];

/**
 * Runs the extractors and the engine on samples while the editor is still opening, so that the first real analyses
 * run compiled code: the first edits after opening a document were 2–3× slower than the later ones. The warm-up lints
 * a small document and then edits it, comma by comma, through a paragraph cache: the path of a keystroke. As the
 * worker optimises on its own thread (WORKER_V8_FLAGS in engineClient.ts), this moves compile time from the first
 * edits to before "ready" (functions optimised during 20 benchmark edits: 79 → 53).
 */
function warmUp(linter: Linter): void {
  const sample = '---\na: 1\n---\n# Title\n\nSome *text*, with `code` and a [link](x).\n\n- item one\n- item two\n\n> quote\n\n```\nx\n```\n';
  for (let i = 0; i < 20; i++) extractProse(sample.repeat(4) + String(i), 'markdown');
  try {
    const warmCache = new ParagraphCache();
    const paragraphs = [...WARM_UP_PARAGRAPHS];
    const lintAll = () => {
      const doc = `# Warm-up\n\n${paragraphs.join('\n\n')}\n`;
      runSteps(lintSteps(linter, doc, extractProse(doc, 'markdown'), {}, warmCache));
    };
    lintAll();
    for (let edit = 0; edit < 12; edit++) {
      const k = edit % paragraphs.length;
      const words = paragraphs[k].split(' ');
      const at = 1 + ((edit * 7) % (words.length - 1));
      words[at] = words[at].endsWith(',') ? words[at].slice(0, -1) : words[at] + ',';
      paragraphs[k] = words.join(' ');
      lintAll();
    }
  } catch (e) {
    post({ type: 'log', message: `puncteme: warming up the engine failed: ${errorText(e)}` });
  }
}

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
