/**
 * How long a small document's diagnostics wait behind other work in the language server (issue #36 goal: ≤ 1 s), and
 * how soon code actions answer for the diagnostics of a long analysis still running. Each scenario runs on a fresh
 * server per checkout, the checkouts interleaved scenario by scenario.
 *
 *   npx tsx scripts/bench-lsp-blocking.ts [--only WORDS,…] ROOT[=LABEL] …   (ROOT/server/out/lsp/server.js is started;
 *   --only runs the scenarios whose names contain one of the words)
 */
import * as path from 'path';
import { LspClient } from '../test/lsp/lspClient';
import { SHAPES, prose, unpunctuatedWords } from '../test/stress/shapes';

/** A long Markdown document: `paragraphs` paragraphs of about 100 words, none alike (no cache answers for them). */
function longDocument(paragraphs: number, seed: number): string {
  return Array.from({ length: paragraphs }, (_, i) => prose(100, seed * 1000 + i)).join('\n\n') + '\n';
}

/** A small document with one sure finding (a doubled comma) and a model finding or two. */
function smallDocument(i: number): string {
  return `Small note ${i}: the meeting is on Tuesday,, and the report which we wrote is ready. When it rained we stayed home.\n`;
}

async function started(module: string): Promise<LspClient> {
  const client = new LspClient({ module });
  await client.initialize(null);
  await client.waitFor(() => client.statuses.some((s) => s.state === 'ready' && !s.uri), 120_000, 'models loaded');
  return client;
}

/** Milliseconds from opening a small document to its first diagnostics. */
async function smallLatency(client: LspClient, i: number): Promise<number> {
  const uri = `file:///tmp/small-${i}.md`;
  const n = client.published.length;
  const t0 = performance.now();
  await client.open(uri, 'markdown', smallDocument(i));
  await client.waitFor(() => client.published.slice(n).find((p) => p.uri === uri), 300_000, `diagnostics for ${uri}`);
  return performance.now() - t0;
}

const SCENARIOS: Record<string, (client: LspClient) => Promise<string>> = {
  /** A 20,000-word document is being analysed; a small one is opened 300 ms later. */
  async 'small document behind a long one'(client) {
    await client.open('file:///tmp/long.md', 'markdown', longDocument(200, 1));
    await new Promise((r) => setTimeout(r, 300));
    return `${(await smallLatency(client, 1)).toFixed(0)} ms`;
  },
  /** A paragraph of 50,000 words joined by ", " is being analysed; a small document is opened 2 s later. */
  async 'small document behind 50,000 words joined by ", "'(client) {
    await client.open('file:///tmp/commas.txt', 'plaintext', SHAPES.commaWords.make(50_000, 5));
    await new Promise((r) => setTimeout(r, 2000));
    return `${(await smallLatency(client, 4)).toFixed(0)} ms`;
  },
  /** `restore` on 5,000 words is running; a small document is opened 300 ms later. */
  async 'small document behind restore (5,000 words)'(client) {
    const restoring = client.request('workspace/executeCommand', { command: 'puncteme.server.restore', arguments: [unpunctuatedWords(5000, 7)] }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    const ms = await smallLatency(client, 2);
    const t0 = performance.now();
    await restoring;
    return `${ms.toFixed(0)} ms (restore answered ${((performance.now() - t0 + ms + 300) / 1000).toFixed(1)} s after it was asked)`;
  },
  /** `explain` on 5,000 words is running; a small document is opened 300 ms later. */
  async 'small document behind explain (5,000 words)'(client) {
    const explaining = client.request('workspace/executeCommand', { command: 'puncteme.server.explain', arguments: [prose(5000, 9)] }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));
    const ms = await smallLatency(client, 3);
    await explaining;
    return `${ms.toFixed(0)} ms`;
  },
  /** A 20,000-word document with a sure finding first is opened; a code action is asked for it as soon as it is shown. */
  async 'first code action on a long document'(client) {
    const uri = 'file:///tmp/long-actions.md';
    const n = client.published.length;
    const t0 = performance.now();
    await client.open(uri, 'markdown', 'The start is near,, they said.\n\n' + longDocument(200, 2));
    const p = await client.waitFor(() => client.published.slice(n).find((x) => x.uri === uri && x.diagnostics.some((d) => d.source === 'puncteme' && d.code !== 'analysis-truncated')), 300_000, 'diagnostics');
    const d = p.diagnostics.find((x) => x.code !== 'analysis-truncated')!;
    const actions = await client.request<unknown[]>('textDocument/codeAction', { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
    return `${((performance.now() - t0) / 1000).toFixed(1)} s after opening: ${actions.length} action(s)`;
  },
};

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const only = args[0] === '--only' ? new Set(args.splice(0, 2)[1].split(',')) : undefined;
  const roots = args.map((a) => {
    const [root, label] = a.split('=');
    return { module: path.join(path.resolve(root), 'server/out/lsp/server.js'), label: label ?? root };
  });
  console.log(`| scenario | ${roots.map((r) => r.label).join(' | ')} |`);
  console.log(`| --- | ${roots.map(() => '---').join(' | ')} |`);
  for (const [name, run] of Object.entries(SCENARIOS)) {
    if (only && ![...only].some((o) => name.includes(o))) continue;
    const cells: string[] = [];
    for (const { module } of roots) {
      const client = await started(module);
      try {
        cells.push(await run(client));
      } catch (e) {
        cells.push(`failed: ${(e as Error).message.slice(0, 80)}`);
      } finally {
        await client.shutdown();
      }
    }
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
}

void main();
