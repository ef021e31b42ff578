/**
 * Restoration keeps every word (issue #31): over real sentences with their punctuation removed (EWT, edited-english's
 * dev part, READMEs from node_modules), the restored text has the same words, spelled the same, and its inserted
 * brackets and quotes are balanced; already punctuated text comes back unchanged. The model is exercised twice: a
 * stand-in that writes arbitrary marks in arbitrary slots (fast-check), which shows the guarantee does not depend on
 * what the model says, and the trained model itself. A few hundred sentences here; thousands in
 * `scripts/bench-restore.ts --words`.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { DEFAULT_MODEL_FILE, defaultModelDir as punctModelDir, loadPunctModel } from '../../server/src/model';
import { defaultModelDir as parserModelDir, loadParser, MODEL_FILE as PARSER_FILE, Parser } from '../../server/src/parser';
import { makeRestorer, RestoringModel } from '../../server/src/restore';
import { pairInsertedMarks } from '../../server/src/restore/marks';
import { haveEwt } from '../ewt';
import { editedParagraphs, ewtTexts, EDITED_DIR, readmeParagraphs, spread, unbalancedInserted, unpunctuate, wordChange } from './corpus';

const haveModels = fs.existsSync(path.join(parserModelDir(), PARSER_FILE)) && fs.existsSync(path.join(punctModelDir(), DEFAULT_MODEL_FILE));

function sentences(count: number): string[] {
  const out: string[] = [];
  if (haveEwt()) out.push(...spread(ewtTexts('dev'), count / 2));
  if (fs.existsSync(EDITED_DIR)) out.push(...spread(editedParagraphs('dev').map((p) => p.text), count / 4));
  out.push(...readmeParagraphs(path.resolve(__dirname, '..', '..', 'node_modules'), count / 4));
  return out;
}

const ISSUE_CASES = [
  'install it in node_modules and set my_var to twenty-one',
  'the library is state-of-the-art and well-known',
  "run npm install then start the server it sold well it's a state-of-the-art library",
  'she left (quietly) and he said "hello there" to me',
  'see https://example.com/a_b?x=1 and `npm run build` for 3.5 times 😀 ok',
  "we can't go e.g if it rains",
];

/** Marks a stand-in model may write; all of the model's alphabet that restoration writes. */
const MARKS = [',', '.', ';', ':', '!', '?', '...', '-', '—', '(', ')', '[', ']', '“', '”', '‘', '’', '<.>', '/'];

