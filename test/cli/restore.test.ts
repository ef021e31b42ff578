/** `puncteme restore`: rebuilding text from the model's restored slots, and the command end to end. */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { makeRestorer } from '../../server/src/cli/restoreAdapter';
import { DEFAULT_MODEL_FILE, defaultModelDir as punctModelDir, PunctModel } from '../../server/src/model';
import { defaultModelDir as parserModelDir, MODEL_FILE as PARSER_FILE, ParsedSentence, Parser } from '../../server/src/parser';
import { removeRepo, runMain, tempRepo } from './helpers';

/** A stand-in parser: words are maximal runs of letters/digits/apostrophes, `n't` split off as UD does. */
function wordParser(): Parser {
  return {
    version: 'test',
    parseTokens: () => ({ upos: [], xpos: [], head: [], deprel: [] }),
    parseWithCommas: () => undefined,
    parseText(text: string): ParsedSentence[] {
      const tokens = [];
      for (const m of text.matchAll(/[\p{L}\p{N}']+/gu)) {
        const split = /^(\p{L}+)(n't)$/u.exec(m[0]);
        if (split) {
          tokens.push({ text: split[1], start: m.index!, end: m.index! + split[1].length, punct: false });
          tokens.push({ text: "n't", start: m.index! + split[1].length, end: m.index! + m[0].length, punct: false });
        } else tokens.push({ text: m[0], start: m.index!, end: m.index! + m[0].length, punct: false });
      }
      const words = tokens.map((t) => ({ form: t.text, lemma: t.text, upos: 'X', xpos: 'X', feats: '_', deprel: 'dep', head: 0 }));
      return [
        {
          start: 0,
          end: text.length,
          tokens,
          tree: { words, slots: words.map(() => []).concat([[]]) },
          wordTokens: tokens.map((_, i) => i),
          slotTokens: [],
        },
      ];
    },
  };
}

/** A stand-in model that restores fixed slots (the real MBR restoration is tested with the model). */
function fixedSlots(slots: string[][]): PunctModel {
  return { restore: () => slots } as unknown as PunctModel;
}

describe('cli: restore', function () {
  this.timeout(60000);

  it('splices the restored marks into the text, keeping words, contractions and spacing; capitalises sentence starts', () => {
    const text = "well i don't know she said it was a disaster";
    // slots 0..10 around: well i do n't know she said it was a disaster (nothing can go between do and n't)
    const slots: string[][] = [['∘'], [','], [], [','], [], ['.'], [], [',', '“'], [], [], [], ['”', '.']];
    const out = makeRestorer(wordParser(), fixedSlots(slots), { boundaries: false }).restore(text);
    assert.equal(out, 'Well, i don\'t know. She said, "it was a disaster".');
    const curly = makeRestorer(wordParser(), fixedSlots(slots), { quotes: 'curly', boundaries: false }).restore(text);
    assert.equal(curly, 'Well, i don\'t know. She said, “it was a disaster”.');
  });

  it('keeps the marks the writer already wrote, and inserts none next to them', () => {
    const out = makeRestorer(wordParser(), fixedSlots([[], [','], ['!']]), { boundaries: false }).restore('yes,, no');
    assert.equal(out, 'Yes,, no!');
  });

  it('the command: a clear error (exit 2) for empty input or a missing file; with trained models, words kept', async () => {
    const dir = tempRepo({ 'dictated.txt': 'when the rain stopped we went home it was late\n' });
    try {
      const empty = await runMain(['restore', '-'], { cwd: dir, input: '  \n' });
      assert.equal(empty.code, 2);
      assert.match(empty.stderr, /the input is empty/);
      const missing = await runMain(['restore', 'nope.txt'], { cwd: dir });
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /nope\.txt: no such file/);
      const r = await runMain(['restore', 'dictated.txt'], { cwd: dir });
      const haveModels =
        fs.existsSync(path.join(parserModelDir(), PARSER_FILE)) && fs.existsSync(path.join(punctModelDir(), DEFAULT_MODEL_FILE));
      if (!haveModels) {
        assert.equal(r.code, 2);
        assert.match(r.stderr, /restoration needs the trained parser and punctuation model/);
        return;
      }
      assert.equal(r.code, 0, r.stderr);
      const words = (s: string) => s.match(/[\p{L}\p{N}']+/gu) ?? [];
      assert.deepEqual(words(r.stdout.replace(/^W/, 'w')), words('when the rain stopped we went home it was late'));
      assert.match(r.stdout, /[.!?]\s*$/);
      assert.match(r.stdout, /^When /);
    } finally {
      removeRepo(dir);
    }
  });

  it('--budget: past it the rest of the text is left as written, and a note says where; a bad value is a usage error', async () => {
    const text = 'when the rain stopped we went home\n\nit was late and we were tired\n';
    const dir = tempRepo({ 'dictated.txt': text });
    try {
      const bad = await runMain(['restore', '--budget', 'soon', 'dictated.txt'], { cwd: dir });
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /--budget takes a number of seconds/);
      const haveModels =
        fs.existsSync(path.join(parserModelDir(), PARSER_FILE)) && fs.existsSync(path.join(punctModelDir(), DEFAULT_MODEL_FILE));
      if (!haveModels) return;
      const spent = await runMain(['restore', '--budget', '0.000001', 'dictated.txt'], { cwd: dir });
      assert.equal(spent.code, 0, spent.stderr);
      assert.equal(spent.stdout, text);
      assert.match(spent.stderr, /stopped after 0\.000001 s at line 1; the text from there on is left as written/);
      const unlimited = await runMain(['restore', '--budget', '0', 'dictated.txt'], { cwd: dir });
      assert.equal(unlimited.stderr, '');
      assert.match(unlimited.stdout, /^When /);
    } finally {
      removeRepo(dir);
    }
  });
});
