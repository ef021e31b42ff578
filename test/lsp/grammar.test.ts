import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as oniguruma from 'vscode-oniguruma';
import { INITIAL, Registry, parseRawGrammar } from 'vscode-textmate';
import { REPO } from './lspClient';

/** The puncteme-tree grammar, tokenised by the engine VS Code itself uses (vscode-textmate + Oniguruma). */
describe('puncteme-tree grammar', () => {
  it('scopes brackets, marks, quotes, ∘, <.>, words and comments', async () => {
    const wasm = fs.readFileSync(path.join(REPO, 'node_modules/vscode-oniguruma/release/onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer);
    const registry = new Registry({
      onigLib: Promise.resolve({ createOnigScanner: (p) => new oniguruma.OnigScanner(p), createOnigString: (s) => new oniguruma.OnigString(s) }),
      loadGrammar: async (scope) => {
        if (scope !== 'source.puncteme-tree') return null;
        const file = path.join(REPO, 'syntaxes/puncteme-tree.tmLanguage.json');
        return parseRawGrammar(fs.readFileSync(file, 'utf8'), file);
      },
    });
    const grammar = (await registry.loadGrammar('source.puncteme-tree'))!;
    const line = '[ ∘ [“ Dale ”] means [ Inc <.> ] , ]';
    const { tokens } = grammar.tokenizeLine(line, INITIAL);
    const scopeOf = (text: string) => {
      const at = line.indexOf(text);
      const t = tokens.find((k) => k.startIndex <= at && at < k.endIndex)!;
      return t.scopes.join(' ');
    };
    assert.match(scopeOf('['), /punctuation\.section\.brackets\.begin/);
    assert.match(scopeOf('∘'), /constant\.language\.bos/);
    assert.match(scopeOf('“'), /string\.quoted\.mark/);
    assert.match(scopeOf('Dale'), /variable\.other\.word/);
    assert.match(scopeOf('Dale'), /meta\.constituent/); // inside a bracketed constituent
    assert.match(scopeOf('<.>'), /constant\.language\.abbreviation-dot/);
    assert.match(scopeOf(','), /keyword\.control\.punctuation/);
    const comment = grammar.tokenizeLine('# Dale means river valley.', INITIAL).tokens[0];
    assert.match(comment.scopes.join(' '), /comment\.line/);
  });
});
