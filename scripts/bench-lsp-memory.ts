/**
 * Where the language server's memory goes. Runs the bundled analysis worker (dist/analysisWorker.js, `npm run
 * bundle` first) the way the server does — a worker thread with the server's resource limits and V8 flags
 * (EngineClient) — and drives it through the benchmark document of bench:lsp and its edits, printing after each stage
 * the process RSS and the worker's V8 heap, then the size of each parser lookup table. With `--snapshot FILE` it also
 * writes the worker's heap snapshot (open it in Chrome DevTools, or any heap-snapshot reader).
 *
 *   npx tsx scripts/bench-lsp-memory.ts [--edits 20] [--snapshot /tmp/worker.heapsnapshot]
 *
 * RSS here includes tsx's own ~30 MB on the main thread; bench:lsp measures the real server.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { EngineClient } from '../server/src/lsp/engineClient';
import { readModel } from '../server/src/parser/modelFile';
import { defaultModelDir } from '../server/src/engine';
import { buildDocument, editPosition } from '../test/lsp/benchDocument';

const { values } = parseArgs({ options: { edits: { type: 'string' }, snapshot: { type: 'string' }, words: { type: 'string' } } });
const MB = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

function rssBytes(): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;
}

async function main(): Promise<void> {
  const worker = path.resolve(__dirname, '../dist/analysisWorker.js');
  if (!fs.existsSync(worker)) throw new Error(`no ${worker}: run \`npm run bundle\` first`);
  process.env.PUNCTEME_MODEL_DIR ??= defaultModelDir();
  let ready!: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const engine = new EngineClient({ ready: () => ready(), loadError: (m) => console.error(m), log: (m) => console.error(m) }, worker);
  const stage = async (name: string) => {
    const s = await engine.stats();
    console.log(`${name.padEnd(8)} RSS ${MB(rssBytes())} MB, worker V8 heap ${MB(s.workerHeapBytes)} MB, worker typed arrays ${MB(s.workerArrayBufferBytes)} MB`);
  };
  console.log(`${'start'.padEnd(8)} RSS ${MB(rssBytes())} MB`);
  // The server's connection keeps the process alive while the (unref'd) worker works; here a timer does.
  const alive = setInterval(() => {}, 1000);
  engine.start();
  await isReady;
  await stage('ready');
  const text = buildDocument(Number(values.words ?? 5000));
  const lint = (t: string) => engine.lint(t, 'markdown', {}, Infinity).result;
  await lint(text);
  await stage('open');
  const lines = text.split('\n');
  const edits = Number(values.edits ?? 20);
  const edited = [...lines];
  for (let e = 0; e < edits; e++) {
    const { line, character } = editPosition(lines, e, edits);
    edited[line] = edited[line].slice(0, character) + ',' + edited[line].slice(character);
    await lint(edited.join('\n'));
  }
  await stage('edits');
  if (values.snapshot) {
    await engine.writeHeapSnapshot(values.snapshot);
    console.log(`wrote the worker's heap snapshot to ${values.snapshot}`);
  }
  await engine.stop();
  clearInterval(alive);
  const m = readModel(path.join(process.env.PUNCTEME_MODEL_DIR, 'parser.bin'));
  let total = 0;
  for (const [name, s] of Object.entries(m.scorers)) {
    total += s.layoutBytes;
    console.log(`parser ${name.padEnd(12)} ${String(s.nClasses).padStart(3)} classes, ${s.entries} weights: ${MB(s.layoutBytes)} MB`);
  }
  console.log(`parser lookup tables: ${MB(total)} MB`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
