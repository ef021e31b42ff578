import * as assert from 'assert';
import { readTreebank } from '../../server/src/data/treebank';
import { goldSentence } from '../../server/research/eval/goldSentence';
import { draftOf, renderDraft } from '../../server/research/eval/draft';
import { corrupt, CorruptionCategory } from '../../server/research/eval/corrupt';
import { buildSuite } from '../../server/research/eval/suite';
import { judge, slotEdits, f05 } from '../../server/research/eval/score';
import { seededRng } from '../../server/research/eval/rng';
import { slotRegion } from '../../server/src/engine/sentence';
import { spliceItems } from '../../server/research/eval/splice';
import { ewtFile } from '../ewt';

const DEV = ewtFile('dev');
const dev = readTreebank(DEV);

describe('engine: corruption suite on EWT dev', () => {
  it('renders every dev sentence back to its exact text, with slot regions between the words', () => {
    let n = 0;
    for (const s of dev.sentences) {
      const g = goldSentence(s);
      if (!g) continue;
      assert.strictEqual(g.text, s.text, s.sentId);
      const r = renderDraft(draftOf(g));
      assert.strictEqual(r.text, g.text, s.sentId);
      for (let i = 0; i < r.regions.length; i++) assert.deepStrictEqual(slotRegion(r.sentence, i), r.regions[i], `${s.sentId} slot ${i}`);
      n++;
    }
    assert.ok(n > 1900);
  });

  it('changes only the gold slots, keeps the words, and the gold repair restores the original', () => {
    const rng = seededRng(7);
    const seen = new Set<CorruptionCategory>();
    for (const s of dev.sentences.slice(0, 600)) {
      const g = goldSentence(s);
      if (!g) continue;
      const c = corrupt(draftOf(g), rng);
      if (!c) continue;
      seen.add(c.category);
      const r = renderDraft(c.draft);
      assert.notStrictEqual(r.text, g.text);
      assert.strictEqual(r.text.replace(/[^\p{L}\p{N}]/gu, ''), g.text.replace(/[^\p{L}\p{N}]/gu, ''), 'words unchanged');
      // The edit that replaces each changed region with the original region is judged entirely correct.
      const orig = renderDraft(draftOf(g));
      const edits = [...c.gold.keys()].map((i) => ({ start: r.regions[i].start, end: r.regions[i].end, newText: orig.text.slice(orig.regions[i].start, orig.regions[i].end) }));
      const j = judge(c, slotEdits(r, edits));
      assert.strictEqual(j.wrong.length, 0, `${s.sentId}: ${c.kind}`);
      assert.strictEqual(j.missed.length, 0, `${s.sentId}: ${c.kind}`);
    }
    assert.ok(seen.size >= 8, [...seen].join(' '));
  });

  it('maps a comma inserted right after a word to the slot after it', () => {
    const g = goldSentence(dev.sentences[1])!; // "President Bush on Tuesday nominated two individuals …"
    const r = renderDraft(draftOf(g));
    const at = r.text.indexOf('Bush') + 4;
    assert.deepStrictEqual([...slotEdits(r, [{ start: at, end: at, newText: ',' }])], [[2, ',']]);
    const before = r.text.indexOf('on Tuesday');
    assert.deepStrictEqual([...slotEdits(r, [{ start: before, end: before, newText: '(' }])], [[2, '(']]);
  });

  it('balances categories over the suite and is reproducible', () => {
    const a = buildSuite(dev.sentences.slice(0, 500), { seed: 3 });
    const b = buildSuite(dev.sentences.slice(0, 500), { seed: 3 });
    assert.deepStrictEqual(a.map((x) => x.corrupted.text), b.map((x) => x.corrupted.text));
    const counts = new Map<string, number>();
    for (const it of a) counts.set(it.corruption.category, (counts.get(it.corruption.category) ?? 0) + 1);
    assert.ok(counts.size >= 8);
  });

  it('makes comma splices of two consecutive sentences whose period (or a semicolon) is the gold repair', () => {
    const items = spliceItems(dev.sentences.slice(0, 300), 20);
    assert.ok(items.length >= 10);
    for (const it of items) {
      const [[slot, accept]] = [...it.corruption.gold];
      assert.deepStrictEqual(accept, ['.', ';']);
      const r = it.corrupted;
      assert.strictEqual(r.text.slice(r.regions[slot].start, r.regions[slot].end), ', ');
      assert.strictEqual(it.original.text.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase(), r.text.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase());
      const tree = r.sentence.tree;
      const second = tree.words[slot];
      assert.ok(tree.words.filter((w) => w.head === 0).length === 1 && (second.head === 0 || tree.words.some((w) => w.deprel === 'parataxis')));
      const fix = judge(it.corruption, slotEdits(r, [{ start: r.regions[slot].start, end: r.regions[slot].start + 1, newText: ';' }]));
      assert.deepStrictEqual(fix.correct, [slot]);
    }
  });

  it('computes F0.5 as the GEC scorers do', () => {
    const m = f05({ tp: 6, fp: 2, fn: 4 });
    assert.ok(Math.abs(m.precision - 0.75) < 1e-12);
    assert.ok(Math.abs(m.recall - 0.6) < 1e-12);
    assert.ok(Math.abs(m.f05 - (1.25 * 0.75 * 0.6) / (0.25 * 0.75 + 0.6)) < 1e-12);
  });
});
