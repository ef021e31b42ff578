/**
 * Costs of the issue-36 checks, for BENCHMARKS.md ("Reliability and security: what a pull request plants"):
 *
 *   npx tsx scripts/bench-trust.ts collect DIR [--module PATH/collect.ts] [--runs 5]
 *     time to collect the files under DIR (the directory walk, ignore files, link checks); --module times another
 *     checkout's collect.ts instead, for a side-by-side comparison;
 *   npx tsx scripts/bench-trust.ts models [--runs 5]
 *     time of the manifest check (size and SHA-256 of every model file) beside the time to load the models.
 */
import * as path from 'path';
import { performance } from 'perf_hooks';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const runs = Number(option('runs', '5'));

async function main(): Promise<void> {
  const mode = process.argv[2];
  if (mode === 'collect') {
    const dir = path.resolve(process.argv[3] ?? '.');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { collectFiles } = require(path.resolve(option('module', path.join(__dirname, '../server/src/cli/files/collect.ts'))));
    const times: number[] = [];
    let files = 0;
    let notes = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const r = collectFiles(['.'], { cwd: dir, configDir: dir });
      times.push(performance.now() - t0);
      files = r.files.length;
      notes = r.notes.length;
    }
    process.stdout.write(`collect ${dir}: ${files} files, ${notes} notes; median ${median(times).toFixed(1)} ms of ${runs} runs (${times.map((t) => t.toFixed(0)).join(', ')})\n`);
  } else if (mode === 'models') {
    const { checkModelFiles } = await import('../server/src/engine/modelIntegrity');
    const { defaultModelDir, loadEngineParts } = await import('../server/src/engine');
    const dir = defaultModelDir();
    const t0 = performance.now();
    checkModelFiles(dir, true); // the first check in a process hashes every file
    const check = performance.now() - t0;
    const t1 = performance.now();
    loadEngineParts(dir); // checks again (remembered: no hashing) and loads
    const load = performance.now() - t1;
    const again: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      checkModelFiles(dir, true);
      again.push(performance.now() - t);
    }
    process.stdout.write(`models ${dir}: first check ${check.toFixed(0)} ms, loading ${load.toFixed(0)} ms, later checks median ${median(again).toFixed(2)} ms\n`);
  } else {
    process.stderr.write('usage: bench-trust.ts collect DIR [--module PATH] | models\n');
    process.exitCode = 2;
  }
}

void main();
