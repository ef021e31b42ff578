/**
 * The re-punctuating code actions change no word outside their edit (issue 35): on real sentences (EWT dev, as
 * written), at cursors across each sentence, a delete offer's text has the sentence's words minus one run of them, a
 * move's the same words with one run moved to the front, a join's both sentences' words with "and" between; and a
 * selection that is not exactly a constituent's words (part of a word, words of the next sentence) gets no delete or
 * move.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import { repunctuationOffers } from '../../../server/src/engine/repunctuate';
import { ewtFile, haveEwt } from '../../ewt';
import { trainedEngineParts } from '../trainedParts';

/** Letters and digits only, lower case: the words of a text without its marks, spacing or capitals. */
const letters = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();

/** Whether `out` spells `words` with one run of them removed (delete) or moved to the front (move). */
function oneRun(words: readonly string[], out: string, kind: 'delete' | 'move'): boolean {
  const target = letters(out);
  for (let a = 0; a < words.length; a++)
    for (let b = a; b < words.length; b++) {
      const run = words.slice(a, b + 1), rest = [...words.slice(0, a), ...words.slice(b + 1)];
      if (letters((kind === 'delete' ? rest : [...run, ...rest]).join('')) === target) return true;
    }
  return false;
}

/** The first `n` sentences of EWT dev of 8–30 words with letters in every word, as written. */
function devSentences(n: number): string[] {
  const out: string[] = [];
  for (const m of fs.readFileSync(ewtFile('dev'), 'utf8').matchAll(/^# text = (.*)$/gm)) {
    const words = m[1].split(/\s+/);
    if (words.length >= 8 && words.length <= 30 && !/[<>@]|https?:/.test(m[1])) out.push(m[1]);
    if (out.length >= n) break;
  }
  return out;
}

describe('engine/repunctuate: the code actions change no word outside their edit', function () {
  this.timeout(300000);
  const parts = trainedEngineParts();
  before(function () {
    if (!haveEwt()) this.skip();
  });

  it('EWT dev sentences, a cursor at every fourth word: delete, move to the start, join with the next sentence', () => {
    const { analyser, model } = parts();
    const sentences = devSentences(20);
    let offers = 0;
    for (let k = 0; k + 1 < sentences.length; k++) {
      const text = `${sentences[k]} ${sentences[k + 1]}`;
      const parsed = analyser!.parseText(text);
      const first = parsed[0];
      const words = first.wordTokens.map((t) => first.tokens[t].text);
      const nextWords = parsed.length > 1 ? parsed[1].wordTokens.map((t) => parsed[1].tokens[t].text) : [];
      for (let w = 0; w < words.length; w += 4) {
        const at = first.tokens[first.wordTokens[w]].start;
        for (const o of repunctuationOffers(text, analyser!, model!, at, at)) {
          offers++;
          const where = `${o.kind} at "${words[w]}" in: ${text}\n→ ${o.newText}`;
          assert.ok(o.start >= 0 && o.end <= text.length && o.start <= at && at <= o.end, where);
          assert.ok(o.title.includes(o.newText.slice(0, 20).replace(/\s+/g, ' ').trim()), where);
          if (o.kind === 'joinNext') assert.equal(letters(o.newText), letters([...words, 'and', ...nextWords].join('')), where);
          else {
            assert.ok(oneRun(words, o.newText, o.kind === 'delete' ? 'delete' : 'move'), where);
            // The replaced text is the sentence, so nothing else of the paragraph changes.
            assert.equal(letters(text.slice(o.start, o.end)), letters(words.join('')), where);
          }
        }
      }
    }
    assert.ok(offers > 50, `only ${offers} offers`);
  });

  it('a selection ending or starting inside a word, or not a constituent, offers no delete or move', () => {
    const { analyser, model } = parts();
    const text = 'My brother, a doctor, lives in Paris.';
    const kinds = (from: string, to: string) => {
      const a = text.indexOf(from), b = text.indexOf(to) + to.length;
      return repunctuationOffers(text, analyser!, model!, a, b).map((o) => o.kind);
    };
    assert.deepEqual(kinds('a doctor', 'a doctor'), ['delete', 'moveToStart']);
    assert.deepEqual(kinds('a doc', 'a doc'), []);
    assert.deepEqual(kinds('octor', 'octor'), []);
    assert.deepEqual(kinds('brother', 'doctor'), []);
  });

  it('a selection reaching into the next sentence offers no delete or move', () => {
    const { analyser, model } = parts();
    const text = 'My brother lives in Paris. We stayed home.';
    const offers = (from: string, to: string) => {
      const a = text.indexOf(from), b = text.indexOf(to) + to.length;
      return repunctuationOffers(text, analyser!, model!, a, b).map((o) => o.kind);
    };
    assert.deepEqual(offers('in Paris', 'Paris'), ['delete', 'moveToStart', 'joinNext']);
    assert.deepEqual(offers('in Paris', 'Paris. '), ['delete', 'moveToStart', 'joinNext']);
    assert.deepEqual(offers('in Paris', 'We'), ['joinNext']);
  });
});
