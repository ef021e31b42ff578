import * as assert from 'assert';
import { defaultModelDir } from '../../server/src/model';
import { loadPunctTagger, MARK_COUNT, tagRun, tagRunByWords } from '../../server/src/restore/punctTagger';
import { tokenizeText } from '../../server/src/tokenize';
import { slotSentence } from '../../server/src/parser/sentenceBuilder';

/** The word tokens of a run of unpunctuated words, as restoration reads them (`restorer.ts`). */
function wordTokensOf(text: string): Array<{ text: string; start: number; end: number }> {
  return tokenizeText(text).flatMap((t) => slotSentence(t.tokens).wordTokens.map((k) => t.tokens[k]));
}

describe('the tagger read by written words, mapped to the engine tokens', () => {
  const tagger = loadPunctTagger(defaultModelDir());
  before(function () {
    if (!tagger) this.skip();
  });

  it("gives the token that ends a written word that word's row, and a token inside one no mark", () => {
    const text = "we don't know what the agency's plan is she said";
    const tokens = wordTokensOf(text);
    // The engine splits words the taggers were never trained on split.
    assert.ok(tokens.length > text.split(' ').length, `tokens: ${tokens.map((t) => t.text).join(' ')}`);
    const words = text.split(' ');
    // Restoration's run of the tagger (float32 where it can), as `tagRunByWords` reads it.
    const byWords = tagRun(tagger!, words, true, true);
    const mapped = tagRunByWords(tagger!, tokens, text, true);
    let w = 0;
    tokens.forEach((tok, k) => {
      const row = Array.from(mapped.marginals.subarray(k * MARK_COUNT, (k + 1) * MARK_COUNT));
      const endsWord = k + 1 === tokens.length || text[tok.end] === ' ';
      if (!endsWord) {
        assert.deepStrictEqual(row, [1, ...new Array<number>(MARK_COUNT - 1).fill(0)], `inside a word: ${tok.text}`);
        assert.strictEqual(mapped.best![k], 0);
        return;
      }
      assert.deepStrictEqual(row, Array.from(byWords.marginals.subarray(w * MARK_COUNT, (w + 1) * MARK_COUNT)), `the row of ${words[w]}`);
      assert.strictEqual(mapped.best![k], byWords.best![w]);
      w++;
    });
    assert.strictEqual(w, words.length);
  });

  it('reads the tokens of a word the engine splits at a mark (she / her) as that one word', () => {
    const text = 'let me introduce Renata she/her who leads the team';
    const tokens = wordTokensOf(text);
    const byWords = tagRun(tagger!, text.split(' '), false, true);
    const mapped = tagRunByWords(tagger!, tokens, text, false);
    const her = tokens.findIndex((t) => t.text === 'her');
    const at = text.split(' ').indexOf('she/her');
    assert.ok(her > 1 && tokens[her - 2].text === 'she', `tokens: ${tokens.map((t) => t.text).join(' ')}`);
    assert.deepStrictEqual(Array.from(mapped.marginals.subarray(her * MARK_COUNT, (her + 1) * MARK_COUNT)), Array.from(byWords.marginals.subarray(at * MARK_COUNT, (at + 1) * MARK_COUNT)));
  });
});
