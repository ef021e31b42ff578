/**
 * A minimal LSP client for protocol tests and the benchmark: spawns the server over stdio and speaks JSON-RPC to it
 * with vscode-jsonrpc, answering the server's own requests (configuration, progress, applyEdit) like an editor.
 */
import { ChildProcess, spawn } from 'child_process';
import * as path from 'path';
import { MessageConnection, StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';

export const REPO = path.resolve(__dirname, '../..');

export interface Diagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity?: number;
  code?: string | number;
  codeDescription?: { href: string };
  source?: string;
  message: string;
  relatedInformation?: unknown[];
}

export interface PublishDiagnostics {
  uri: string;
  version?: number;
  diagnostics: Diagnostic[];
}

export interface StartOptions {
  /** Run this compiled server module (server/out/lsp/server.js, dist/server.js) instead of the sources through tsx. */
  module?: string;
  /** Run this executable with these arguments instead (e.g. the `puncteme-ls` bin, started through its shebang). */
  command?: string[];
  /** What `workspace/configuration` answers for the `puncteme` section. */
  settings?: Record<string, unknown>;
  env?: NodeJS.ProcessEnv;
  /** The server's working directory (default: the repository). */
  cwd?: string;
}

export class LspClient {
  readonly conn: MessageConnection;
  readonly proc: ChildProcess;
  readonly published: PublishDiagnostics[] = [];
  readonly statuses: Array<Record<string, unknown>> = [];
  readonly appliedEdits: unknown[] = [];
  readonly progress: unknown[] = [];
  readonly logs: string[] = [];
  /** `window/showMessage` notifications (non-blocking), apart from the log. */
  readonly shownMessages: Array<{ type: number; message: string }> = [];
  /** `window/showMessageRequest`s: a client such as Neovim 0.7 blocks on each until the user answers. */
  readonly messageRequests: unknown[] = [];
  settings: Record<string, unknown>;
  private waiters: Array<() => void> = [];

  constructor(opts: StartOptions = {}) {
    const args = opts.module
      ? [path.resolve(REPO, opts.module), '--stdio']
      : ['--require', 'tsx/cjs', path.join(REPO, 'server/src/lsp/server.ts'), '--stdio'];
    const [file, ...rest] = opts.command ?? [process.execPath, ...args];
    this.proc = spawn(file, rest, { cwd: opts.cwd ?? REPO, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...opts.env } });
    this.proc.stderr!.on('data', (d) => this.logs.push(String(d)));
    this.settings = opts.settings ?? {};
    this.conn = createMessageConnection(new StreamMessageReader(this.proc.stdout!), new StreamMessageWriter(this.proc.stdin!));
    this.conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnostics) => {
      this.published.push(p);
      this.wake();
    });
    this.conn.onNotification('puncteme/status', (p: Record<string, unknown>) => {
      this.statuses.push(p);
      this.wake();
    });
    this.conn.onNotification('window/logMessage', (p: { message: string }) => this.logs.push(p.message));
    this.conn.onNotification('window/showMessage', (p: { type: number; message: string }) => {
      this.logs.push(p.message);
      this.shownMessages.push(p);
      this.wake();
    });
    this.conn.onNotification('$/progress', (p: unknown) => {
      this.progress.push(p);
      this.wake();
    });
    this.conn.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => this.settings));
    this.conn.onRequest('window/workDoneProgress/create', () => null);
    this.conn.onRequest('client/registerCapability', () => null);
    this.conn.onRequest('window/showMessageRequest', (p: unknown) => {
      this.messageRequests.push(p);
      return null;
    });
    this.conn.onRequest('workspace/applyEdit', (p: unknown) => {
      this.appliedEdits.push(p);
      return { applied: true };
    });
    this.conn.listen();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    w.forEach((f) => f());
  }

  /** Resolves when `test()` holds, re-checked after each notification; rejects after `ms`. */
  waitFor<T>(test: () => T | undefined, ms = 60000, what = 'condition'): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}; stderr: ${this.logs.join('').slice(-2000)}`)), ms);
      const check = () => {
        const v = test();
        if (v !== undefined && v !== false) {
          clearTimeout(timer);
          resolve(v);
        } else this.waiters.push(check);
      };
      check();
    });
  }

  /** The next diagnostics published for `uri` (after `afterCount` earlier publications), optionally of a version. */
  diagnosticsAfter(uri: string, afterCount: number, version?: number): Promise<PublishDiagnostics> {
    return this.waitFor(
      () => this.published.slice(afterCount).find((p) => p.uri === uri && (version === undefined || p.version === version)),
      60000, // generous: the models load and the machine is shared
      `diagnostics for ${uri}`,
    );
  }

  async initialize(rootUri: string | null = null, capabilities: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const r = await this.conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: rootUri ? [{ uri: rootUri, name: 'root' }] : null,
      capabilities: { workspace: { configuration: true, applyEdit: true, workspaceEdit: { documentChanges: true } }, window: { workDoneProgress: true }, ...capabilities },
    });
    await this.conn.sendNotification('initialized', {});
    return r as Record<string, unknown>;
  }

  open(uri: string, languageId: string, text: string, version = 1): Promise<void> {
    return this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  /** Any notification (the server's own, e.g. `puncteme/visibleRanges`). */
  notify(method: string, params: unknown): Promise<void> {
    return this.conn.sendNotification(method, params);
  }

  change(uri: string, version: number, changes: unknown[]): Promise<void> {
    return this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.conn.sendRequest(method, params) as Promise<R>;
  }

  async shutdown(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => this.proc.once('exit', (code) => resolve(code)));
    try {
      await this.conn.sendRequest('shutdown');
      await this.conn.sendNotification('exit');
    } catch {
      this.proc.kill();
    }
    const code = await Promise.race([exited, new Promise<null>((r) => setTimeout(() => r(null), 5000))]);
    if (this.proc.exitCode === null) this.proc.kill('SIGKILL');
    this.conn.dispose();
    return code;
  }
}
