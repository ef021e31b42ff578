/**
 * `npm run test:e2e`: the extension in VS Code itself (code-server + headless Debian Chromium).
 *
 * 1. transpiles the in-host tests (test/e2e/host) to out-test/e2e/host,
 * 2. installs the packaged extension, `puncteme.vsix` (`npm run package`), with `code-server --install-extension`
 *    — the artifact we ship is what is tested,
 * 3. starts code-server with the smoke-test driver and a temporary workspace holding test/e2e/fixtures,
 * 4. opens the workbench in Chromium with the host tests as the tests module (VS Code wants an extension under
 *    development beside them: an empty stub, so the installed extension is the only Puncteme),
 * 5. answers the tests' questions about the screen until they report their result, then prints it.
 *
 * `PUNCTEME_E2E_UNPACKAGED=1` tests this checkout unpackaged instead (its esbuild bundle in dist/, no packaging
 * step: quicker while developing); `PUNCTEME_E2E_VSIX=FILE` tests another package.
 *
 * Needs scripts/e2e/setup.sh to have run (the npm script does that, and packages the extension). Screenshots and,
 * on failure, the workbench logs go to test/e2e/artifacts/. Exit code 0 only if every test passed.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { build } from 'esbuild';
import { CHANNEL_ENV, INSTALLED_ENV, RunResult, UiServer } from './harness/channel';
import { RunningCodeServer, installVsix, startCodeServer } from './harness/codeServer';
import { openWorkbench, Workbench } from './harness/workbench';

const repo = path.resolve(__dirname, '../..');
const cache = process.env.PUNCTEME_E2E_CACHE ?? path.join(os.homedir(), '.cache/puncteme-e2e');
const artifacts = path.join(__dirname, 'artifacts');
const hostOut = path.join(repo, 'out-test/e2e/host');
/** For the whole in-host run; a healthy one takes under a minute, every test failing by timeout about 8. */
const timeoutMs = Number(process.env.PUNCTEME_E2E_TIMEOUT_MS || 480_000);
/** Unpackaged runs: the extension under development is this repository, unless a harness check points elsewhere. */
const extensionDir = path.resolve(process.env.PUNCTEME_E2E_EXTENSION ?? repo);
const unpackaged = process.env.PUNCTEME_E2E_UNPACKAGED === '1' || process.env.PUNCTEME_E2E_EXTENSION !== undefined;
const vsix = path.resolve(process.env.PUNCTEME_E2E_VSIX ?? path.join(repo, 'puncteme.vsix'));

/** An extension with nothing in it: VS Code runs a tests module only beside an extension under development. */
function stubExtension(root: string): string {
  const dir = path.join(root, 'e2e-stub-extension');
  fs.mkdirSync(dir, { recursive: true });
  const manifest = { name: 'puncteme-e2e-stub', publisher: 'puncteme-e2e', version: '0.0.0', engines: { vscode: '*' } };
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
  return dir;
}

