/**
 * `npm run bench:speed`: Puncteme against harper.js, side by side in one run (issue 37). The machine these run on is
 * shared and noisy, so every figure is paired: each run lints the corpus with Puncteme and then with harper.js, runs
 * alternate, and the ratio of each pair is reported with the min/median/max of both systems' own figures.
 *
 *   - time per sentence, wall and CPU (one thread, the engine API against harper.js's LocalLinter, warm: models
 *     loaded, every run on fresh linters of both, with Puncteme's parser memo emptied, so that neither remembers
 *     anything between runs: harper.js caches the lints of each text it has seen), on the sentences of EWT test one call each and on the held-out tenth of edited-english
 *     (documents with index % 10 == 9) one paragraph a call;
 *   - cold start of both as command line programs: `puncteme lint FILE` against the least harper.js program that
 *     lints a file (`bench-speed-harper-cli.mjs`; harper.js ships no CLI), one sentence, whole process (wall; with
 *     /usr/bin/time, CPU and peak RSS too);
 *   - the language server (`scripts/bench-lsp.ts --json`, 5,000 words): edit → diagnostics p50/p95 and RSS
 *     (harper.js has no language server in node_modules to set beside it).
 *
 *   npx tsx scripts/bench-speed.ts [--runs 3] [--limit N] [--cold 5] [--no-lsp] [--no-cold] [--out FILE]
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../server/src/data/treebank';
import { loadEngineParts, makeLinter } from '../server/src/engine';
import { tokenizeText } from '../server/src/tokenize';
import { readEditedEnglish } from '../server/research/editedEnglish';

const ROOT = path.resolve(__dirname, '..');
const EWT_TEST = path.resolve(ROOT, '../shared/data/ud-english-ewt/en_ewt-ud-test.conllu');
const BIN = path.join(ROOT, 'server/bin/puncteme.js');
const HARPER_CLI = path.join(__dirname, 'bench-speed-harper-cli.mjs');
const GNU_TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

const { values: opt } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    limit: { type: 'string' },
    cold: { type: 'string', default: '5' },
    'no-lsp': { type: 'boolean' },
    'no-cold': { type: 'boolean' },
    out: { type: 'string' },
  },
});
const RUNS = Number(opt.runs);
const LIMIT = opt.limit ? Number(opt.limit) : Infinity;

const importEsm = new Function('s', 'return import(s)') as (s: string) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => {
  const s = sorted(xs);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const spread = (xs: number[]) => ({ min: r3(Math.min(...xs)), median: r3(median(xs)), max: r3(Math.max(...xs)) });
const show = (s: { min: number; median: number; max: number }) => `${s.median} (${s.min}–${s.max})`;

interface Pass {
  wallMs: number;
  cpuMs: number;
  findings: number;
}

async function timed(run: () => Promise<number> | number): Promise<Pass> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const findings = await run();
  const wallMs = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wallMs, cpuMs: (c.user + c.system) / 1000, findings };
}

interface Corpus {
  name: string;
  texts: string[];
  sentences: number;
}

function corpora(): Corpus[] {
  const ewt = readTreebank(EWT_TEST).sentences.map((s) => s.text ?? '').filter((t) => t.trim() !== '').slice(0, LIMIT);
  const edited = readEditedEnglish(undefined, ['heldout']).flatMap((d) => d.paragraphs).slice(0, LIMIT);
  // Sentences as Puncteme's tokenizer splits the paragraphs: the same denominator for both systems.
  const editedSentences = edited.reduce((n, p) => n + tokenizeText(p).length, 0);
  return [
    { name: 'EWT test (one sentence a call)', texts: ewt, sentences: ewt.length },
    { name: 'edited-english held out (one paragraph a call)', texts: edited, sentences: editedSentences },
  ];
}

/** The parser remembers parses by sentence (an editor re-lints unchanged sentences); a benchmark run must not. */
function forgetParses(analyser: unknown): void {
  const memo = (analyser as { memo?: Map<unknown, unknown> }).memo;
  if (memo instanceof Map) memo.clear();
}

