import * as assert from 'assert';
import * as path from 'path';
import { depunctuate } from '../../server/src/data/depunct';
import { ABBREV_DOT, normalisePunct } from '../../server/src/data/punctTokens';
import { readTreebank } from '../../server/src/data/treebank';
import { loadParser, MAX_WORDS, ParsedSentence, Parser } from '../../server/src/parser';
import { seededRandom } from '../../server/src/training/parser/views';
import { assertWellFormed } from './treeChecks';
import { EWT_DIR } from '../ewt';

const DATA = EWT_DIR;

/** Every invariant of the parseText contract for one sentence of `text`. */
function assertSentence(text: string, s: ParsedSentence): void {
  const what = JSON.stringify(text.slice(s.start, s.end)).slice(0, 80);
  assert.ok(s.start <= s.end && s.end <= text.length);
  for (const t of s.tokens) assert.strictEqual(text.slice(t.start, t.end), t.text, what);
  assert.strictEqual(s.tokens[0].start, s.start);
  assert.strictEqual(s.tokens[s.tokens.length - 1].end, s.end);
  const n = s.tree.words.length;
  assert.strictEqual(s.wordTokens.length, n);
  assert.strictEqual(s.tree.slots.length, n + 1);
  assert.strictEqual(s.slotTokens.length, n + 1);
  s.tree.words.forEach((w, i) => {
    const tok = s.tokens[s.wordTokens[i]];
    assert.ok(!tok.punct);
    assert.ok(tok.text === w.form || tok.text === w.form + '.', what);
  });
  s.tree.slots.forEach((marks, i) => {
    assert.strictEqual(s.slotTokens[i].length, marks.length);
    marks.forEach((m, k) => {
      const tok = s.tokens[s.slotTokens[i][k]];
      if (m === ABBREV_DOT) assert.ok(tok.text.endsWith('.') && !tok.punct);
      else {
        assert.ok(tok.punct);
        assert.ok(m === normalisePunct(tok.text, 'open') || m === normalisePunct(tok.text, 'close'), `${m} from ${tok.text}`);
      }
    });
  });
  // Every token is a word, a slot mark, or both (an abbreviation); none is lost.
  const used = new Set([...s.wordTokens, ...s.slotTokens.flat()]);
  assert.strictEqual(used.size, s.tokens.length, what);
  assertWellFormed(s.tree.words, what);
}

