/**
 * Times the hostile shapes of issue #36 through the `puncteme` executable of one or more checkouts, each run in its own
 * process with a time limit, so a hang or a crash is a row of the table rather than the end of the run. Checkouts are
 * interleaved shape by shape (A then B at each size), so a comparison holds when the shared machine's speed drifts.
 *
 *   npx tsx scripts/bench-stress.ts [--limit S] [--only shape,shape] ROOT[=LABEL] …
 *
 * ROOT is a checkout (or a copy of one's server/out, bin and package.json beside its models and node_modules).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { SHAPES } from '../test/stress/shapes';

/** Each shape at the sizes the issue reports (and one below, to see the growth), with the command that runs it. */
const PLAN: Array<{ shape: string; sizes: number[]; command: 'lint' | 'restore' | 'explain' }> = [
  { shape: 'longWord', sizes: [40_000, 160_000, 1_000_000], command: 'lint' },
  { shape: 'footnotes', sizes: [250, 500, 1000], command: 'lint' },
  { shape: 'commaWords', sizes: [12_500, 25_000, 50_000], command: 'lint' },
  { shape: 'nestedList', sizes: [500, 1000, 2000], command: 'lint' },
  { shape: 'nestedListInline', sizes: [1000, 2000], command: 'lint' },
  { shape: 'blockquotes', sizes: [5000, 10_000], command: 'lint' },
  { shape: 'addressLine', sizes: [70, 140], command: 'lint' },
  { shape: 'unclosedBrackets', sizes: [800, 1600], command: 'lint' },
  { shape: 'openEmphasis', sizes: [32_000, 64_000], command: 'lint' },
  { shape: 'restoreWords', sizes: [1250, 2500, 5000], command: 'restore' },
  { shape: 'explainWords', sizes: [1250, 2500, 5000], command: 'explain' },
];

function args(): { limit: number; only?: Set<string>; roots: Array<{ root: string; label: string }> } {
  const a = process.argv.slice(2);
  let limit = 120;
  let only: Set<string> | undefined;
  const roots: Array<{ root: string; label: string }> = [];
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '--limit') limit = Number(a[++i]);
    else if (a[i] === '--only') only = new Set(a[++i].split(','));
    else {
      const [root, label] = a[i].split('=');
      roots.push({ root: path.resolve(root), label: label ?? path.basename(root) });
    }
  }
  if (!roots.length) roots.push({ root: path.resolve(__dirname, '..'), label: 'this' });
  return { limit, only, roots };
}

function main(): void {
  const { limit, only, roots } = args();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-stress-'));
  console.log(`| shape | size | characters | command | ${roots.map((r) => `${r.label}: seconds, exit, note`).join(' | ')} |`);
  console.log(`| --- | --- | --- | --- | ${roots.map(() => '---').join(' | ')} |`);
  for (const { shape, sizes, command } of PLAN) {
    if (only && !only.has(shape)) continue;
    for (const size of sizes) {
      const s = SHAPES[shape];
      const text = s.make(size);
      const file = path.join(dir, s.file);
      fs.writeFileSync(file, text);
      const cells = roots.map(({ root }) => {
        const bin = path.join(root, 'server/bin/puncteme.js');
        const argv = command === 'lint' ? ['lint', '--no-color', '-j', '1', file] : command === 'restore' ? ['restore', file] : ['explain', '-'];
        const t0 = performance.now();
        const r = spawnSync(process.execPath, [bin, ...argv], { input: command === 'explain' ? text : undefined, timeout: limit * 1000, maxBuffer: 1 << 28, encoding: 'utf8', killSignal: 'SIGKILL' });
        const seconds = (performance.now() - t0) / 1000;
        if (r.signal) return `> ${limit} (killed)`;
        const note = (r.stderr ?? '').split('\n').find((l) => /RangeError|stack|truncat|budget|stopped|not checked|skipp|error/i.test(l)) ?? '';
        return `${seconds.toFixed(1)}, ${r.status}${note ? `, ${note.slice(0, 90).replace(/\|/g, '/')}` : ''}`;
      });
      console.log(`| ${s.name} | ${size} ${s.unit} | ${text.length} | ${command} | ${cells.join(' | ')} |`);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

main();
