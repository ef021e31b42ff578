/**
 * The paragraphs the editor shows are analysed first (`LintHooks.firstRange`, the language server's visible range),
 * and the document's findings are the same in any order.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { createLinter, Finding } from '../../server/src/engine';
import { extractProse, extractProsePart, lintSteps, LintStep, ParagraphCache } from '../../server/src/prose';
import { estimatedDocumentWide } from '../../server/src/prose/documentOptions';
import { buildDocument } from '../lsp/benchDocument';
import { analysisOrder } from '../../server/src/prose/lintDocument';

const SAMPLE = fs.readFileSync(path.resolve(__dirname, '../../examples/sample.md'), 'utf8');

/** Every step of a document's analysis, and its findings. */
function run(steps: Generator<LintStep, Finding[], void>): { steps: LintStep[]; findings: Finding[] } {
  const seen: LintStep[] = [];
  for (;;) {
    const r = steps.next();
    if (r.done) return { steps: seen, findings: r.value };
    seen.push({ ...r.value, findings: [...r.value.findings] });
  }
}

const key = (f: Finding) => JSON.stringify([f.ruleId, f.start.offset, f.end.offset, f.message, f.fixes]);

describe('the visible paragraphs first', function () {
  this.timeout(120000);

  it('orders the blocks that overlap the range first, the others in document order', () => {
    const blocks = extractProse(SAMPLE, 'markdown').blocks;
    assert.ok(blocks.length >= 6, `${blocks.length} blocks`);
    const from = blocks[3].offsets[0];
    const to = blocks[4].offsets[2];
    const { order, firstCount } = analysisOrder(blocks, [from, to], 200_000);
    assert.equal(firstCount, 2);
    assert.deepEqual(order.slice(0, 2), [3, 4]);
    assert.deepEqual([...order].sort((a, b) => a - b), blocks.map((_, i) => i));
    assert.deepEqual(order.slice(2), blocks.map((_, i) => i).filter((i) => i !== 3 && i !== 4));
    // No range: document order. A document that might reach its word budget keeps document order too.
    assert.deepEqual(analysisOrder(blocks, undefined, 200_000), { order: blocks.map((_, i) => i), firstCount: 0 });
    assert.deepEqual(analysisOrder(blocks, [from, to], 10), { order: blocks.map((_, i) => i), firstCount: 0 });
    // The top of the document is first already: its blocks are said to be done, in place, whatever the budget.
    assert.deepEqual(analysisOrder(blocks, [0, blocks[1].offsets[1]], 10), { order: blocks.map((_, i) => i), firstCount: 2 });
  });

  it('the findings are those of the document order; the step that ends the range says so, with its findings', async () => {
    const linter = await createLinter();
    const extraction = extractProse(SAMPLE, 'markdown');
    const blocks = extraction.blocks;
    const inOrder = run(lintSteps(linter, SAMPLE, extraction, {}, new ParagraphCache()));
    assert.ok(inOrder.findings.length >= 5, `${inOrder.findings.length} findings`);
    assert.ok(inOrder.steps.every((s) => !s.firstDone));
    for (const k of [2, Math.floor(blocks.length / 2), blocks.length - 1]) {
      const range: [number, number] = [blocks[k].offsets[0], blocks[k].offsets[blocks[k].text.length]];
      const first = run(lintSteps(linter, SAMPLE, extraction, {}, new ParagraphCache(), { firstRange: range }));
      assert.deepEqual(first.findings.map(key), inOrder.findings.map(key), `range of block ${k}`);
      const at = first.steps.findIndex((s) => s.firstDone);
      assert.equal(at, 0, 'one block overlaps: the first step ends it');
      // What the first step found is what the whole analysis finds there (no document habit moves these).
      const inRange = (f: Finding) => f.start.offset >= range[0] && f.end.offset <= range[1];
      assert.deepEqual(first.steps[at].findings.map(key).sort(), inOrder.findings.filter(inRange).map(key).sort());
    }
  });

  it('a long Markdown document\'s window, analysed before the whole is extracted, is served from the cache to the whole\'s analysis', async () => {
    // The language server's first look (lsp/analysisWorker.ts): the window's blocks extracted alone and analysed with
    // the document-wide decisions estimated from the raw text; then the whole document, the window first.
    const linter = await createLinter();
    const text = buildDocument(2000, true);
    const window: [number, number] = [0, text.split('\n').slice(0, 23).join('\n').length];
    const part = extractProsePart(text, 'markdown', window)!;
    assert.ok(part && part.blocks.length >= 4, 'the window is extracted alone');
    const cache = new ParagraphCache();
    const documentWide = estimatedDocumentWide(text, {}, linter.readsAsTechnical?.bind(linter));
    const preview = run(lintSteps(linter, text, part, {}, cache, { documentWide })).findings;
    const missesBefore = cache.misses;
    const whole = run(lintSteps(linter, text, extractProse(text, 'markdown'), {}, cache, { firstRange: window }));
    const firstCount = whole.steps.findIndex((s) => s.firstDone) + 1;
    assert.equal(firstCount, part.blocks.length);
    assert.equal(cache.hits, part.blocks.length, 'every window block a hit');
    assert.equal(cache.misses - missesBefore, extractProse(text, 'markdown').blocks.length - part.blocks.length);
    // And the window's findings first published are the ones the whole document's analysis keeps there.
    const inWindow = (fs: Finding[]) => fs.filter((f) => f.start.offset < window[1]).map(key).sort();
    assert.ok(inWindow(preview).length > 0, 'the benchmark document plants errors in its first screen');
    assert.deepEqual(inWindow(preview), inWindow(whole.findings));
  });
});

