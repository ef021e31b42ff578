/**
 * CLI benchmark (`npm run bench:cli -- [--out FILE] [--keep]`): files/s and sentences/s of `puncteme lint` on a
 * generated repository of ~1,000 Markdown pages of EWT train text, with 1 and 2 worker threads, cold (empty cache)
 * and cached (second run, nothing changed); then the same files through harper.js (markdown mode, one thread) in
 * the same run. Each Puncteme figure is a whole process, as CI runs it: start-up, model loading, walking, output.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseArgs } from 'util';
import { createLinter } from '../server/src/engine';
import { formatTable } from '../server/src/cli/table';
import { makeBenchRepo } from './bench-cli-repo';

const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'server/bin/puncteme.js');
const EWT_TRAIN = path.resolve(ROOT, '../shared/data/ud-english-ewt/en_ewt-ud-train.conllu');

const { values: opt } = parseArgs({ options: { out: { type: 'string' }, keep: { type: 'boolean' } } });

interface Row {
  system: string;
  jobs: number | string;
  cache: string;
  seconds: number;
  cpuSeconds?: number;
  /** 1-minute load average just before the run (other work on the machine). */
  load: number;
  filesPerSecond: number;
  sentencesPerSecond: number;
  findings: number;
}

const importEsm = new Function('s', 'return import(s)') as (s: string) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** GNU time, when the machine has it, adds the CPU seconds (user + system) of the whole process tree. */
const GNU_TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

function runCli(args: string[], cwd: string): { seconds: number; cpu?: number; findings: number } {
  const timeFile = path.join(cwd, 'time.txt');
  const command = [process.execPath, BIN, 'lint', '--format', 'json', '--quiet', ...args];
  const t0 = process.hrtime.bigint();
  const r = GNU_TIME
    ? spawnSync(GNU_TIME, ['-f', '%U %S', '-o', timeFile, ...command], { cwd, encoding: 'utf8', maxBuffer: 1 << 30 })
    : spawnSync(command[0], command.slice(1), { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0 && r.status !== 1) throw new Error(`puncteme lint failed (${r.status}): ${r.stderr}`);
  const reports = JSON.parse(r.stdout) as Array<{ findings: unknown[] }>;
  const cpu = GNU_TIME ? fs.readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number).reduce((a, b) => a + b, 0) : undefined;
  return { seconds, ...(cpu !== undefined ? { cpu } : {}), findings: reports.reduce((n, x) => n + x.findings.length, 0) };
}

async function harperRun(files: string[]): Promise<{ seconds: number; setup: number; findings: number }> {
  const harper = await importEsm('harper.js');
  const { binaryInlined } = await importEsm('harper.js/binaryInlined');
  const t0 = process.hrtime.bigint();
  const linter = new harper.LocalLinter({ binary: binaryInlined, dialect: harper.Dialect.American });
  await linter.setup();
  const t1 = process.hrtime.bigint();
  let findings = 0;
  for (const f of files) findings += (await linter.lint(fs.readFileSync(f, 'utf8'), { language: 'markdown' })).length;
  const t2 = process.hrtime.bigint();
  return { seconds: Number(t2 - t1) / 1e9, setup: Number(t1 - t0) / 1e9, findings };
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => path.join(dir, f));
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-bench-cli-'));
  const repo = makeBenchRepo(EWT_TRAIN, path.join(dir, 'docs'));
  const version = (await createLinter()).version;
  console.log(`repository: ${repo.files} Markdown files, ${repo.sentences} EWT train sentences, ${(repo.bytes / 1e6).toFixed(2)} MB`);
  console.log(`engine: ${version}; machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? '?'}, node ${process.version}`);
  const rows: Row[] = [];
  const row = (system: string, jobs: number | string, cache: string, seconds: number, findings: number, cpu?: number, load = 0): Row => ({
    system,
    jobs,
    cache,
    seconds,
    ...(cpu !== undefined ? { cpuSeconds: cpu } : {}),
    load,
    filesPerSecond: repo.files / seconds,
    sentencesPerSecond: repo.sentences / seconds,
    findings,
  });
  for (const jobs of [1, 2]) {
    const cacheFile = path.join(dir, `cache-${jobs}.json`);
    const args = ['--jobs', String(jobs), '--cache', '--cache-location', cacheFile, 'docs'];
    for (const cache of ['cold', 'cached']) {
      const load = os.loadavg()[0];
      const r = runCli(args, dir);
      rows.push(row('puncteme lint', jobs, cache, r.seconds, r.findings, r.cpu, load));
      console.log(`  jobs ${jobs} ${cache}: ${r.seconds.toFixed(2)} s wall, ${r.cpu?.toFixed(2) ?? '?'} s CPU, load ${load.toFixed(1)}`);
    }
  }
  const load = os.loadavg()[0];
  const cpu0 = process.cpuUsage();
  const h = await harperRun(listFiles(repo.dir));
  const cpu = process.cpuUsage(cpu0);
  rows.push(row('harper.js (markdown)', 1, `none (setup ${h.setup.toFixed(2)} s excl.)`, h.seconds, h.findings, (cpu.user + cpu.system) / 1e6, load));
  console.log('');
  console.log(
    formatTable(
      ['system', 'jobs', 'cache', 'wall s', 'CPU s', 'files/s', 'sentences/s', 'findings', 'load'],
      rows.map((r) => [
        r.system,
        r.jobs,
        r.cache,
        r.seconds.toFixed(2),
        r.cpuSeconds?.toFixed(2) ?? '?',
        r.filesPerSecond.toFixed(1),
        r.sentencesPerSecond.toFixed(0),
        r.findings,
        r.load.toFixed(1),
      ]),
    ),
  );
  if (opt.out) fs.writeFileSync(opt.out, JSON.stringify({ date: new Date().toISOString(), engine: version, repo, rows }, null, 2));
  if (!opt.keep) fs.rmSync(dir, { recursive: true, force: true });
  else console.log(`kept ${dir}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