describe('bundled parser', function () {
  this.timeout(120000);
  let parser: Parser;
  const test = readTreebank(path.join(DATA, 'en_ewt-ud-test.conllu'));

  before(() => {
    parser = loadParser();
  });

  it('loads the shipped model and reports its version', () => {
    assert.match(parser.version, /^en-ewt-/);
  });

  it('reads a capitalised first word that edited English writes in lower case as a verb, keeping its capital in the tree', () => {
    const [s] = parser.parseText('Clone the repo and run the tests.');
    const clone = s.tree.words[0];
    assert.deepStrictEqual([clone.form, clone.upos, clone.head, s.tree.words[2].deprel], ['Clone', 'VERB', 0, 'obj']);
    const [name] = parser.parseText('Anna met the new manager.');
    assert.strictEqual(name.tree.words[0].upos, 'PROPN', 'a name not in the list stays a name');
  });

  it('gives a well-formed projective tree for every EWT test sentence (gold tokens)', () => {
    for (const s of test.sentences) {
      const forms = s.words.map((w) => w.form);
      const p = parser.parseTokens(forms);
      assert.strictEqual(p.head.length, forms.length);
      const words = forms
        .map((form, i) => ({ form, lemma: '_', upos: p.upos[i], xpos: '_', feats: '_', deprel: p.deprel[i], head: p.head[i], i }))
        .filter((w) => w.deprel !== 'punct' || w.upos !== 'PUNCT');
      if (words.length === 0) continue; // only marks (`...`): nothing to parse
      // Re-index heads over the words only (punctuation hangs off the root word, a leaf).
      const index = new Map(words.map((w, k) => [w.i + 1, k + 1]));
      const tree = words.map((w) => ({ ...w, head: w.head === 0 ? 0 : index.get(w.head)! }));
      assertWellFormed(tree, s.sentId);
    }
  });

  it('keeps every contract of parseText on the raw text of every EWT test sentence', () => {
    for (const s of test.sentences) {
      const text = s.text ?? '';
      const parsed = parser.parseText(text);
      for (const p of parsed) assertSentence(text, p);
      // Marks and lines alone (`------`, `=)`) are no sentence; any text with a letter or digit gives at least one.
      if (/[\p{L}\p{N}]/u.test(text)) assert.ok(parsed.length > 0, text);
    }
  });

  it('slots the punctuation exactly as depunctuate() does (Kerry sentence of the paper)', () => {
    const train = readTreebank(path.join(DATA, 'en_ewt-ud-dev.conllu'));
    let compared = 0;
    let same = 0;
    for (const s of train.sentences.slice(0, 400)) {
      const gold = depunctuate(s);
      if (!gold.ok || !s.text) continue;
      const parsed = parser.parseText(s.text);
      if (parsed.length !== 1) continue;
      const forms = parsed[0].tree.words.map((w) => w.form).join(' ');
      if (forms !== gold.tree.words.map((w) => w.form).join(' ')) continue;
      compared++;
      if (JSON.stringify(parsed[0].tree.slots) === JSON.stringify(gold.tree.slots)) same++;
    }
    // Treebank quirks remain (`Inc..` is `Inc` + `..` in EWT, `Inc.` + `.` for us).
    assert.ok(compared > 250, `${compared} sentences tokenised as in the treebank`);
    assert.ok(same >= 0.97 * compared, `${same} of ${compared} sentences slotted as depunctuate() does`);
    const kerry = parser.parseText('Earlier, Kerry said, "Just because you get an honorable discharge does not mean..."');
    assert.deepStrictEqual(kerry[0].tree.slots.slice(0, 4), [[], [','], [], [',', '“']]);
  });

  it('survives fuzzed input: every sentence keeps the contract', () => {
    const rand = seededRandom(42);
    const pieces = ['the', 'cat', 'Mr.', 'etc.', "don't", ',', '.', '"', "'", '(', ')', '--', '!!', '?', ';', ' ', ' ', '\n',
      '😀', 'مرحبا', '$5', 'e-mail', '...', '“', '”', 'U.S.', "boys'", ':)', '\t', 'x'];
    for (let trial = 0; trial < 300; trial++) {
      let text = '';
      const len = Math.floor(rand() * 40);
      for (let k = 0; k < len; k++) text += pieces[Math.floor(rand() * pieces.length)] + (rand() < 0.7 ? ' ' : '');
      for (const p of parser.parseText(text)) assertSentence(text, p);
    }
  });

  it('handles empty, symbol-only, non-English and enormous input without hanging', () => {
    assert.deepStrictEqual(parser.parseText(''), []);
    assert.deepStrictEqual(parser.parseText('   \n '), []);
    assert.deepStrictEqual(parser.parseText('!!! ... ?? -- ,,'), []);
    const ru = parser.parseText('Это совсем не английский текст, но разбор не падает.');
    assert.ok(ru.length > 0 && ru.every((s) => s.notes?.includes('not-english')));
    const words = Array.from({ length: 5000 }, (_, i) => (i % 17 === 16 ? 'and,' : 'word'));
    const text = words.join(' ');
    const t0 = Date.now();
    const out = parser.parseText(text);
    assert.ok(Date.now() - t0 < 20000);
    assert.ok(out.length >= 5000 / MAX_WORDS);
    for (const s of out) {
      assert.ok(s.tree.words.length <= MAX_WORDS);
      assert.ok(s.notes?.includes('split-long'));
      assertSentence(text, s);
    }
    assert.strictEqual(out.reduce((a, s) => a + s.tree.words.length, 0), 5000);
  });
});
