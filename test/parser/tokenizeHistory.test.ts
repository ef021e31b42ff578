import * as assert from 'assert';
import { tokenizeText } from '../../server/src/tokenize';
import { fastWinkModel, WINK_PIPE, WinkCoreGrowth } from '../../server/src/tokenize/winkModel';

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports */

/**
 * Texts and an earlier text of edited-english after which wink, as it was, cut them otherwise: it adds the
 * `18f` of `federalist.18f.gov` and the `agency’s` of `agency’s/website’s` to its lexicon whole, and then keeps
 * them whole wherever it meets them (a fresh wink cuts `18` `f` and `agency` `’s`).
 */
const CASES: Array<{ text: string; before: string }> = [
  {
    text: 'This post was originally published on the 18f blog by Eric Mill of 18f.',
    before: 'And if you host your government site on cloud.gov, search.gov or federalist.18f.gov, your certificates will automatically renewed.',
  },
  {
    text: 'Each agency’s website is its own.',
    before: 'Answers to these questions drive your agency’s/website’s Web analytics.',
  },
];

function wink(sealed: boolean): { nlp: any; growth: WinkCoreGrowth } {
  let growth: WinkCoreGrowth | undefined;
  const nlp = require('wink-nlp')(fastWinkModel((g) => (growth = g)), WINK_PIPE);
  if (sealed) growth!.scope.seal();
  return { nlp, growth: growth! };
}

/** Each token of a text as wink reads it: value, type and part of speech, sentences apart. */
function read(w: { nlp: any; growth: WinkCoreGrowth }, text: string): string[] {
  w.growth.scope.beginDocument();
  const out: string[] = [];
  w.nlp.readDoc(text).sentences().each((s: any) => {
    const tokens: string[] = [];
    s.tokens().each((t: any) => tokens.push(`${t.out(w.nlp.its.value)}/${t.out(w.nlp.its.type)}/${t.out(w.nlp.its.pos)}`));
    out.push(tokens.join(' '));
  });
  return out;
}

describe('tokens do not depend on what the process read before', () => {
  it('a text read after another is read as a freshly loaded wink reads it', () => {
    for (const { text, before } of CASES) {
      const fresh = read(wink(true), text);
      // wink as it was: the earlier text changes the later one's tokens (what the scoped lexicon stops).
      const unscoped = wink(false);
      read(unscoped, before);
      assert.notDeepStrictEqual(read(unscoped, text), fresh, text);
      const scoped = wink(true);
      read(scoped, before);
      assert.deepStrictEqual(read(scoped, text), fresh, text);
      // The earlier text's own tokens, read in the same document, are as a fresh wink gives them too.
      assert.deepStrictEqual(read(scoped, `${before} ${text}`), read(wink(true), `${before} ${text}`));
    }
  });

  it('tokenizeText gives a text the same tokens before and after another text', () => {
    for (const { text, before } of CASES) {
      const first = tokenizeText(text);
      tokenizeText(before);
      assert.deepStrictEqual(tokenizeText(text), first, text);
    }
  });

  it('counts the words added since the model loaded, hidden ones included', () => {
    const w = wink(true);
    assert.strictEqual(w.growth.scope.added(), 0);
    read(w, 'The zyxwvut frobnicates.');
    const once = w.growth.scope.added();
    assert.ok(once > 0);
    // Hidden from the next document, the unknown words are added again.
    read(w, 'The zyxwvut frobnicates.');
    assert.strictEqual(w.growth.scope.added(), 2 * once);
    assert.strictEqual(w.growth.featuresHalfFull(), false);
  });

  it('wink loads anew as often as needed', () => {
    // The package's custom-entity loader stringified its JSON again at each load, doubling it, until a load failed.
    for (let k = 0; k < 40; k++) assert.deepStrictEqual(read(wink(true), 'It loads.'), ['It/word/PRON loads/word/VERB ./punctuation/PUNCT']);
  });
});
