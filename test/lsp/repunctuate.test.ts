/**
 * The re-punctuating code actions and the picture request over stdio (issue 35): offered when the writer invokes code
 * actions or a menu asks for refactorings, each one edit of the sentence with its preview in the title.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { LspClient } from './lspClient';
import { defaultModelDir, punctModelFile } from '../../server/src/engine';

describe('language server: re-punctuating code actions and the picture', function () {
  this.timeout(120000);
  let client: LspClient;
  let dir: string;
  const text = '# Notes\n\nMy brother, a doctor, lives in Paris. We stayed home, however.\n';
  const line = 2;
  let uri: string;

  before(async function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir()))) this.skip();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-repunct-'));
    uri = pathToFileURL(path.join(dir, 'a.md')).href;
    client = new LspClient({ settings: { debounceMs: 20 } });
    await client.initialize(pathToFileURL(dir).href);
    // Opened once the engine is warm, as the other protocol tests do: a document opened during the warm-up stops it
    // (its diagnostics must not wait), and the first offers, still compiling, can then miss their 1 s budget on a
    // loaded machine.
    await client.waitFor(() => client.statuses.find((s) => !s.uri && s.state === 'ready'), 120000, 'ready status');
    const n = client.published.length;
    await client.open(uri, 'markdown', text);
    await client.diagnosticsAfter(uri, n);
  });

  after(async () => {
    if (client) await client.shutdown();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const at = (character: number, end = character) => ({ start: { line, character }, end: { line, character: end } });

  it('invoked on "a doctor": delete the appositive with its commas, or join with the next sentence', async () => {
    const actions = await client.request<any[]>('textDocument/codeAction', { textDocument: { uri }, range: at(12, 20), context: { diagnostics: [], triggerKind: 1 } });
    const mine = actions.filter((a) => a.kind === 'refactor.rewrite.puncteme');
    const del = mine.find((a) => a.title.startsWith('Delete this phrase with its punctuation'));
    assert.ok(del, actions.map((a) => a.title).join(' | '));
    assert.equal(del.title, 'Delete this phrase with its punctuation: “My brother lives in Paris.”');
    assert.deepEqual(del.edit.documentChanges[0].edits, [{ range: at(0, 37), newText: 'My brother lives in Paris.' }]);
    assert.equal(del.edit.documentChanges[0].textDocument.version, 1);
    const join = mine.find((a) => a.title.startsWith('Join with the next sentence'));
    assert.ok(join);
    assert.deepEqual(join.edit.documentChanges[0].edits[0].range, at(0, text.split('\n')[line].length));
  });

  it('a selection means its constituent; the refactor menu asks for them too; the lightbulb does not', async () => {
    const sel = text.split('\n')[line].indexOf('however');
    const actions = await client.request<any[]>('textDocument/codeAction', { textDocument: { uri }, range: at(sel, sel + 7), context: { diagnostics: [], only: ['refactor'] } });
    const move = actions.find((a) => a.title.startsWith('Move this phrase to the start of the sentence'));
    assert.ok(move, actions.map((a) => a.title).join(' | '));
    assert.equal(move.edit.documentChanges[0].edits[0].newText, 'However, we stayed home.');
    const automatic = await client.request<any[]>('textDocument/codeAction', { textDocument: { uri }, range: at(15), context: { diagnostics: [], triggerKind: 2 } });
    assert.ok(automatic.every((a) => a.kind !== 'refactor.rewrite.puncteme'));
  });

  it('the picture of the sentence at a position: SVG and its text form', async () => {
    const p = await client.request<any>('puncteme/picture', { uri, position: { line, character: 15 } });
    assert.ok(p.svg.startsWith('<svg'), p.svg.slice(0, 40));
    assert.match(p.text, /^4\. doctor .*\[, … ,\]$/m);
    assert.equal(p.sentence, 'My brother, a doctor, lives in Paris.');
    assert.equal(await client.request<any>('puncteme/picture', { uri, position: { line: 1, character: 0 } }), null, 'the blank line is in no sentence');
  });
});
