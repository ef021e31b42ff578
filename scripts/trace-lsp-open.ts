/**
 * `npx tsx scripts/trace-lsp-open.ts [--module dist/server.js] [--words 5000] [--window-at 0]`: where the time goes
 * between `didOpen` and the visible part's diagnostics. Starts the language server with PUNCTEME_TRACE (its
 * `puncteme trace` log lines, `server/src/lsp/trace.ts`), opens the bench:lsp document once the models are ready,
 * sends the window as the VS Code client does, and prints a timeline from didOpen: the server's and the worker's
 * events and each publication as the client received it (with its diagnostics inside the window).
 */
import { parseArgs } from 'util';
import { VISIBLE_RANGES_NOTIFICATION } from '../server/src/protocol';
import { LspClient } from '../test/lsp/lspClient';
import { buildDocument } from '../test/lsp/benchDocument';

const { values } = parseArgs({ options: { module: { type: 'string' }, words: { type: 'string' }, 'window-at': { type: 'string' }, 'open-at-once': { type: 'boolean' } } });
const now = () => performance.timeOrigin + performance.now();

async function main(): Promise<void> {
  const text = buildDocument(Number(values.words ?? 5000), true);
  const lines = text.split('\n');
  const first = Math.floor(Number(values['window-at'] ?? 0) * lines.length);
  let rows = 0;
  let end = first;
  while (end < lines.length && rows < 50) rows += Math.max(1, Math.ceil(lines[end++].length / 120));
  const events: Array<[number, string]> = [];
  const t0 = now();
  const client = new LspClient({ module: values.module ?? 'dist/server.js', env: { PUNCTEME_TRACE: '1' } });
  client.conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: Array<{ range: { start: { line: number } } }> }) => {
    const inWindow = p.diagnostics.filter((d) => d.range.start.line >= first && d.range.start.line < end).length;
    events.push([now(), `client: publishDiagnostics ${p.diagnostics.length} (${inWindow} in the window)`]);
  });
  await client.initialize(null);
  events.push([now(), 'client: initialized']);
  // --open-at-once: the document opens right after initialize, as an editor that restores its tabs does.
  if (!values['open-at-once']) await client.waitFor(() => client.statuses.find((s) => !s.uri && s.state === 'ready'), 120000, 'models');
  const uri = 'file:///bench/document.md';
  await client.notify(VISIBLE_RANGES_NOTIFICATION, { uri, ranges: [{ start: { line: first, character: 0 }, end: { line: end - 1, character: lines[end - 1].length } }] });
  const tOpen = now();
  events.push([tOpen, `client: didOpen (window lines ${first}–${end - 1})`]);
  await client.open(uri, 'markdown', text, 1);
  await client.waitFor(() => client.statuses.find((s) => s.uri === uri && s.state === 'ready'), 300000, 'complete analysis');
  await client.shutdown();
  for (const l of client.logs.join('\n').split('\n')) {
    const m = /puncteme trace (\d+\.\d+) (.*)/.exec(l);
    if (m) events.push([Number(m[1]), m[2]]);
  }
  events.sort((a, b) => a[0] - b[0]);
  for (const [t, e] of events) console.log(`${(t - tOpen).toFixed(0).padStart(7)} ms  ${e}`);
  console.log(`(start to didOpen ${(tOpen - t0).toFixed(0)} ms)`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
