/**
 * One document's long analysis, `restore` or `explain` never holds back another document's diagnostics (issue #36),
 * and the diagnostics of an analysis still running answer code actions. Checked by order of events, not by timing:
 * the small document's diagnostics must come before the long work ends.
 */
import { strict as assert } from 'assert';
import { LspClient } from './lspClient';
import { prose, unpunctuatedWords } from '../stress/shapes';

describe('language server: scheduling between documents and commands', function () {
  this.timeout(180_000);
  let client: LspClient;
  const finished = (uri: string) => client.statuses.some((s) => s.uri === uri && s.state === 'ready');

  before(async () => {
    client = new LspClient({ settings: { debounceMs: 0 } });
    await client.initialize(null);
    await client.waitFor(() => client.statuses.find((s) => !s.uri && s.state === 'ready'), 120_000, 'ready status');
  });

  after(async () => {
    await client.shutdown();
  });

  /** Opens a small document and waits for its diagnostics. */
  async function openSmall(name: string): Promise<void> {
    const uri = `file:///tmp/puncteme-small-${name}.md`;
    const n = client.published.length;
    await client.open(uri, 'markdown', `The small note ${name} is here,, and short.\n`);
    const p = await client.diagnosticsAfter(uri, n);
    assert.ok(p.diagnostics.some((d) => d.code === 'doubled-mark'));
  }

  it('answers a small document, and code actions for the diagnostics shown so far, while a long document is analysed', async () => {
    const uri = 'file:///tmp/puncteme-long.md';
    const long = ['The first paragraph has a slip,, here.', ...Array.from({ length: 150 }, (_, i) => prose(100, 500 + i))].join('\n\n');
    const n = client.published.length;
    await client.open(uri, 'markdown', long);
    // The first findings so far are published while the analysis goes on, and their code actions answer at once.
    const partial = await client.waitFor(() => client.published.slice(n).find((p) => p.uri === uri && p.diagnostics.some((d) => d.code === 'doubled-mark')));
    const shownBeforeTheEnd = !finished(uri);
    const d = partial.diagnostics.find((x) => x.code === 'doubled-mark')!;
    const actions = await client.request<Array<{ title: string }>>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
    assert.ok(actions.some((a) => /^Replace with/.test(a.title)), JSON.stringify(actions.map((a) => a.title)));
    await openSmall('a');
    assert.ok(!finished(uri), 'the small document was answered before the long one was done');
    assert.ok(shownBeforeTheEnd, 'the long document published findings before its analysis ended');
    await client.waitFor(() => finished(uri), 170_000, 'the long document analysed');
  });

  it('answers a small document while restore and explain run (their own worker)', async () => {
    let restored = false;
    const words = unpunctuatedWords(600, 3);
    const restoring = client.request<string>('workspace/executeCommand', { command: 'puncteme.server.restore', arguments: [words] }).then((r) => {
      restored = true;
      return r;
    });
    let explained = false;
    const explaining = client.request<string>('workspace/executeCommand', { command: 'puncteme.server.explain', arguments: [prose(1500, 4)] }).then((r) => {
      explained = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 200));
    await openSmall('b');
    assert.ok(!restored, 'the small document was answered before restore was done');
    // Restoration may capitalise the letter that begins a sentence, nothing else of a word.
    const letters = (t: string) => t.match(/\p{L}+/gu)?.map((w) => w.toLowerCase());
    assert.deepEqual(letters(await restoring), letters(words), 'restoration keeps every word');
    assert.ok(!explained || (await explaining).length > 0);
    assert.match(await explaining, /\[/);
  });
});
