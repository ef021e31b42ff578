/**
 * Opening a long document: the diagnostics of the part the editor shows come first, all of them in the first
 * publication, before the rest of the document is analysed (issue 33: the visible part of a long document first).
 * Checked by what each publication holds, not by timing.
 */
import { strict as assert } from 'assert';
import { VISIBLE_RANGES_NOTIFICATION } from '../../server/src/protocol';
import { LspClient, PublishDiagnostics } from './lspClient';
import { prose } from '../stress/shapes';

/** Paragraphs of generated prose; those at `slips` carry a doubled comma (a typographic finding, whatever the model). */
function documentWithSlips(paragraphs: number, slips: readonly number[]): { text: string; lineOf: (paragraph: number) => number } {
  const parts = Array.from({ length: paragraphs }, (_, i) => (slips.includes(i) ? `Paragraph ${i} has a slip,, here. ` : '') + prose(60, 700 + i));
  return { text: parts.join('\n\n') + '\n', lineOf: (p) => 2 * p };
}

describe('language server: the visible part of a long document first', function () {
  this.timeout(180_000);
  let client: LspClient;

  before(async () => {
    // An edit's wait longer than any test: the opening must not be held by it (TextDocuments reports an opening as a
    // change too).
    client = new LspClient({ settings: { debounceMs: 600_000 } });
    await client.initialize(null);
    await client.waitFor(() => client.statuses.find((s) => !s.uri && s.state === 'ready'), 120_000, 'ready status');
  });

  after(async () => {
    await client.shutdown();
  });

  const slipLines = (p: PublishDiagnostics) => p.diagnostics.filter((d) => d.code === 'doubled-mark').map((d) => d.range.start.line).sort((a, b) => a - b);

  /**
   * Opens the document and returns its publications up to the end of its analysis; `atFirst` runs as soon as the
   * first one arrives.
   */
  async function openAndFollow(uri: string, text: string, atFirst?: (p: PublishDiagnostics) => Promise<void>): Promise<PublishDiagnostics[]> {
    const n = client.published.length;
    const statuses = client.statuses.length;
    await client.open(uri, 'markdown', text);
    if (atFirst) await atFirst(await client.diagnosticsAfter(uri, n));
    await client.waitFor(() => client.statuses.slice(statuses).find((s) => s.uri === uri && s.state === 'ready'), 170_000, 'the analysis of the document');
    return client.published.slice(n).filter((p) => p.uri === uri);
  }

  it('the window the client reports: its findings, all of them, in the first publication, answering code actions and hovers; the rest after', async () => {
    const slips = [1, 40, 42, 70];
    const { text, lineOf } = documentWithSlips(80, slips);
    const uri = 'file:///tmp/puncteme-visible-window.md';
    // The window shows paragraphs 40–42, as the VS Code client reports it before the document opens.
    await client.notify(VISIBLE_RANGES_NOTIFICATION, { uri, ranges: [{ start: { line: lineOf(40), character: 0 }, end: { line: lineOf(42), character: 10 } }] });
    // A diagnostic of the first publication answers its code action and its hover at once (the analysis it came from
    // is kept): asked right after the first diagnostics, both once returned nothing (issue 33).
    let titles: string[] = [];
    let hover = '';
    const published = await openAndFollow(uri, text, async (first) => {
      const d = first.diagnostics.find((x) => x.code === 'doubled-mark')!;
      const [actions, h] = await Promise.all([
        client.request<Array<{ title: string }>>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } }),
        client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: d.range.start }),
      ]);
      titles = actions.map((a) => a.title);
      hover = h?.contents.value ?? '';
    });
    assert.ok(titles.some((t) => /^Replace with/.test(t)), JSON.stringify(titles));
    assert.match(hover, /doubled-mark/);
    assert.match(hover, /\nWrite: Paragraph 4\d has a slip`,` here\./, hover);
    assert.ok(published.length >= 2, `the window is published before the end (${published.length} publications)`);
    assert.deepEqual(slipLines(published[0]), [lineOf(40), lineOf(42)], 'the first publication holds the window, and only it');
    assert.deepEqual(slipLines(published.at(-1)!), slips.map(lineOf), 'the complete analysis holds the rest');
  });

  it('without the notification (other editors): the first screen first', async () => {
    const slips = [0, 2, 75];
    const { text, lineOf } = documentWithSlips(80, slips);
    const published = await openAndFollow('file:///tmp/puncteme-visible-top.md', text);
    assert.ok(published.length >= 2, `the first screen is published before the end (${published.length} publications)`);
    assert.deepEqual(slipLines(published[0]), [lineOf(0), lineOf(2)]);
    assert.deepEqual(slipLines(published.at(-1)!), slips.map(lineOf));
  });
});
