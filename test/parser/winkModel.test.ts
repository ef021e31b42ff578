import * as assert from 'assert';
import { readTreebank } from '../../server/src/data/treebank';
import { fastWinkModel, WINK_PIPE } from '../../server/src/tokenize/winkModel';
import { ewtFile, haveEwt } from '../ewt';

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports */

/** Every sentence of a text as wink reads it: each token's value, type, part of speech and preceding spaces. */
function read(nlp: any, text: string): string[] {
  const its = nlp.its;
  const out: string[] = [];
  nlp.readDoc(text).sentences().each((s: any) => {
    const tokens: string[] = [];
    s.tokens().each((t: any) => tokens.push(`${t.out(its.precedingSpaces)}${t.out(its.value)}/${t.out(its.type)}/${t.out(its.pos)}`));
    out.push(tokens.join(' '));
  });
  return out;
}

describe('wink model loaded without the deep copy and the unread annotations (start-up)', () => {
  (haveEwt() ? it : it.skip)('tokenizes, splits and tags EWT dev exactly as the package loader does', function () {
    this.timeout(300000);
    const winkNLP = require('wink-nlp');
    // The package's own loader first: it deep-copies the JSON, which the fast loader must leave untouched.
    const original = winkNLP(require('wink-eng-lite-web-model'));
    const fast = winkNLP(fastWinkModel(), WINK_PIPE);
    const again = winkNLP(require('wink-eng-lite-web-model'));
    // Paragraphs of dev as a writer would lint them (several sentences a call: the sentence splitter is compared too).
    const sentences = readTreebank(ewtFile('dev')).sentences.map((s) => s.text ?? '');
    const paragraphs: string[] = [];
    for (let k = 0; k < sentences.length; k += 5) paragraphs.push(sentences.slice(k, k + 5).join(' '));
    let compared = 0;
    for (const p of paragraphs) {
      const expected = read(original, p);
      assert.deepStrictEqual(read(fast, p), expected, p);
      assert.deepStrictEqual(read(again, p), expected, p);
      compared += expected.length;
    }
    assert.ok(compared > 1500, `${compared} sentences compared`);
  });
});
