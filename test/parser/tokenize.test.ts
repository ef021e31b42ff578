import * as assert from 'assert';
import * as path from 'path';
import { readTreebank } from '../../server/src/data/treebank';
import { isPunctForm, tokenizeText } from '../../server/src/tokenize';
import { EWT_DIR } from '../ewt';

const DATA = EWT_DIR;

/** Tokens of the whole text, punctuation marked with a leading `_`. */
function toks(text: string): string[] {
  return tokenizeText(text).flatMap((s) => s.tokens.map((t) => (t.punct ? '_' : '') + t.text));
}

describe('tokenisation onto UD English conventions', () => {
  it('splits contractions and clitics as EWT does', () => {
    assert.deepStrictEqual(toks("I don't think I'm gonna"), ['I', 'do', "n't", 'think', 'I', "'m", 'gon', 'na']);
    assert.deepStrictEqual(toks("She'd've said we can't"), ['She', "'d", "'ve", 'said', 'we', 'ca', "n't"]);
    assert.deepStrictEqual(toks('I cannot'), ['I', 'can', 'not']);
  });

  it("treats possessive 's and a plural's apostrophe as words, quotes as punctuation", () => {
    assert.deepStrictEqual(toks("Elena's cat and the boys' toys"), ['Elena', "'s", 'cat', 'and', 'the', 'boys', "'", 'toys']);
    assert.deepStrictEqual(toks("He said 'maybe' and \"no\"."), ['He', 'said', "_'", 'maybe', "_'", 'and', '_"', 'no', '_"', '_.']);
    assert.deepStrictEqual(toks('“Curly” quotes'), ['_“', 'Curly', '_”', 'quotes']);
  });

  it('splits hyphenated words except after the prefixes EWT keeps whole', () => {
    assert.deepStrictEqual(toks('a long-term e-mail plan'), ['a', 'long', '_-', 'term', 'e-mail', 'plan']);
    assert.deepStrictEqual(toks('non-human co-workers'), ['non-human', 'co-workers']);
  });

  it('keeps abbreviations with their dot, and runs of marks as one token', () => {
    assert.deepStrictEqual(toks('Apples, pears, etc. are fine'), ['Apples', '_,', 'pears', '_,', 'etc.', 'are', 'fine']);
    assert.deepStrictEqual(toks('Wow!!! Really?!'), ['Wow', '_!!!', 'Really', '_?!']);
    assert.deepStrictEqual(toks('Wait -- what...'), ['Wait', '_--', 'what', '_...']);
  });

  it('ends a sentence at a doubled period before a capital, not before a lower-case word', () => {
    const sentences = (t: string) => tokenizeText(t).map((s) => t.slice(s.start, s.end));
    assert.deepStrictEqual(sentences('The town was quiet.. This paragraph is next.'), ['The town was quiet..', 'This paragraph is next.']);
    assert.deepStrictEqual(sentences('I was a photographer.. come and visit.'), ['I was a photographer.. come and visit.']);
  });

  it('keeps file names and domains whole and in their sentence; a capital after a dot still ends one', () => {
    const sentences = (t: string) => tokenizeText(t).map((s) => t.slice(s.start, s.end));
    assert.deepStrictEqual(toks('Edit config.yaml and README.md, then www.adobe.com.'), ['Edit', 'config.yaml', 'and', 'README.md', '_,', 'then', 'www.adobe.com', '_.']);
    assert.deepStrictEqual(sentences('Our domain is paulhastings.com. In most cases it works.'), ['Our domain is paulhastings.com.', 'In most cases it works.']);
    assert.deepStrictEqual(sentences('I went home.Then I slept.'), ['I went home.', 'Then I slept.']);
    assert.deepStrictEqual(toks('It costs 3.5 dollars, e.g. today.'), ['It', 'costs', '3.5', 'dollars', '_,', 'e.g.', 'today', '_.']);
  });

  it('keeps a pause of dots before a lower-case word, and a closing smiley, in the sentence', () => {
    const sentences = (t: string) => tokenizeText(t).map((s) => t.slice(s.start, s.end));
    assert.deepStrictEqual(sentences('It is missing..and more. Food is okay.. won\'t crave it.'), ['It is missing..and more.', "Food is okay.. won't crave it."]);
    assert.deepStrictEqual(toks('hurt in the past...and you'), ['hurt', 'in', 'the', 'past', '_...', 'and', 'you']);
    assert.deepStrictEqual(sentences('Loved every bit of it. :) Will come back.'), ['Loved every bit of it. :)', 'Will come back.']);
  });

  it('splits a bracket closed right after a number from the colon or semicolon after it; a spaced smiley stays whole', () => {
    assert.deepStrictEqual(toks('It opened (in 2019): the rest'), ['It', 'opened', '_(', 'in', '2019', '_)', '_:', 'the', 'rest']);
    assert.deepStrictEqual(toks('See (page 3); then go'), ['See', '_(', 'page', '3', '_)', '_;', 'then', 'go']);
    assert.deepStrictEqual(toks('I am sad ): today'), ['I', 'am', 'sad', '):', 'today']);
    assert.deepStrictEqual(toks('That was great:) really'), ['That', 'was', 'great', ':)', 'really']);
  });

  it("splits a sentence's period off a common word wink knows as an abbreviation, and keeps the abbreviation elsewhere", () => {
    assert.deepStrictEqual(toks('We let him in. Then it slept.'), ['We', 'let', 'him', 'in', '_.', 'Then', 'it', 'slept', '_.']);
    assert.deepStrictEqual(toks('The answer is no.'), ['The', 'answer', 'is', 'no', '_.']);
    assert.deepStrictEqual(toks('She felt ill. The doctor came.'), ['She', 'felt', 'ill', '_.', 'The', 'doctor', 'came', '_.']);
    assert.deepStrictEqual(toks('We scored no. 5 in the list.'), ['We', 'scored', 'no.', '5', 'in', 'the', 'list', '_.']);
    assert.deepStrictEqual(toks('Sen. Smith spoke.'), ['Sen.', 'Smith', 'spoke', '_.']);
  });

  it('keeps a name with a leading dot whole and in its sentence; a capitalised word after a spaced period still begins one', () => {
    const sentences = (t: string) => tokenizeText(t).map((s) => t.slice(s.start, s.end));
    assert.deepStrictEqual(toks('Add the file to .gitignore and commit it.'), ['Add', 'the', 'file', 'to', '.gitignore', 'and', 'commit', 'it', '_.']);
    assert.deepStrictEqual(sentences('Rename .js files to .ts first. We support .NET 6 too.'), ['Rename .js files to .ts first.', 'We support .NET 6 too.']);
    assert.deepStrictEqual(toks('(.env) is read'), ['_(', '.env', '_)', 'is', 'read']);
    assert.deepStrictEqual(sentences('It ends here .Next starts.'), ['It ends here .', 'Next starts.']);
    // The space typed on the wrong side of a period: still two sentences.
    assert.deepStrictEqual(sentences('I went home .then I slept.'), ['I went home .', 'then I slept.']);
  });

  it('keeps a language named by a letter and a symbol one word (C++, C#, F#, g++)', () => {
    assert.deepStrictEqual(toks('It is written in C++ and C# for speed.'), ['It', 'is', 'written', 'in', 'C++', 'and', 'C#', 'for', 'speed', '_.']);
    assert.deepStrictEqual(toks('We use F#, then g++ builds it.'), ['We', 'use', 'F#', '_,', 'then', 'g++', 'builds', 'it', '_.']);
    // Not a name: a digit after the symbols, a longer word, a number before them, a symbol on its own.
    assert.deepStrictEqual(toks('C++11 and ABC++ and 3++ and # 3'), ['C', '+', '+11', 'and', 'ABC', '+', '+', 'and', '3', '+', '+', 'and', '#', '3']);
  });

  it('keeps a cited figure, equation or section in its sentence', () => {
    const sentences = (t: string) => tokenizeText(t).map((s) => t.slice(s.start, s.end));
    assert.deepStrictEqual(sentences('As shown in Fig. 3 the value rises. See Eq. 2 and Sec. 4 too.'), ['As shown in Fig. 3 the value rises.', 'See Eq. 2 and Sec. 4 too.']);
    assert.deepStrictEqual(toks('See Fig. 3 now.'), ['See', 'Fig.', '3', 'now', '_.']);
    assert.deepStrictEqual(sentences('It ends in a fig. Then more.'), ['It ends in a fig.', 'Then more.']);
  });

  it('classifies symbols EWT treats as words', () => {
    for (const w of ['$', '%', '&', ':)', '@', '/']) assert.strictEqual(isPunctForm(w), false, w);
    for (const p of [',', '.', '"', '(', '--', '!!!', '...', '<<', '*']) assert.strictEqual(isPunctForm(p), true, p);
  });

  it('gives empty input no sentences', () => {
    assert.deepStrictEqual(tokenizeText(''), []);
    assert.deepStrictEqual(tokenizeText(' \n\t '), []);
  });

  it('keeps exact UTF-16 offsets on every EWT dev sentence, emoji and curly quotes included', () => {
    const tb = readTreebank(path.join(DATA, 'en_ewt-ud-dev.conllu'));
    const text = tb.sentences.map((s) => s.text ?? '').join(' 😀 ');
    let n = 0;
    let last = 0;
    for (const s of tokenizeText(text)) {
      assert.ok(s.start >= last);
      for (const t of s.tokens) {
        assert.strictEqual(text.slice(t.start, t.end), t.text);
        assert.ok(t.start >= last, 'tokens in order, not overlapping');
        last = t.end;
        n++;
      }
      assert.strictEqual(s.end, last);
    }
    assert.ok(n > 25000);
  });
});
