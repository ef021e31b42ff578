/**
 * Budgets that stop work, and what they tell the user (issue #36): long runs read by wink as one word, Markdown nested
 * too deep reported rather than crashing, footnotes parsed with the definitions they use, word budgets per paragraph
 * and per document, and the CLI's note when one of them stopped the model.
 */
import * as assert from 'assert';
import { createLinter, Linter } from '../../server/src/engine';
import { ExtractionNote, extractProse, lintDocument } from '../../server/src/prose';
import { extractMarkdown, extractMarkdownWhole } from '../../server/src/prose/markdown';
import { MAX_NESTING, capNesting, prefixDepth } from '../../server/src/prose/nestingDepth';
import { MAX_EMPHASIS_RUNS, capEmphasisRuns } from '../../server/src/prose/emphasisRuns';
import { MAX_RUN_CHARS, shortenLongRuns } from '../../server/src/tokenize/longRuns';
import { tokenizeText } from '../../server/src/tokenize';
import { SHAPES, prose } from './shapes';
import { removeRepo, runMain, tempRepo } from '../cli/helpers';
import { EngineHost } from '../../server/src/lsp/engineHost';
import { keepStrongest, overlaps } from '../../server/src/engine/documentPart';
import { EXPLAIN_STOPPED } from '../../server/src/lsp/budget';
import { candidateWork, slotWork, withinScoringWork } from '../../server/src/engine/correction/pipeline/decide';
import { treeInfo } from '../../server/src/engine/treeInfo';

