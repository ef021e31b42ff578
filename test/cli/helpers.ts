/** Temporary repositories and a real `puncteme` process (run from source through tsx) for the CLI's end-to-end tests. */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { devMain } from '../../server/research/cli/main';
import { main } from '../../server/src/cli/main';

const ROOT = path.resolve(__dirname, '../..');
const ENTRY = path.join(__dirname, 'entry.ts');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A fresh directory (a git repository unless `git: false`) holding `files`; readable by every user. */
export function tempRepo(files: Record<string, string | Buffer>, opts: { git?: boolean } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-cli-'));
  fs.chmodSync(dir, 0o755);
  if (opts.git !== false) fs.mkdirSync(path.join(dir, '.git'));
  for (const [name, content] of Object.entries(files)) writeFile(dir, name, content);
  return dir;
}

export function writeFile(dir: string, name: string, content: string | Buffer): void {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

export function readFile(dir: string, name: string): string {
  return fs.readFileSync(path.join(dir, name), 'utf8');
}

export function removeRepo(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Runs `puncteme ARGS` in `cwd` as a separate process (stdin from `input`, optionally as another user). */
export function runCli(args: string[], opts: { cwd: string; input?: string; uid?: number; env?: Record<string, string> }): CliResult {
  const r = spawnSync(process.execPath, ['--require', require.resolve('tsx/cjs'), ENTRY, ...args], {
    cwd: opts.cwd,
    input: opts.input ?? '',
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...opts.env },
    maxBuffer: 64 * 1024 * 1024,
    ...(opts.uid !== undefined ? { uid: opts.uid, gid: opts.uid } : {}),
  });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export { ROOT };

type MainOpts = { cwd: string; input?: string; isTTY?: boolean; stderrIsTTY?: boolean; columns?: number };

/** Runs the CLI in this process (fast; the same `main` as the binary) with captured output. */
export function runMain(args: string[], opts: MainOpts): Promise<CliResult> {
  return runCaptured(main, args, opts);
}

/** Runs the developer entry point (`npm run dev -- ARGS`, server/research/cli/) in this process. */
export function runDevMain(args: string[], opts: MainOpts): Promise<CliResult> {
  return runCaptured(devMain, args, opts);
}

async function runCaptured(entry: typeof main, args: string[], opts: MainOpts): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await entry(args, {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    readStdin: async () => opts.input ?? '',
    isTTY: opts.isTTY ?? false,
    ...(opts.columns ? { columns: opts.columns } : {}),
    stderrIsTTY: opts.stderrIsTTY ?? false,
    cwd: opts.cwd,
  });
  return { code, stdout, stderr };
}