describe('restore: words are kept', function () {
  this.timeout(600000);
  if (!haveModels) return;
  let parser: Parser;
  before(() => (parser = loadParser()));

  it('whatever marks the model asks for, in any slots, no word changes and inserted marks pair up', () => {
    const texts = [...ISSUE_CASES, ...sentences(200).map(unpunctuate)];
    fc.assert(
      fc.property(fc.constantFrom(...texts), fc.array(fc.array(fc.constantFrom(...MARKS), { maxLength: 3 }), { maxLength: 80 }), (text, marks) => {
        const model: RestoringModel = { restore: (tree) => tree.slots.map((_, i) => marks[i % Math.max(1, marks.length)] ?? []) };
        const out = makeRestorer(parser, model).restore(text);
        assert.equal(wordChange(text, out), undefined, `${text}\n→ ${out}`);
        assert.equal(unbalancedInserted(text, out), 0, `${text}\n→ ${out}`);
      }),
      { numRuns: 300, seed: 31 },
    );
  });

  it('the trained model keeps every word of real sentences with their punctuation removed', () => {
    const restorer = makeRestorer(parser, loadPunctModel(), { samples: 30 });
    for (const text of [...ISSUE_CASES, ...sentences(240).map(unpunctuate)]) {
      const out = restorer.restore(text);
      assert.equal(wordChange(text, out), undefined, `${text}\n→ ${out}`);
      assert.equal(unbalancedInserted(text, out), 0, `${text}\n→ ${out}`);
    }
  });

  it('the issue examples come back with their words as written', () => {
    const restorer = makeRestorer(parser, loadPunctModel(), { samples: 200 });
    const out = restorer.restore(ISSUE_CASES.join('\n\n'));
    // Only the first letter of a word that begins a sentence may change its case.
    const kept = (w: string) => out.includes(w) || out.includes(w[0].toUpperCase() + w.slice(1));
    for (const w of ['node_modules', 'my_var', 'twenty-one', 'state-of-the-art', 'well-known', "it's", '(quietly)', '"hello', 'https://example.com/a_b?x=1', '`npm run build`', '3.5', '😀', 'e.g'])
      assert.ok(kept(w), `${w} lost in ${out}`);
    assert.doesNotMatch(out, /npm -|well - known|[“”]/);
  });

  it('already punctuated text comes back unchanged', () => {
    const restorer = makeRestorer(parser, loadPunctModel(), { samples: 30 });
    for (const text of sentences(120).filter((t) => /[.!?]["”’)]?$/.test(t))) assert.equal(restorer.restore(text), text);
  });

  it('a word glued to a mark the tokenizer read as a sentence end is not capitalised; a punctuated paragraph is left alone', () => {
    const model: RestoringModel = { restore: (tree) => tree.slots.map(() => ['.']) };
    const restorer = makeRestorer(parser, model);
    assert.doesNotMatch(restorer.restore('see the draft).doc)(see the file'), /Doc/);
    const finalPeriod: RestoringModel = { restore: (tree) => tree.slots.map((_, i) => (i === tree.slots.length - 1 ? ['.'] : [])) };
    // The writer's sentence is theirs, as written; the unfinished one is finished.
    assert.equal(makeRestorer(parser, finalPeriod).restore('we met at noon. It was fine'), 'we met at noon. It was fine.');
    assert.equal(restorer.restore('We met at noon, as planned. It was fine.'), 'We met at noon, as planned. It was fine.');
  });

  it('paragraphs and line breaks are kept; list items are restored line by line', () => {
    const model: RestoringModel = { restore: (tree) => tree.slots.map((_, i) => (i === tree.slots.length - 1 ? ['.'] : [])) };
    const text = 'first we went home\nand then we slept\n\nthe next day it rained\n\n- buy milk\n- call mum\n';
    // The stand-in model decides every mark here (the tagger would add the comma of `First, we`).
    assert.equal(makeRestorer(parser, model, { tagger: false }).restore(text), 'First we went home\nand then we slept.\n\nThe next day it rained.\n\n- Buy milk.\n- Call mum.\n');
  });

  it('a deadline stops restoration between sentences: what was begun is restored, the rest is left as written', () => {
    let sentences = 0;
    const model: RestoringModel = {
      restore: (tree) => {
        sentences++;
        return tree.slots.map((_, i) => (i === tree.slots.length - 1 ? ['.'] : []));
      },
    };
    const text = 'first we went home\n\nthe next day it rained\n\nthen it snowed\n';
    const restorer = makeRestorer(parser, model, { boundaries: false });
    assert.deepEqual(restorer.restoreUntil(text, Infinity), { text: restorer.restore(text) });
    assert.deepEqual(restorer.restoreUntil(text, -Infinity), { text, stoppedAt: 0 });
    // A deadline that passes during the first sentence: it is finished, the others are kept as written.
    sentences = 0;
    const slow: RestoringModel = {
      restore: (tree) => {
        const until = performance.now() + 30;
        while (performance.now() < until);
        return model.restore(tree);
      },
    };
    const out = makeRestorer(parser, slow, { boundaries: false }).restoreUntil(text, performance.now() + 10);
    assert.equal(out.text, 'First we went home.\n\nthe next day it rained\n\nthen it snowed\n');
    assert.equal(out.stoppedAt, out.text.indexOf('the next'));
    assert.equal(sentences, 1);
  });
});

describe('restore: pairing inserted marks', () => {
  it('keeps pairs, drops what is unpaired, innermost first', () => {
    assert.deepEqual(pairInsertedMarks([['('], [], [')']]), [['('], [], [')']]);
    assert.deepEqual(pairInsertedMarks([['('], ['“'], [')']]), [['('], [], [')']]);
    assert.deepEqual(pairInsertedMarks([[')'], ['('], ['”', ',']]), [[], [], [',']]);
    assert.deepEqual(pairInsertedMarks([['(', '“'], ['”'], [')', '.']]), [['(', '“'], ['”'], [')', '.']]);
  });

  it('matches a brute-force check: the kept marks are balanced and every removed one had no partner', () => {
    const open = ['(', '“'];
    const close = [')', '”'];
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom('(', ')', '“', '”', ','), { maxLength: 2 }), { maxLength: 8 }), (slots) => {
        const kept = pairInsertedMarks(slots).flat();
        const stack: string[] = [];
        for (const m of kept) {
          const o = open.indexOf(m);
          const c = close.indexOf(m);
          if (o >= 0) stack.push(m);
          else if (c >= 0) assert.equal(stack.pop(), open[c], `${JSON.stringify(slots)} → ${kept}`);
        }
        assert.equal(stack.length, 0);
        // Nothing but brackets and quotes is removed.
        assert.equal(kept.filter((m) => m === ',').length, slots.flat().filter((m) => m === ',').length);
      }),
      { numRuns: 2000, seed: 7 },
    );
  });
});
