/**
 * The document of `auto` is the file: `introductoryComma: auto` and `quoteStyle: auto` decide over every prose block
 * of it, though the prose layer lints (and caches) one block at a time. The habit's decision is made after the last
 * block from the blocks' cached parts, so it must follow an edit in another paragraph, never a stale cache entry.
 */
import { strict as assert } from 'assert';
import { Finding, LintOptions, makeLinter } from '../../server/src/engine';
import { HabitPart } from '../../server/src/engine/correction/style/introductoryHabit';
import { keepStrongest, findingSpan, settleParts } from '../../server/src/engine/documentPart';
import { positionAt } from '../../server/src/engine/positions';
import { ParagraphCache, lintDocument } from '../../server/src/prose';
import { blockOptions, documentQuoteHabit } from '../../server/src/prose/documentOptions';
import { HABIT_DOC } from './habitDocument';
import { trainedEngineParts } from '../engine/trainedParts';


const intro = (fs: readonly Finding[]) => fs.filter((f) => f.ruleId === 'introductory-comma');
const applyFirstFix = (text: string, f: Finding) => {
  const edits = [...f.fixes[0].edits].sort((a, b) => b.start.offset - a.start.offset);
  for (const e of edits) text = text.slice(0, e.start.offset) + e.newText + text.slice(e.end.offset);
  return text;
};

/** A built finding at [start, end) of `text`. */
function finding(text: string, start: number, end: number, confidence: number, ruleId = 'r'): Finding {
  return { ruleId, message: ruleId, severity: 'info', confidence, start: positionAt(text, start), end: positionAt(text, end), fixes: [], explanation: '' };
}