function coldStart(file: string, n: number) {
  const rows: Record<'puncteme' | 'harper', Array<{ wall: number; cpu?: number; rssMB?: number }>> = { puncteme: [], harper: [] };
  const commands = {
    puncteme: [process.execPath, BIN, 'lint', '--format', 'json', '--quiet', file],
    harper: [process.execPath, HARPER_CLI, file],
  };
  const timeFile = path.join(os.tmpdir(), `bench-speed-time-${process.pid}.txt`);
  for (let k = 0; k <= n; k++) {
    for (const who of ['puncteme', 'harper'] as const) {
      const cmd = commands[who];
      const t0 = performance.now();
      const r = GNU_TIME ? spawnSync(GNU_TIME, ['-f', '%U %S %M', '-o', timeFile, ...cmd], { encoding: 'utf8' }) : spawnSync(cmd[0], cmd.slice(1), { encoding: 'utf8' });
      const wall = (performance.now() - t0) / 1000;
      if (r.status !== 0 && r.status !== 1) throw new Error(`${who} failed (${r.status}): ${r.stderr}`);
      if (k === 0) continue; // the warm-up fills the page cache for both
      const row: { wall: number; cpu?: number; rssMB?: number } = { wall };
      if (GNU_TIME) {
        const [u, s, m] = fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
        row.cpu = u + s;
        row.rssMB = m / 1024;
      }
      rows[who].push(row);
    }
  }
  fs.rmSync(timeFile, { force: true });
  const of = (who: 'puncteme' | 'harper') => ({
    wallS: spread(rows[who].map((r) => r.wall)),
    ...(GNU_TIME ? { cpuS: spread(rows[who].map((r) => r.cpu!)), peakRssMB: spread(rows[who].map((r) => r.rssMB!)) } : {}),
  });
  return { runs: n, puncteme: of('puncteme'), harper: of('harper'), wallRatio: spread(rows.puncteme.map((r, i) => r.wall / rows.harper[i].wall)) };
}

function lspBench() {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'bench-lsp.ts'), '--json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`bench-lsp failed (${r.status}): ${r.stderr}`);
  const j = JSON.parse(r.stdout.trim().split('\n').pop()!) as {
    modelsReadyMs: number;
    openToDiagnosticsMs: number;
    editToDiagnosticsMs: { p50: number; p95: number };
    editAnalysisMs: { p50: number; p95: number };
    rssMB: number;
    peakRssMB?: number;
  };
  return { modelsReadyMs: j.modelsReadyMs, openToDiagnosticsMs: j.openToDiagnosticsMs, editToDiagnosticsMs: j.editToDiagnosticsMs, editAnalysisMs: j.editAnalysisMs, rssMB: j.rssMB, peakRssMB: j.peakRssMB };
}

