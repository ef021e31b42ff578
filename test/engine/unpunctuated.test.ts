/**
 * A paragraph written without any mark that reads as several sentences (`engine/unpunctuated.ts`): one finding whose
 * fix restores its punctuation, keeping every word; headings, captions, lists and single sentences stay silent. Text
 * typed without capitals is read by the lower-case tagger.
 */
import { strict as assert } from 'assert';
import { makeLinter } from '../../server/src/engine';
import { trainedEngineParts } from './trainedParts';

describe('unpunctuated paragraphs', function () {
  this.timeout(60000);
  const parts = trainedEngineParts();
  const lint = (text: string) => makeLinter(parts()).lint(text);
  const letters = (t: string) => t.match(/[\p{L}\p{N}']+/gu)?.map((w) => w.toLowerCase());

  it('a run of sentences with no marks gets one finding whose fix restores them and keeps every word', () => {
    const text = 'Hi Tom thanks for the update I had a quick look at the draft and it looks good Can you send me the final version by Friday';
    const found = lint(text);
    assert.equal(found.length, 1, JSON.stringify(found.map((f) => f.message)));
    const [f] = found;
    assert.equal(f.ruleId, 'sentence-final');
    assert.ok(f.confidence >= 0.9 && f.confidence <= 1);
    assert.equal(f.fixes[0].title, 'Restore punctuation');
    const edit = f.fixes[0].edits[0];
    const fixed = text.slice(0, edit.start.offset) + edit.newText + text.slice(edit.end.offset);
    assert.deepEqual(letters(fixed), letters(text));
    assert.match(fixed, /[.?]$/);
    assert.ok((fixed.match(/[.?]/g) ?? []).length >= 2, fixed);
  });

  it('reads text typed without capitals with the tagger trained on such text: a run of sentences is found and cut, one sentence is not', () => {
    const run = 'thank you for the lovely gift i really like it my sister also says it is beautiful';
    const [f, ...rest] = lint(run).filter((x) => x.ruleId === 'sentence-final');
    assert.ok(f && rest.length === 0, run);
    const edit = f.fixes[0].edits[0];
    const fixed = run.slice(0, edit.start.offset) + edit.newText + run.slice(edit.end.offset);
    assert.deepEqual(letters(fixed), letters(run));
    assert.ok((fixed.match(/[.?]/g) ?? []).length >= 2, fixed);
    const single = 'my favourite season is autumn because the trees change colour and the weather is cool';
    assert.deepEqual(lint(single).filter((x) => x.ruleId === 'sentence-final'), [], single);
  });

  it('leaves alone a short line, a heading-like title, a list with commas and a sentence that has its marks', () => {
    for (const text of [
      'We met at noon',
      'Getting started with the command line tools',
      'Umir Hussain, 24, London E14 Muhammed Usman Saddique, 24, London E17 Waheed Zaman, 22, London E17',
      'We met at noon. Then we went home and it was late, so we slept until the next morning.',
    ])
      assert.deepEqual(lint(text).filter((f) => f.ruleId === 'sentence-final'), [], text);
  });
});
