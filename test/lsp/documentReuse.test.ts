import { strict as assert } from 'assert';
import * as fc from 'fast-check';
import * as fs from 'fs';
import * as path from 'path';
import { makeLinter } from '../../server/src/engine';
import { majorityQuoteStyle, quotePlacements } from '../../server/src/engine/rules/quotePlacement';
import { LintOptions } from '../../server/src/engine/types';
import { ParagraphCache, extractProse, lintSteps, runSteps } from '../../server/src/prose';
import { blockOptions } from '../../server/src/prose/documentOptions';
import { extractMarkdown, extractMarkdownWhole } from '../../server/src/prose/markdown';
import { ProseBlock } from '../../server/src/prose/block';

/**
 * What the analysis worker reuses from one keystroke's lint to the next, checked against the computation it replaces
 * on real documents edited at random: the blocks of the chunks an edit did not move, the paragraph-cache keys of the
 * blocks it did not change, and the quote placements of each block.
 */
const ROOT = path.resolve(__dirname, '../..');
const DOCUMENTS = ['README.md', 'ARCHITECTURE.md', 'examples/sample.md'].map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8'));
const PIECES = [',', '.', ' ', '"', '”.', '.”', '\n\n', 'word ', '`x`', '<!-- puncteme-disable -->'];

/** `count` seeded edits of `doc` (insertions and deletions anywhere), each version in turn. */
function* editedVersions(doc: string, count: number, seed: number): Generator<string> {
  const edits = fc.sample(fc.tuple(fc.nat(), fc.nat(6), fc.constantFrom(...PIECES)), { numRuns: count, seed });
  let text = doc;
  for (const [at, len, ins] of edits) {
    const start = at % (text.length + 1);
    text = text.slice(0, start) + ins + text.slice(Math.min(text.length, start + len));
    yield text;
  }
}

const plain = (blocks: ReadonlyArray<ProseBlock>) => blocks.map((b) => [b.text, [...b.offsets], b.standIns, b.holes]);

describe('reuse between keystrokes (analysis worker)', function () {
  this.timeout(120000);

  it('Markdown extraction through edits equals the whole document parsed at once (blocks, offsets, suppressions)', () => {
    DOCUMENTS.forEach((doc, d) => {
      for (const text of editedVersions(doc, doc.length > 50000 ? 8 : 30, d + 1)) {
        const chunked = extractMarkdown(text);
        const whole = extractMarkdownWhole(text);
        assert.deepEqual(plain(chunked.blocks), plain(whole.blocks));
        assert.deepEqual(chunked.suppressions, whole.suppressions);
      }
    });
  });

  it('an extraction that reuses the placed chunks equals the one that placed them', () => {
    const doc = DOCUMENTS[0];
    const moved = '\n' + doc; // every chunk moves: all placed anew
    const first = extractMarkdown(moved);
    const again = extractMarkdown(moved);
    assert.deepEqual(again, first);
    assert.ok(again.blocks.every((b, i) => b === first.blocks[i]), 'blocks reused');
    // An edit near the end: the chunks before it keep their blocks, the moved ones are placed anew and still exact.
    const at = moved.lastIndexOf('\n\n', moved.length - 50);
    const edited = moved.slice(0, at) + ' Inserted, text.' + moved.slice(at);
    const after = extractMarkdown(edited);
    assert.ok(after.blocks[0] === first.blocks[0], 'the first block is reused');
    assert.deepEqual(plain(after.blocks), plain(extractMarkdownWhole(edited).blocks));
  });

  it('paragraph-cache keys from the keyer equal ParagraphCache.key, for every block and options object', () => {
    const cache = new ParagraphCache();
    for (const text of editedVersions(DOCUMENTS[0], 10, 7)) {
      const blocks = extractProse(text, 'markdown').blocks;
      const options: LintOptions[] = blocks.map((_, i) => (i % 3 === 0 ? { quoteStyle: 'auto', quoteHabit: 'british' } : i % 3 === 1 ? { serialComma: 'always' } : {}));
      const keyOf = cache.keyer('v1');
      for (let round = 0; round < 2; round++) {
        blocks.forEach((b, i) => assert.equal(keyOf(options[i], b.text), ParagraphCache.key('v1', options[i], b.text)));
      }
      assert.notEqual(cache.keyer('v2')({}, blocks[0].text), keyOf({}, blocks[0].text), 'the model version is in the key');
    }
    // Past its bound the keyer starts again, with the same keys.
    const many = new ParagraphCache();
    const keyOf = many.keyer('v1');
    for (let i = 0; i < 5000; i++) assert.equal(keyOf({}, `Block ${i}, with a comma.`), ParagraphCache.key('v1', {}, `Block ${i}, with a comma.`));
  });

  it('the quote habit of each block, remembered by text, is what the placements of its text give', () => {
    const texts = [
      ...DOCUMENTS.flatMap((d) => extractProse(d, 'markdown').blocks.map((b) => b.text)),
      'She said "the plan is a disaster". He said "it works."',
      'He wrote "no", "yes", and "maybe."',
      'Nothing quoted here.',
    ];
    const expected = (blocks: ReadonlyArray<{ text: string }>): LintOptions[] => {
      // The computation the memo replaces: placements counted afresh for every block with a closing quote.
      const counts = blocks.map((b) => (/["\u201D\u00BB]|''/.test(b.text) ? quotePlacements(b.text) : undefined));
      const total = counts.reduce<{ american: number; british: number }>((t, c) => ({ american: t.american + (c?.american ?? 0), british: t.british + (c?.british ?? 0) }), { american: 0, british: 0 });
      const habit = majorityQuoteStyle(total) ?? 'none';
      return counts.map((c) => {
        if (!c) return {};
        const own = majorityQuoteStyle(c) ?? 'none';
        return own === habit ? {} : { quoteHabit: habit };
      });
    };
    for (const n of [texts.length, 5, 2]) {
      const blocks = texts.slice(-n).map((text) => ({ text }));
      // Under the calibrated decision: the learned one adds the document's register bins to every block's options.
      for (let round = 0; round < 2; round++) assert.deepEqual(blockOptions(blocks, { decision: 'calibrated' }), expected(blocks).map((o) => ({ decision: 'calibrated', ...o })));
    }
  });

  it('findings through 30 edits with the cache equal a fresh lint of each version (rules alone)', () => {
    const linter = makeLinter({});
    const cache = new ParagraphCache();
    const doc = DOCUMENTS[0] + '\n\nShe said "a disaster". They wrote "fine," and left.. Really?,\n';
    for (const text of editedVersions(doc, 30, 11)) {
      const cached = runSteps(lintSteps(linter, text, extractProse(text, 'markdown'), {}, cache));
      const fresh = runSteps(lintSteps(linter, text, extractMarkdownWhole(text), {}));
      assert.deepEqual(cached, fresh);
    }
  });
});