async function main(): Promise<void> {
  const started = new Date().toISOString();
  const load0 = os.loadavg()[0];
  const t0 = performance.now();
  const parts = loadEngineParts();
  const punctemeLoadMs = performance.now() - t0;
  if (parts.modelError) throw parts.modelError;
  const harper = await importEsm('harper.js');
  const { binaryInlined } = await importEsm('harper.js/binaryInlined');
  // harper.js remembers the lints of every text a linter has seen (a second pass over the same sentences costs a
  // twentieth of the first), so each run gets a fresh linter too, set up outside the timed pass.
  const freshHarper = async () => {
    const linter = new harper.LocalLinter({ binary: binaryInlined, dialect: harper.Dialect.American });
    await linter.setup();
    await linter.lint('A sentence to set the linter up, outside the timed pass.', { language: 'plaintext' });
    return linter;
  };
  const t1 = performance.now();
  await freshHarper();
  const harperSetupMs = performance.now() - t1;

  const corpusResults = [];
  for (const corpus of corpora()) {
    const p: Pass[] = [];
    const h: Pass[] = [];
    // One unmeasured pass of each first: JIT compilation and harper's lazily built tables.
    for (let k = 0; k <= RUNS; k++) {
      forgetParses(parts.analyser);
      const linter = makeLinter(parts);
      const harperLinter = await freshHarper();
      const pp = await timed(() => corpus.texts.reduce((n, t) => n + linter.lint(t).length, 0));
      const hh = await timed(async () => {
        let n = 0;
        for (const t of corpus.texts) n += (await harperLinter.lint(t, { language: 'plaintext' })).length;
        return n;
      });
      if (k > 0) {
        p.push(pp);
        h.push(hh);
      }
    }
    const perSentence = (xs: Pass[], k: 'wallMs' | 'cpuMs') => spread(xs.map((x) => x[k] / corpus.sentences));
    const row = {
      corpus: corpus.name,
      calls: corpus.texts.length,
      sentences: corpus.sentences,
      runs: RUNS,
      punctemeMsPerSentence: { wall: perSentence(p, 'wallMs'), cpu: perSentence(p, 'cpuMs') },
      harperMsPerSentence: { wall: perSentence(h, 'wallMs'), cpu: perSentence(h, 'cpuMs') },
      ratio: { wall: spread(p.map((x, i) => x.wallMs / h[i].wallMs)), cpu: spread(p.map((x, i) => x.cpuMs / h[i].cpuMs)) },
      findings: { puncteme: p[0].findings, harper: h[0].findings },
    };
    corpusResults.push(row);
    console.log(`${row.corpus}: ${row.calls} calls, ${row.sentences} sentences, ${RUNS} alternating runs`);
    console.log(`  ms per sentence, wall   Puncteme ${show(row.punctemeMsPerSentence.wall)}   harper.js ${show(row.harperMsPerSentence.wall)}   ratio ${show(row.ratio.wall)}`);
    console.log(`  ms per sentence, CPU    Puncteme ${show(row.punctemeMsPerSentence.cpu)}   harper.js ${show(row.harperMsPerSentence.cpu)}   ratio ${show(row.ratio.cpu)}`);
    console.log(`  findings                Puncteme ${row.findings.puncteme}   harper.js ${row.findings.harper} (all of harper's lints, not only punctuation)`);
  }
  console.log(`in-process load: Puncteme models ${punctemeLoadMs.toFixed(0)} ms, harper.js setup ${harperSetupMs.toFixed(0)} ms`);

  let cold;
  if (!opt['no-cold']) {
    const file = path.join(os.tmpdir(), `bench-speed-${process.pid}.txt`);
    fs.writeFileSync(file, 'However the committee which met on Tuesday did not reach a decision, and the vote was postponed.\n');
    cold = coldStart(file, Number(opt.cold));
    fs.rmSync(file, { force: true });
    console.log(`cold start, one sentence, whole process (${cold.runs} alternating runs after a warm-up):`);
    console.log(`  wall s     Puncteme ${show(cold.puncteme.wallS)}   harper.js ${show(cold.harper.wallS)}   ratio ${show(cold.wallRatio)}`);
    if (cold.puncteme.cpuS) console.log(`  CPU s      Puncteme ${show(cold.puncteme.cpuS)}   harper.js ${show(cold.harper.cpuS!)}`);
    if (cold.puncteme.peakRssMB) console.log(`  peak RSS   Puncteme ${show(cold.puncteme.peakRssMB)} MB   harper.js ${show(cold.harper.peakRssMB!)} MB`);
  }
  let lsp;
  if (!opt['no-lsp']) {
    lsp = lspBench();
    console.log(`language server, 5,000 words: edit → diagnostics p50 ${lsp.editToDiagnosticsMs.p50} ms, p95 ${lsp.editToDiagnosticsMs.p95} ms (analysis p50 ${lsp.editAnalysisMs.p50}, p95 ${lsp.editAnalysisMs.p95} ms); models ready ${lsp.modelsReadyMs} ms; RSS ${lsp.rssMB} MB (peak ${lsp.peakRssMB} MB)`);
  }
  const loads = [load0, os.loadavg()[0]].map((x) => Math.round(x * 10) / 10);
  console.log(`load average (1 min) before and after: ${loads.join(', ')} on ${os.availableParallelism()} cores`);
  if (opt.out) fs.writeFileSync(opt.out, JSON.stringify({ started, loadAverage: loads, punctemeLoadMs, harperSetupMs, corpora: corpusResults, cold, lsp }, null, 2) + '\n');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