describe('the document of auto is the file: decisions over all blocks', function () {
  this.timeout(120000);

  it('settleParts: the habit summed over parts; a reported omission takes part in the overlap rule as in one lint', () => {
    const text = 'x'.repeat(40);
    // Elements of edited rate 0.9 (as after a fronted clause): y = 1 written with the comma, 0 without.
    const counts = (ys: number[]) => ({ written: ys.filter((y) => y).length, omitted: ys.filter((y) => !y).length, excess: ys.reduce((s, y) => s + y - 0.9, 0), information: ys.length * 0.09 });
    const pending = (start: number): HabitPart<Finding> => ({ ...counts([1, 0]), pending: [{ finding: finding(text, start, start + 5, 0.9, 'introductory-comma'), element: 'word "However"', share: 0.9 }] });
    const weak = finding(text, 2, 8, 0.8);
    const strong = finding(text, 20, 30, 0.95);
    const parts = [
      { findings: [weak], habit: pending(0), contenders: [weak] },
      { findings: [strong], habit: pending(22), contenders: [strong] },
      { findings: [], habit: { ...counts([0, 0]), pending: [] } },
    ];
    const [a, b, c] = settleParts(parts); // commas left out elsewhere: the writer's habit does not expect them
    assert.ok(a === parts[0].findings && b === parts[1].findings && c === parts[2].findings, 'untouched parts are returned as they are');
    parts[2].habit = { ...counts([1, 1, 1, 1]), pending: [] }; // 6 of 8: a habit
    const [a2, b2] = settleParts(parts);
    assert.deepEqual(a2.map((f) => [f.ruleId, f.start.offset]), [['introductory-comma', 0]], 'the omission (0.9) displaces the weaker finding it overlaps');
    assert.match(a2[0].message, /\(6 of 8\)/);
    assert.deepEqual(b2.map((f) => [f.ruleId, f.start.offset]), [['r', 20]], 'and is displaced by a stronger one');
    // keepStrongest is the overlap rule of one lint: by confidence, then document order.
    // (The 0.9 overlaps the 0.95 and goes; the 0.8 then overlaps nothing kept.)
    assert.deepEqual(keepStrongest([strong, finding(text, 5, 25, 0.9), weak], findingSpan).map((f) => f.confidence), [0.8, 0.95]);
  });

  it('keepStrongest: a finding whose range is not a pair of offsets is left out alone and hides nothing', () => {
    const items = [{ confidence: 0.99, start: NaN, end: NaN }, { confidence: 0.5, start: 0, end: 3 }, { confidence: 0.4, start: 5, end: 5 }, { confidence: 0.3, start: 2, end: 4 }];
    const dropped: Array<[number, number | undefined]> = [];
    const kept = keepStrongest(items, (f) => f, (f, by) => dropped.push([f.confidence, by?.confidence]));
    assert.deepEqual(kept.map((f) => f.confidence), [0.5, 0.4]);
    assert.deepEqual(dropped, [[0.99, undefined], [0.3, 0.5]]);
  });

  it('quoteStyle auto: the document’s majority over all blocks; a block whose own majority agrees keeps its options', () => {
    const blocks = ['He said "yes." Then "no," she said.', 'It was "fine".', 'No quotes here.'].map((text) => ({ text }));
    assert.equal(documentQuoteHabit(blocks, {}), 'american');
    assert.equal(documentQuoteHabit(blocks, { quoteStyle: 'british' }), undefined, 'a named style: nothing to decide');
    assert.equal(documentQuoteHabit(blocks.slice(1, 3), {}), 'none', 'one placement alone is no habit');
    assert.equal(documentQuoteHabit([blocks[1], blocks[1], blocks[2]], {}), 'british');
    assert.equal(documentQuoteHabit([blocks[2]], { quoteStyle: 'auto' }), 'none');
    // Under the calibrated decision: the learned one adds the document's register bins to every block's options
    // (documentRegister.test.ts), so no block keeps the object given.
    const options: LintOptions = { quoteStyle: 'auto', decision: 'calibrated' };
    const [first, second, third] = blockOptions(blocks, options);
    assert.ok(first === options && third === options, 'agrees, or has no quote: the same options (the same cache key)');
    assert.deepEqual(second, { ...options, quoteHabit: 'american' });
    assert.deepEqual(blockOptions([blocks[0], blocks[1], blocks[1], blocks[1]], options)[0], { ...options, quoteHabit: 'british' }, '3 British to 2');
    assert.deepEqual(blockOptions([blocks[0], blocks[1], blocks[1]], options)[0], { ...options, quoteHabit: 'none' }, '2 to 2: no habit, not the block’s own');
    assert.deepEqual(blockOptions([blocks[0], blocks[1], { text: 'It was "odd".' }, { text: 'She said "hi."' }], options).map((o) => o.quoteHabit), [undefined, 'american', 'american', 'american'], 'a block with one placement has no habit of its own: it gets the document’s');
  });

  it('quoteStyle auto over a file: a "fine". in its own paragraph is held to the file’s American habit', async () => {
    const linter = makeLinter({}); // the American check is a text rule: no model needed
    const doc = 'He said "yes." Then "no," she said.\n\nIt was "fine".\n';
    const quotes = lintDocument(linter, doc, 'markdown').filter((f) => f.ruleId === 'quote-placement');
    assert.deepEqual(quotes.map((f) => doc.slice(f.start.offset, f.end.offset)), ['".']);
    assert.deepEqual(linter.lint('It was "fine".').filter((f) => f.ruleId === 'quote-placement'), [], 'the paragraph alone has no habit to break');
    const tie = 'He said "yes."\n\nIt was "fine".\n';
    assert.deepEqual(lintDocument(linter, tie, 'markdown').filter((f) => f.ruleId === 'quote-placement'), [], 'a tie is no habit');
  });

  it('quoteStyle auto with no habit: the model’s American style, but not in a document that holds inline code', () => {
    const linter = makeLinter({});
    // The engine sets modelQuoteStyle from a model whose channel transposes (EngineModel.quoteStyle); given here. Under
    // the calibrated decision, so that a block's options stay the object given (the learned one adds the register's).
    const options: LintOptions = { modelQuoteStyle: 'american', decision: 'calibrated' };
    const quotes = (doc: string) => lintDocument(linter, doc, 'markdown', options).filter((f) => f.ruleId === 'quote-placement');
    const alone = 'He called the plan "a success".\n';
    const found = quotes(alone);
    assert.deepEqual(found.map((f) => alone.slice(f.start.offset, f.end.offset)), ['".']);
    assert.match(found[0].message, /Set quoteStyle to british/);
    assert.deepEqual(found[0].fixes[0].edits.map((e) => e.newText), ['."']);
    const readme = 'Run `npm test` first.\n\nThe value is "auto". He called the plan "a success".\n';
    assert.deepEqual(quotes(readme), [], 'a README quoting a literal keeps its mark outside: no style imposed');
    assert.equal(quotes('Run `npm test` first.\n\nHe said "yes." It was "fine".\n').length, 0, 'a tie is still no habit');
    assert.equal(quotes('Run `npm test` first.\n\nHe said "yes." Then "no," she said. It was "fine".\n').length, 1, 'the document’s own habit still holds');
    const [code, quoted, plain] = blockOptions(
      [{ text: 'Run npm first.', standIns: [{}] }, { text: 'It was "fine".' }, { text: 'No quotes.' }],
      options,
    );
    assert.ok(code === options && plain === options, 'blocks without a closing quote keep their options');
    assert.deepEqual(quoted, { ...options, documentHasCode: true });
  });

  describe('introductoryComma auto, with the trained parser and model', () => {
    const parts = trainedEngineParts();

    it('one "Finally," per paragraph three times, then "Finally we": one finding, in the fourth paragraph, with a working fix', () => {
      const linter = makeLinter(parts());
      const found = lintDocument(linter, HABIT_DOC, 'markdown', { introductoryComma: 'auto' });
      const [f, ...rest] = intro(found);
      assert.ok(f, JSON.stringify(found));
      assert.equal(rest.length, 0);
      assert.equal(f.start.offset, HABIT_DOC.lastIndexOf('Finally'));
      assert.deepEqual([f.start.line, f.start.character, f.end.character], [8, 0, 7]);
      assert.match(f.message, /elsewhere in this document \(3 of 4\)/);
      assert.equal(applyFirstFix(HABIT_DOC, f), HABIT_DOC.replace('Finally we', 'Finally, we'));
      assert.deepEqual(intro(lintDocument(linter, HABIT_DOC, 'markdown', { introductoryComma: 'ignore' })), []);
      // The paragraph alone is held to edited prose's rate after "Finally", not to the file's habit.
      assert.match(intro(linter.lint('Finally we reached home late.', { introductoryComma: 'auto' }))[0].message, /as edited prose does/);
    });

    it('an edit in another paragraph that breaks the habit removes the finding (the cache keeps parts, not decisions)', () => {
      const linter = makeLinter(parts());
      const cache = new ParagraphCache();
      // Under the calibrated decision: under the learned one an edit that moves the document's register bins (its
      // length, here) changes every block's options, and so analyses every block again (documentFeatures.ts).
      const auto: LintOptions = { introductoryComma: 'auto', decision: 'calibrated' };
      const broken = HABIT_DOC.replace('Finally, it rained all day.', 'Finally it rained all day. Finally we stayed in the hotel. Finally we read our books. Finally we went to bed.'); // 2 of 7
      const lengths: number[] = [];
      for (const doc of [HABIT_DOC, broken, HABIT_DOC]) {
        const misses = cache.misses;
        const cached = lintDocument(linter, doc, 'markdown', auto, cache);
        assert.deepEqual(cached, lintDocument(makeLinter(parts()), doc, 'markdown', auto), 'as a fresh linter without a cache');
        lengths.push(intro(cached).length);
        if (doc !== broken) continue;
        assert.equal(cache.misses - misses, 1, 'only the edited paragraph is analysed again');
      }
      assert.deepEqual(lengths, [1, 0, 1]);
    });

    it('a suppressed range hides the finding; the habit still counts the commas written there', () => {
      const linter = makeLinter(parts());
      const auto: LintOptions = { introductoryComma: 'auto' };
      const hidden = HABIT_DOC.replace('Finally we', '<!-- puncteme-disable-next-line introductory-comma -->\nFinally we');
      assert.deepEqual(intro(lintDocument(linter, hidden, 'markdown', auto)), []);
      const region = HABIT_DOC.replace('# Trip\n', '# Trip\n\n<!-- puncteme-disable -->').replace('Finally we', '<!-- puncteme-enable -->\n\nFinally we');
      const [f] = intro(lintDocument(linter, region, 'markdown', auto));
      assert.ok(f, 'commas written in a disabled region are still the writer’s habit');
      assert.equal(f.start.offset, region.lastIndexOf('Finally'));
    });

    it('a single text is a document of one part: lint(text) and the settled part agree', () => {
      const linter = makeLinter(parts());
      const text = 'Finally, we left early. Finally, it rained all day. Finally, the roads stayed dry. Finally we reached home late.';
      const auto: LintOptions = { introductoryComma: 'auto' };
      const part = linter.lintPart(text, auto);
      assert.equal(intro(part.findings).length, 0, 'the omission waits for the document');
      assert.equal(part.habit?.pending.length, 1);
      assert.deepEqual(settleParts([part])[0], linter.lint(text, auto));
      assert.equal(intro(linter.lint(text, auto)).length, 1);
    });
  });
});
