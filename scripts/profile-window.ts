/**
 * Where the time goes between a long document's `didOpen` and its window's first diagnostics, in one process: the
 * analysis worker's steps for the visible part (`extractProsePart`, then `lintSteps` over it with the document's
 * estimated decisions, as `lsp/analysisWorker.ts` runs them) on `bench:lsp`'s 5,090-word Markdown document and its
 * 50-row window, after the worker's warm-up. Prints each stage's CPU time and a CPU profile of the window's lint.
 *
 *   npx tsx scripts/profile-window.ts [--window-at 0] [--top 40] [--out FILE.cpuprofile] [--no-warm-up]
 */
import * as fs from 'fs';
import * as inspector from 'inspector';
import * as path from 'path';
import { parseArgs } from 'util';
import { buildDocument } from '../test/lsp/benchDocument';
import { EngineHost } from '../server/src/lsp/engineHost';
import { warmUp } from '../server/src/lsp/warmUp';
import { ParagraphCache, extractProse, extractProsePart, lintSteps, runSteps } from '../server/src/prose';
import { estimatedDocumentWide } from '../server/src/prose/documentOptions';
import { Profile, post, summarise } from '../server/research/profileLint';

const { values: opt } = parseArgs({
  options: {
    'window-at': { type: 'string', default: '0' },
    top: { type: 'string', default: '40' },
    out: { type: 'string' },
    'no-warm-up': { type: 'boolean', default: false },
    // Lint this many EWT test sentences after the warm-up (is the window slow because the engine is still cold?).
    'more-warm-up': { type: 'string', default: '0' },
  },
});

/** bench-lsp.ts's window: 50 rows of 120 columns from line `first`, long lines wrapped. */
function windowRange(text: string, first: number): [number, number] {
  const lines = text.split('\n');
  let rows = 0;
  let end = lines.length;
  for (let i = first; i < lines.length; i++) {
    rows += Math.max(1, Math.ceil(lines[i].length / 120));
    if (rows >= 50) {
      end = i + 1;
      break;
    }
  }
  const offsetOf = (line: number) => lines.slice(0, line).reduce((n, l) => n + l.length + 1, 0);
  return [offsetOf(first), offsetOf(end) - 1];
}

const cpu = (c0: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
};

async function main(): Promise<void> {
  const text = buildDocument(5000, true);
  const range = windowRange(text, Math.floor(Number(opt['window-at']) * text.split('\n').length));
  let c0 = process.cpuUsage();
  const host = new EngineHost();
  const linter = await host.load();
  console.log(`models loaded: ${cpu(c0).toFixed(0)} ms CPU`);
  if (!opt['no-warm-up']) {
    c0 = process.cpuUsage();
    warmUp(linter);
    console.log(`warm-up: ${cpu(c0).toFixed(0)} ms CPU`);
  }
  const more = Number(opt['more-warm-up']);
  if (more) {
    const test = fs.readFileSync(path.resolve(__dirname, '../../shared/data/ud-english-ewt/en_ewt-ud-test.conllu'), 'utf8');
    const extra = test.split('\n').filter((l) => l.startsWith('# text = ')).map((l) => l.slice(9)).slice(0, more);
    const chunks: string[] = [];
    for (let i = 0; i < extra.length; i += 30) {
      c0 = process.cpuUsage();
      for (const t of extra.slice(i, i + 30)) linter.lint(t);
      chunks.push((cpu(c0) / Math.min(30, extra.length - i)).toFixed(1));
    }
    console.log(`${more} more sentences, ms CPU a sentence by 30s: ${chunks.join(' ')}`);
  }
  const session = new inspector.Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.setSamplingInterval', { interval: 200 });
  await post(session, 'Profiler.start');
  c0 = process.cpuUsage();
  const part = extractProsePart(text, 'markdown', range)!;
  const wide = estimatedDocumentWide(text, {});
  const extractMs = cpu(c0);
  c0 = process.cpuUsage();
  const cache = new ParagraphCache();
  const found = runSteps(lintSteps(linter, text, part, {}, cache, { documentWide: wide }));
  const windowMs = cpu(c0);
  const { profile } = await post<{ profile: Profile }>(session, 'Profiler.stop');
  const words = text.slice(range[0], range[1]).split(/\s+/).filter(Boolean).length;
  console.log(`window: ${words} words, ${part.blocks.length} blocks; extract ${extractMs.toFixed(0)} ms CPU, lint ${windowMs.toFixed(0)} ms CPU, ${found.length} findings`);
  summarise(profile, Number(opt.top));
  if (opt.out) fs.writeFileSync(opt.out, JSON.stringify(profile));
  c0 = process.cpuUsage();
  const whole = extractProse(text, 'markdown');
  const wholeExtractMs = cpu(c0);
  c0 = process.cpuUsage();
  const all = runSteps(lintSteps(linter, text, whole, {}, cache, { firstRange: range }));
  console.log(`whole: extract ${wholeExtractMs.toFixed(0)} ms CPU, lint ${cpu(c0).toFixed(0)} ms CPU (window's paragraphs cached), ${all.length} findings`);
  session.disconnect();
}

void main();
