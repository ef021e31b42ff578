/**
 * Costs of the issue-36 checks, for BENCHMARKS.md ("Reliability and security: what a pull request plants"):
 *
 *   npx tsx scripts/bench-trust.ts collect DIR [--module PATH/collect.ts] [--runs 5]
 *     time to collect the files under DIR (the directory walk, ignore files, link checks); --module times another
 *     checkout's collect.ts instead, for a side-by-side comparison;
 *   npx tsx scripts/bench-trust.ts models [--runs 5]
 *     time of the manifest check (size and SHA-256 of every model file) beside the time to load the models;
 *   npx tsx scripts/bench-trust.ts damage
 *     every shipped model file removed, truncated to half, and with one byte changed in its middle, in a copy of the
 *     model directory: how many of these damaged directories the engine refuses, naming the file and its state.
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
    const { checkModelFiles } = await import('../server/src/data/modelIntegrity');
    const { defaultModelDir, loadEngineParts } = await import('../server/src/engine');
    const dir = defaultModelDir();
    const t0 = performance.now();
    checkModelFiles(dir, true); // sizes only: each file is hashed when it is read
    const check = performance.now() - t0;
    const t1 = performance.now();
    loadEngineParts(dir); // checks again, loads, and hashes what it loads
    const load = performance.now() - t1;
    const again: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      checkModelFiles(dir, true);
      again.push(performance.now() - t);
    }
    process.stdout.write(`models ${dir}: first check ${check.toFixed(0)} ms, loading ${load.toFixed(0)} ms, later checks median ${median(again).toFixed(2)} ms\n`);
  } else if (mode === 'damage') {
    const fs = await import('fs');
    const os = await import('os');
    const { loadEngineParts, defaultModelDir } = await import('../server/src/engine');
    const { loadPunctTagger } = await import('../server/src/restore/punctTagger');
    const { loadCommaModel } = await import('../server/src/restore/commaModel');
    const { loadBoundaryModel } = await import('../server/src/restore/boundaries');
    const { ModelFileError } = await import('../server/src/data/modelIntegrity');
    // Each file's bytes are checked when it is read: read what a lint reads at start, then what the learned decision
    // and restoration read when first asked.
    const problemOf = (dir: string) => {
      const parts = loadEngineParts(dir);
      if (parts.modelError) return parts.modelError;
      try {
        void parts.scorer;
        void parts.kinds?.gaps;
        loadPunctTagger(dir);
        loadCommaModel(dir);
        loadBoundaryModel(dir);
      } catch (e) {
        if (e instanceof ModelFileError) return e;
        throw e;
      }
      return undefined;
    };
    const { MANIFEST_FILE } = await import('../server/src/data/modelIntegrity');
    const shipped = defaultModelDir();
    const manifest = JSON.parse(fs.readFileSync(path.join(shipped, MANIFEST_FILE), 'utf8')) as { files: Record<string, { optional?: boolean }> };
    const names = fs.readdirSync(shipped).filter((n) => n !== MANIFEST_FILE);
    const damages: Record<string, (b: Buffer) => Buffer | undefined> = {
      removed: () => undefined,
      truncated: (b) => b.subarray(0, b.length >> 1),
      'one byte changed': (b) => {
        const c = Buffer.from(b);
        c[c.length >> 1] ^= 0x01;
        return c;
      },
    };
    let cases = 0;
    let refused = 0;
    for (const name of names) {
      for (const [damage, apply] of Object.entries(damages)) {
        // An optional file (not shipped, not loaded at run time) may be absent; damaged, it is still refused.
        if (damage === 'removed' && manifest.files[name]?.optional) continue;
        const root = fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-damage-'));
        const dir = path.join(root, 'models/en');
        fs.mkdirSync(dir, { recursive: true });
        for (const n of fs.readdirSync(shipped)) fs.symlinkSync(path.join(shipped, n), path.join(dir, n));
        fs.rmSync(path.join(dir, name));
        const damaged = apply(fs.readFileSync(path.join(shipped, name)));
        if (damaged) fs.writeFileSync(path.join(dir, name), damaged);
        const e = problemOf(dir);
        const right = !!e && e.file === path.join(dir, name) && e.state === (damage === 'removed' ? 'missing' : 'corrupt');
        cases++;
        if (right) refused++;
        else process.stdout.write(`NOT REFUSED as expected: ${name} ${damage}: ${e?.message ?? 'loaded'}\n`);
        fs.rmSync(root, { recursive: true, force: true });
      }
    }
    process.stdout.write(`damage: ${refused} of ${cases} damaged model directories refused, naming the file and its state\n`);
  } else {
    process.stderr.write('usage: bench-trust.ts collect DIR [--module PATH] | models | damage\n');
    process.exitCode = 2;
  }
}

void main();
