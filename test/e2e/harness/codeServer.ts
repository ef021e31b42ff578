/**
 * One code-server instance per test run, in its own process group, with all its state under one temporary
 * directory (see /work/shared/docs/e2e-notes.md). `--vscode-option enable-smoke-test-driver` lets the browser
 * load an unpackaged extension plus a tests module (`extensionDevelopmentPath` / `extensionTestsPath`), as
 * @vscode/test-electron does with a desktop VS Code.
 */
import { ChildProcess, spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';

export interface CodeServerOptions {
  /** The launcher written by scripts/e2e/setup.sh (runs code-server under Node 24). */
  launcher: string;
  /** Directory for user data, extensions, config and the log. */
  stateDir: string;
  /** Extra environment for code-server and so for its extension host. */
  env?: Record<string, string>;
}

export interface RunningCodeServer {
  readonly origin: string;
  readonly logFile: string;
  /** Why the process is gone, if it is. */
  exitReason(): string | undefined;
  /** Workbench URL that opens `folder` with an extension under development and its tests. */
  testUrl(folder: string, extensionDevelopmentPath: string, extensionTestsPath: string): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin: string, proc: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error('code-server exited during start-up');
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`code-server did not answer ${origin}/healthz within ${timeoutMs} ms`);
}

/** The extensions folder of a state directory (`--extensions-dir`), where an installed `.vsix` lands. */
export function extensionsDir(stateDir: string): string {
  return path.join(stateDir, 'ext');
}

/**
 * Installs a packaged extension the way a user does (`code-server --install-extension X.vsix`) into the state
 * directory that `startCodeServer` will then use. Returns the folder it was unpacked to.
 */
export function installVsix(launcher: string, stateDir: string, vsix: string): string {
  const ext = extensionsDir(stateDir);
  fs.mkdirSync(ext, { recursive: true });
  const r = spawnSync(launcher, ['--user-data-dir', path.join(stateDir, 'ud'), '--extensions-dir', ext, '--install-extension', vsix], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
  if (r.status !== 0) throw new Error(`installing ${vsix} failed (exit ${r.status ?? r.signal}): ${output}`);
  const installed = fs.readdirSync(ext).filter((d) => fs.existsSync(path.join(ext, d, 'package.json')));
  if (installed.length !== 1) throw new Error(`expected one extension in ${ext} after installing ${vsix}, found [${installed.join(', ')}]: ${output}`);
  return path.join(ext, installed[0]);
}

export async function startCodeServer(opts: CodeServerOptions): Promise<RunningCodeServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const d = opts.stateDir;
  for (const sub of ['ud/User', 'ext']) fs.mkdirSync(path.join(d, sub), { recursive: true });
  // Quiet, deterministic workbench: no welcome page, no trust prompt, no telemetry or update checks.
  fs.writeFileSync(
    path.join(d, 'ud/User/settings.json'),
    JSON.stringify({
      'workbench.startupEditor': 'none',
      'workbench.tips.enabled': false,
      'security.workspace.trust.enabled': false,
      'telemetry.telemetryLevel': 'off',
      'update.mode': 'none',
      'extensions.autoCheckUpdates': false,
      'extensions.autoUpdate': false,
      'editor.minimap.enabled': false,
      'files.autoSave': 'off',
      // Keep the screenshots about the extension: no chat side bar.
      'chat.disableAIFeatures': true,
      'workbench.secondarySideBar.defaultVisibility': 'hidden',
    }),
  );
  fs.writeFileSync(path.join(d, 'cs.yaml'), 'auth: none\n');
  const logFile = path.join(d, 'code-server.log');
  const log = fs.openSync(logFile, 'a');
  const proc = spawn(
    opts.launcher,
    [
      '--bind-addr', `127.0.0.1:${port}`,
      '--auth', 'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--user-data-dir', path.join(d, 'ud'),
      '--extensions-dir', extensionsDir(d),
      '--config', path.join(d, 'cs.yaml'),
      '--vscode-option', 'enable-smoke-test-driver',
    ],
    { detached: true, stdio: ['ignore', log, log], env: { ...process.env, ...opts.env } },
  );
  fs.closeSync(log);
  let exitReason: string | undefined;
  proc.on('exit', (code, signal) => {
    exitReason = `code-server exited (code ${code}, signal ${signal}); see ${logFile}`;
  });
  proc.on('error', (e) => {
    exitReason = `code-server could not start: ${e.message}`;
  });

  const stop = async () => {
    if (proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    // The whole group: code-server forks its server, file watcher and extension host.
    for (const [signal, wait] of [['SIGTERM', 3000], ['SIGKILL', 2000]] as const) {
      try {
        process.kill(-proc.pid, signal);
      } catch {
        return; // group already gone
      }
      if (await Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), wait))])) {
        return;
      }
    }
  };

  try {
    await waitForHealth(origin, proc, 60_000);
  } catch (e) {
    await stop();
    throw new Error(`${(e as Error).message}; log: ${logFile}`);
  }

  return {
    origin,
    logFile,
    exitReason: () => exitReason,
    testUrl(folder, extensionDevelopmentPath, extensionTestsPath) {
      const remote = (p: string) => `vscode-remote://${new URL(origin).host}${p}`;
      const payload = [
        ['extensionDevelopmentPath', remote(extensionDevelopmentPath)],
        ['extensionTestsPath', remote(extensionTestsPath)],
      ];
      return `${origin}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    },
    stop,
  };
}