describe('budgets: long runs, deep nesting, footnotes, word budgets', function () {
  this.timeout(120_000);
  let linter: Linter;
  before(async () => {
    linter = await createLinter();
  });

  it('reads a run longer than any word as one token, at its own offsets, its opening and closing marks apart', () => {
    const long = 'ab/'.repeat(200);
    const text = `See (${long}), then ${'z'.repeat(MAX_RUN_CHARS + 44)}. Next "${'q'.repeat(400)}" ok.`;
    const sentences = tokenizeText(text);
    const tokens = sentences.flatMap((s) => s.tokens);
    for (const t of tokens) assert.equal(t.text, text.slice(t.start, t.end), 'every token is its own text');
    assert.deepEqual(
      tokens.filter((t) => t.text.length > MAX_RUN_CHARS).map((t) => [t.start, t.end, t.punct]),
      [
        [5, 5 + long.length, false],
        [text.indexOf('zzz'), text.indexOf('zzz') + MAX_RUN_CHARS + 44, false],
        [text.indexOf('qqq'), text.indexOf('qqq') + 400, false],
      ],
    );
    assert.deepEqual(tokens.filter((t) => t.punct).map((t) => t.text), ['(', ')', ',', '.', '"', '"', '.']);
    assert.equal(sentences.length, 2, 'the period after the long run still ends its sentence');
  });

  it('maps every offset of the shortened text back to the original, monotonically', () => {
    const text = `a ${'x'.repeat(1000)} b (${'y'.repeat(300)}) c`;
    const s = shortenLongRuns(text);
    assert.equal(s.replaced, 2);
    let last = -1;
    for (let i = 0; i <= s.text.length; i++) {
      const [o] = s.toOriginal(i, i);
      assert.ok(o >= last, `offset ${i}`);
      last = o;
    }
    assert.deepEqual(s.toOriginal(s.text.length, s.text.length), [text.length, text.length]);
  });

  it('reports Markdown nested deeper than the cap, checks the rest, and never crashes (10,000 block quotes)', () => {
    const deep = SHAPES.blockquotes.make(10_000);
    const e = extractProse(`First paragraph, fine.\n\n${deep}\nLast paragraph.\n`, 'markdown');
    assert.deepEqual(e.blocks.map((b) => b.text), ['First paragraph, fine.', 'Last paragraph.']);
    assert.equal(e.notes?.length, 1);
    assert.match(e.notes![0].message, /nested more than 100 levels deep/);
    assert.equal(e.notes![0].offset, 'First paragraph, fine.\n\n'.length);
  });

  it('blanks a Markdown paragraph of more emphasis runs than the cap, keeps every offset, says so, and reads fenced code as code', () => {
    const many = '*_'.repeat(MAX_EMPHASIS_RUNS / 2 + 1);
    const fenced = '```\n' + many + '\n```\n';
    const text = `First paragraph, fine.\n\nSecond ${many}\nstill the second.\r\n\n${fenced}\nLast *paragraph*.\n`;
    const capped = capEmphasisRuns(text);
    assert.equal(capped.text.length, text.length);
    assert.deepEqual(capped.notes.map((n) => n.offset), [text.indexOf('Second')]);
    assert.equal(capped.text.slice(text.indexOf(fenced), text.indexOf(fenced) + fenced.length), fenced, 'fenced code left as it is');
    const e = extractProse(text, 'markdown');
    assert.deepEqual(e.blocks.map((b) => b.text), ['First paragraph, fine.', 'Last paragraph.']);
    assert.match(e.notes![0].message, /more than 5000 runs of emphasis markers/);
    assert.deepEqual(capEmphasisRuns('*a* '.repeat(MAX_EMPHASIS_RUNS / 2)), { text: '*a* '.repeat(MAX_EMPHASIS_RUNS / 2), notes: [] }, 'exactly the cap: kept');
  });

  it('keeps the first MAX_NESTING levels of a list nested line by line, and every offset', () => {
    const text = SHAPES.nestedList.make(MAX_NESTING + 20);
    const capped = capNesting(text);
    assert.equal(capped.text.length, text.length);
    assert.equal(capped.notes.length, 1);
    assert.match(capped.notes[0].message, /these 20 lines are not checked/);
    const e = extractMarkdown(text);
    assert.equal(e.blocks.length, MAX_NESTING);
    for (const b of e.blocks) for (let i = 0; i < b.text.length; i++) assert.equal(text[b.offsets[i]], b.text[i]);
    assert.equal(prefixDepth('> > - 1. text', 0, 13), 4 + 2);
  });

  it('parses each chunk with the definitions it references, and gets what parsing the whole document gets', () => {
    const doc = [
      'Intro with a note[^a] and a [link][Ref One].',
      '[^a]: The note, defined below its use.',
      'Another paragraph cites [^b], and [ref  one] again, and [unknown].',
      '[Ref One]: https://example.com',
      '[^b]: Second note.',
      SHAPES.footnotes.make(20),
    ].join('\n\n');
    const chunked = extractMarkdown(doc);
    const whole = extractMarkdownWhole(doc);
    assert.deepEqual(chunked.blocks.map((b) => [b.text, [...b.offsets]]), whole.blocks.map((b) => [b.text, [...b.offsets]]));
  });

  it('stops the model at the paragraph budget and says where; the typographic rules still see the rest', () => {
    const text = prose(400, 3) + ' The end is here,, they said.';
    const notes: ExtractionNote[] = [];
    const findings = lintDocument(linter, text, 'plaintext', { wordBudget: 100 }, undefined, { onNote: (n) => notes.push(n) });
    assert.equal(notes.length, 1);
    assert.match(notes[0].message, /analysed its first 100 words/);
    assert.ok(notes[0].offset > 0 && notes[0].offset < text.length / 2, `stopped near the start (${notes[0].offset})`);
    assert.ok(findings.some((f) => f.ruleId === 'doubled-mark'), 'the doubled comma after the budget is still reported');
    const modelAfter = findings.filter((f) => f.start.offset >= notes[0].offset && f.ruleId !== 'doubled-mark' && f.ruleId !== 'mark-spacing');
    assert.deepEqual(modelAfter.map((f) => f.ruleId), [], 'no model finding after the point where the model stopped');
  });

  it('stops the model at the document budget once, with one note, whatever the number of paragraphs', () => {
    const text = Array.from({ length: 8 }, (_, i) => prose(60, 10 + i)).join('\n\n');
    const notes: ExtractionNote[] = [];
    lintDocument(linter, text, 'plaintext', { documentWordBudget: 150 }, undefined, { onNote: (n) => notes.push(n) });
    assert.equal(notes.length, 1);
    assert.match(notes[0].message, /first 150 words of this document/);
  });

  it('keeps the strongest of overlapping findings exactly as comparing each with every kept one does, and names what outweighs each other one', () => {
    const reference = <F extends { confidence: number; start: number; end: number }>(items: readonly F[]): F[] => {
      const kept: F[] = [];
      for (const f of [...items].sort((a, b) => b.confidence - a.confidence)) if (!kept.some((k) => overlaps(f, k))) kept.push(f);
      return kept.sort((a, b) => a.start - b.start || a.end - b.end);
    };
    let x = 7;
    const random = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let t = 0; t < 5000; t++) {
      const items = Array.from({ length: 1 + Math.floor(random() * 12) }, (_, i) => {
        const start = Math.floor(random() * 20);
        return { start, end: start + (random() < 0.3 ? 0 : Math.floor(random() * 6)), confidence: Math.floor(random() * 4) / 4, i };
      });
      const dropped: Array<[number, number]> = [];
      const kept = keepStrongest(items, (f) => f, (f, by) => dropped.push([f.i, by!.i]));
      assert.deepEqual(kept.map((f) => f.i), reference(items).map((f) => f.i), JSON.stringify(items));
      // Each one left out is told once, with a kept one at least as confident that overlaps it.
      assert.deepEqual([...kept.map((f) => f.i), ...dropped.map(([i]) => i)].sort((a, b) => a - b), items.map((f) => f.i));
      for (const [i, by] of dropped) {
        assert.ok(kept.some((k) => k.i === by) && overlaps(items[i], items[by]) && items[by].confidence >= items[i].confidence, JSON.stringify([items, i, by]));
      }
    }
  });

  it('places the closer of a sentence\'s one unclosed bracket by the model, and of none in a sentence with many', () => {
    const placed = (text: string) => lintDocument(linter, text, 'plaintext').filter((f) => f.ruleId === 'unbalanced-pair').map((f) => /of the posterior/.test(f.explanation));
    assert.deepEqual(placed('The Digital Analytics Program (DAP runs on most sites. It helps.\n'), [true]);
    // Four open in one sentence: each keeps the text rule's guess (a closer at the sentence's end); the next sentence's one is placed.
    assert.deepEqual(placed('The (city (council (voted (to build a park. The committee (met on tuesday.\n'), [false, false, false, false, true]);
  });

  it('restore and explain stop at their time budget, and say where', async () => {
    const host = new EngineHost();
    const text = prose(60, 21);
    const restored = await host.restore(text, 0);
    assert.deepEqual(restored, { text, stoppedAt: 0 }, 'nothing restored: the text comes back as it was');
    const explained = await host.explain(text, 0);
    assert.ok(explained.startsWith(EXPLAIN_STOPPED), explained.slice(0, 100));
    const whole = await host.restore(text, 60_000);
    assert.equal(whole.stoppedAt, undefined);
    assert.deepEqual(whole.text.match(/\p{L}+/gu), text.match(/\p{L}+/gu));
  });

  it('the CLI lints 10,000 nested block quotes without a stack trace, and notes the lines it did not check', async () => {
    const dir = tempRepo({ 'quotes.md': 'A paragraph,, here.\n\n' + SHAPES.blockquotes.make(10_000) });
    try {
      const r = await runMain(['lint', '--no-color', 'quotes.md'], { cwd: dir });
      assert.equal(r.code, 1, r.stderr);
      assert.doesNotMatch(r.stderr, /RangeError|at .*\.js/);
      assert.match(r.stderr, /quotes\.md: line 3: Markdown nested more than 100 levels deep/);
      assert.match(r.stdout, /doubled-mark/);
    } finally {
      removeRepo(dir);
    }
  });
});

