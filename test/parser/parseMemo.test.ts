/**
 * The parser remembers parses by sentence content (an editor re-parses a paragraph per keystroke): a sentence that
 * comes back shifted or beside an edited one must get exactly the parse a fresh parser gives, at its new offsets.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { loadParser, ParsedSentence } from '../../server/src/parser';
import { EWT_DIR } from '../ewt';

describe('parser: remembered parses', () => {
  const sentences = fs
    .readFileSync(path.join(EWT_DIR, 'en_ewt-ud-dev.conllu'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('# text = '))
    .map((l) => l.slice(9).trim())
    .slice(0, 60);
  const plain = (s: ParsedSentence) => ({ start: s.start, end: s.end, tokens: s.tokens, tree: s.tree, wordTokens: s.wordTokens, slotTokens: s.slotTokens });

  it('gives the fresh parse, at the new offsets, for sentences shifted or next to an edited one', () => {
    const parser = loadParser();
    // Sees each edited paragraph once, first: it parses every sentence of it afresh.
    const fresh = loadParser();
    for (let i = 0; i + 3 <= sentences.length; i += 3) {
      const paragraph = sentences.slice(i, i + 3).join(' ');
      parser.parseText(paragraph);
      // A keystroke: one word gets a comma, and text is inserted before the paragraph (every offset shifts).
      const edited = 'So: ' + paragraph.replace(' ', ', ');
      const again = parser.parseText(edited).map(plain);
      assert.deepStrictEqual(again, fresh.parseText(edited).map(plain), edited);
      for (const s of again) for (const t of s.tokens) assert.strictEqual(edited.slice(t.start, t.end), t.text);
    }
  });
});
