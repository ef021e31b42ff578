// `npm test`: the suite in tiers, fastest first, each named and timed (test/tiers/tiers.json says which file is in
// which). A failing tier stops the run (`--keep-going` runs the rest anyway), so a broken unit shows in seconds
// instead of after the model tiers. `node scripts/test-tiers.mjs unit model` runs only the tiers named.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const tiers = JSON.parse(readFileSync(join(root, 'test/tiers/tiers.json'), 'utf8'));
const mocharc = JSON.parse(readFileSync(join(root, '.mocharc.json'), 'utf8'));

/** Every test file of the suite (test/e2e runs apart, in VS Code: `npm run test:e2e`). */
function testFiles(dir = join(root, 'test')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'e2e' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(root, path).split(sep).join('/')] : [];
  });
}

/** A file belongs to the first tier whose list names it or a folder above it; `"rest": true` takes the others. */
export function assignTiers(files) {
  const byTier = new Map(tiers.map((t) => [t.name, []]));
  for (const file of files.sort()) {
    const tier = tiers.find((t) => (t.files ?? []).some((f) => file === f || (f.endsWith('/') && file.startsWith(f)))) ?? tiers.find((t) => t.rest);
    byTier.get(tier.name).push(file);
  }
  return byTier;
}

function runTier(tier, files) {
  const args = ['--no-config', '--extension', 'ts', '--timeout', String(mocharc.timeout), '--reporter', mocharc.reporter];
  for (const r of [...mocharc.require, ...(tier.require ?? [])]) args.push('--require', r);
  const started = process.hrtime.bigint();
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/mocha/bin/mocha.js'), ...args, ...files], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString()).slice(-20000);
    });
    child.on('close', (code) => {
      const count = (word) => Number(tail.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
      done({ code, passed: count('passing'), failed: count('failing'), pending: count('pending'), seconds: Number(process.hrtime.bigint() - started) / 1e9 });
    });
  });
}

// Many tests read UD English EWT beside the checkout (never copied into it): without it they would stop the run with
// a stack trace at load, so say what is missing instead.
const ewtDev = resolve(root, '..', 'shared', 'data', 'ud-english-ewt', 'en_ewt-ud-dev.conllu');
if (!existsSync(ewtDev)) {
  process.stderr.write(`npm test reads UD English EWT from ../shared/data/ud-english-ewt/ beside this checkout; ${ewtDev} is missing.\n`);
  process.exit(1);
}

const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const keepGoing = process.argv.includes('--keep-going');
const allFiles = testFiles();
const unknown = tiers.flatMap((t) => t.files ?? []).filter((f) => !allFiles.some((file) => file === f || (f.endsWith('/') && file.startsWith(f))));
if (unknown.length) throw new Error(`test/tiers/tiers.json names what holds no test file: ${unknown.join(', ')}`);
const byTier = assignTiers(allFiles);
const results = [];
for (const tier of tiers) {
  if (named.length && !named.includes(tier.name)) continue;
  const files = byTier.get(tier.name);
  process.stdout.write(`\n=== tier ${tier.name}: ${tier.description} (${files.length} files) ===\n`);
  const result = await runTier(tier, files);
  results.push({ tier, files, ...result });
  process.stdout.write(`=== tier ${tier.name}: ${result.passed} passing, ${result.failed} failing in ${result.seconds.toFixed(1)} s ===\n`);
  if (result.code !== 0 && !keepGoing) break;
}
process.stdout.write('\ntiers:\n');
for (const r of results) process.stdout.write(`  ${r.tier.name.padEnd(12)} ${String(r.files.length).padStart(3)} files  ${String(r.passed).padStart(4)} passing  ${String(r.failed).padStart(3)} failing  ${r.seconds.toFixed(1).padStart(7)} s\n`);
const failed = results.reduce((n, r) => n + r.failed, 0);
const passed = results.reduce((n, r) => n + r.passed, 0);
const broken = results.some((r) => r.code !== 0) || results.length < (named.length || tiers.length);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = broken ? 1 : 0;