async function buildHostSuite(): Promise<string> {
  const hostSrc = path.join(__dirname, 'host');
  const entryPoints = fs
    .readdirSync(hostSrc)
    .filter((f) => f === 'index.ts' || f.endsWith('.e2e.ts'))
    .map((f) => path.join(hostSrc, f));
  fs.rmSync(hostOut, { recursive: true, force: true });
  // Each entry bundled on its own; `vscode` is the host's, mocha resolves from the repository's node_modules.
  await build({
    entryPoints,
    outdir: hostOut,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return path.join(hostOut, 'index.js');
}

function prepareWorkspace(root: string): string {
  const ws = path.join(root, 'workspace');
  fs.cpSync(path.join(__dirname, 'fixtures'), ws, { recursive: true });
  return ws;
}

/** Prints each test; returns the closing summary line (printed last, where CI looks for it) and whether all passed. */
function report(result: RunResult): { ok: boolean; summary: string } {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const t of result.tests) {
    if (t.state === 'passed') passed++;
    if (t.state === 'failed') failed++;
    if (t.state === 'pending') skipped++;
    const mark = t.state === 'passed' ? '✓' : t.state === 'failed' ? '✗' : '-';
    console.log(`  ${mark} ${t.title}${t.durationMs !== undefined ? ` (${t.durationMs} ms)` : ''}`);
    if (t.error) console.log(t.error.replace(/^/gm, '      '));
  }
  if (result.error) {
    failed++;
    console.log(`  ✗ the test run itself failed:\n${result.error.replace(/^/gm, '      ')}`);
  }
  const summary = `e2e: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
  return { ok: failed === 0 && passed > 0, summary };
}

function keepLogs(stateDir: string, server: RunningCodeServer | undefined): void {
  const dest = path.join(artifacts, 'logs');
  fs.rmSync(dest, { recursive: true, force: true });
  const logs = path.join(stateDir, 'cs/ud/logs');
  if (fs.existsSync(logs)) fs.cpSync(logs, dest, { recursive: true });
  if (server) fs.copyFileSync(server.logFile, path.join(artifacts, 'code-server.log'));
  console.log(`workbench logs kept in ${dest}`);
}

async function main(): Promise<number> {
  const launcher = path.join(cache, 'code-server');
  if (!fs.existsSync(launcher)) {
    console.error(`${launcher} is missing: run scripts/e2e/setup.sh first (npm run test:e2e does).`);
    return 2;
  }
  if (unpackaged && !fs.existsSync(path.join(extensionDir, 'package.json'))) {
    console.error(`no extension at ${extensionDir}`);
    return 2;
  }
  if (!unpackaged && !fs.existsSync(vsix)) {
    console.error(`${vsix} is missing: run \`npm run package\` first (npm run test:e2e does).`);
    return 2;
  }
  // Fresh artifacts each run, so a screenshot never comes from an earlier one.
  fs.rmSync(artifacts, { recursive: true, force: true });
  fs.mkdirSync(artifacts, { recursive: true });
  const started = Date.now();
  const testsModule = await buildHostSuite();
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-e2e-'));
  const channel = path.join(stateDir, 'channel');
  fs.mkdirSync(channel);
  const workspace = prepareWorkspace(stateDir);

  let server: RunningCodeServer | undefined;
  let bench: Workbench | undefined;
  let ok = false;
  let summary = 'e2e: 0 passed, 1 failed';
  try {
    const csState = path.join(stateDir, 'cs');
    const env: Record<string, string> = { [CHANNEL_ENV]: channel };
    let devExtension = extensionDir;
    if (!unpackaged) {
      const t = Date.now();
      env[INSTALLED_ENV] = installVsix(launcher, csState, vsix);
      devExtension = stubExtension(stateDir);
      console.log(`installed ${path.relative(repo, vsix)} (${(fs.statSync(vsix).size / 1e6).toFixed(1)} MB) in ${Date.now() - t} ms`);
    }
    server = await startCodeServer({ launcher, stateDir: csState, env });
    console.log(`code-server up at ${server.origin} after ${Date.now() - started} ms`);
    const url = server.testUrl(workspace, devExtension, testsModule);
    bench = await openWorkbench(url, path.join(stateDir, 'chromium'), artifacts);
    const b = bench;
    const s = server;
    const deadline = Date.now() + timeoutMs;
    const result = await new UiServer(channel, (req) => b.answer(req)).serveUntilResult(() =>
      s.exitReason() ?? (Date.now() > deadline ? `no result from the extension host within ${timeoutMs} ms` : undefined),
    );
    console.log(`\nVS Code (code-server) extension-host tests, ${unpackaged ? extensionDir : `${vsix} installed`}:`);
    ({ ok, summary } = report(result));
  } catch (e) {
    console.log(`\ne2e harness failed: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    if (bench) {
      const shot = await bench.screenshot(ok ? 'final' : 'final-failed').catch(() => undefined);
      if (shot) console.log(`screenshot: ${shot}`);
      await bench.close().catch(() => undefined);
    }
    if (!ok) keepLogs(stateDir, server);
    await server?.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
  console.log(`e2e finished in ${((Date.now() - started) / 1000).toFixed(1)} s; artifacts in ${artifacts}\n`);
  console.log(summary);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