describe('budgets: the model\'s scoring work per sentence', () => {
  // A chain of four words (each the head of the next): word w's constituent spans words w..4 and its memo key slots
  // w−1..4; it costs one product per child and one for itself (2, 2, 2, 1).
  const chain = { words: [1, 2, 3, 4].map((w) => ({ form: `w${w}`, lemma: `w${w}`, upos: 'X', xpos: 'X', feats: '_', deprel: w === 1 ? 'root' : 'dep', head: w - 1 })) };
  const candidate = (...slots: number[]) => ({ changes: new Map(slots.map((i) => [i, []])) });

  it('counts the constituents a changed slot makes the inside pass recompute', () => {
    assert.deepEqual([...slotWork(treeInfo(chain))], [2, 4, 6, 7, 7]);
    assert.equal(candidateWork(slotWork(treeInfo(chain)), [1, 3]), 4 + 7);
  });

  it('scores candidates in order until the next would pass the budget (the written surface counts first), and names the rest', () => {
    const cands = [candidate(1), candidate(2), candidate(4), candidate(0)];
    const dropped: unknown[] = [];
    // 7 (the written surface) + 4 + 6 = 17; the third (7) would make 24, so it and the cheap fourth are left.
    assert.deepEqual(withinScoringWork(treeInfo(chain), cands, (c) => dropped.push(c), 20), cands.slice(0, 2));
    assert.deepEqual(dropped, cands.slice(2));
    assert.deepEqual(withinScoringWork(treeInfo(chain), cands, () => assert.fail('nothing dropped'), 7 + 4 + 6 + 7 + 2), cands);
  });
});
