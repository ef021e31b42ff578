/**
 * A file-based request/response channel between the tests running inside VS Code's extension host (which have the
 * `vscode` API but cannot see the rendered workbench) and the harness driving Chromium (which can read the DOM and
 * take screenshots). Files, not sockets: both sides share the machine's file system, and the extension host's exit
 * code and stdout do not reach the harness anyway.
 *
 * Layout of the channel directory: `req-<id>.json` (host → harness), `res-<id>.json` (harness → host), and
 * `progress.json` (the outcomes so far, rewritten after each test) and `result.json`, written once by the host
 * when its test run ends. Every file is written to a temporary name and
 * renamed, so a reader never sees half a file.
 */
import * as fs from 'fs';
import * as path from 'path';

/** Environment variable through which code-server's extension host learns where the channel is. */
export const CHANNEL_ENV = 'PUNCTEME_E2E_CHANNEL';
/** Set (to the folder the `.vsix` was installed in) when the run tests the packaged extension, not the checkout. */
export const INSTALLED_ENV = 'PUNCTEME_E2E_INSTALLED';

export type UiRequest =
  | { kind: 'problems' }
  | { kind: 'statusBar' }
  | { kind: 'texts'; selector: string }
  | { kind: 'screenshot'; name: string }
  /** Keys pressed in the page, Playwright's names (`Control+.`, `Enter`). */
  | { kind: 'press'; keys: string }
  /** Clicks the first element the selector matches (a link in the Problems panel); answers whether there was one. */
  | { kind: 'click'; selector: string };

export interface ProblemRow {
  text: string;
  ariaLabel: string;
}

export interface StatusBarEntry {
  id: string;
  text: string;
  ariaLabel: string;
}

/** What each request kind answers. */
export interface UiAnswers {
  problems: ProblemRow[];
  statusBar: StatusBarEntry[];
  /** innerText of every element the selector matches. */
  texts: string[];
  screenshot: string;
  press: null;
  click: boolean;
}

export interface TestOutcome {
  title: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs?: number;
  error?: string;
}

export interface RunResult {
  tests: TestOutcome[];
  /** Set when the run itself broke (e.g. a test file failed to load), apart from failing tests. */
  error?: string;
}

interface Envelope<T> {
  id: string;
  body: T;
}

type Response = { ok: true; value: unknown } | { ok: false; error: string };

export function writeJsonAtomic(file: string, value: unknown): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(value));
  fs.renameSync(tmp, file);
}

function readJsonIfPresent<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The extension-host side: asks the harness about the workbench and waits for the answer. */
export class UiClient {
  private next = 0;
  /** Each test file is bundled with its own client: a random prefix keeps their request ids apart. */
  private readonly prefix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  constructor(private readonly dir: string, private readonly timeoutMs = 30_000) {}

  static fromEnv(): UiClient {
    const dir = process.env[CHANNEL_ENV];
    if (!dir) throw new Error(`${CHANNEL_ENV} is not set: the e2e tests must be started by test/e2e/run.ts`);
    return new UiClient(dir);
  }

  async ask<K extends UiRequest['kind']>(request: Extract<UiRequest, { kind: K }>): Promise<UiAnswers[K]> {
    const id = `${this.prefix}-${++this.next}`;
    writeJsonAtomic(path.join(this.dir, `req-${id}.json`), { id, body: request } satisfies Envelope<UiRequest>);
    const resFile = path.join(this.dir, `res-${id}.json`);
    const deadline = Date.now() + this.timeoutMs;
    while (Date.now() < deadline) {
      const res = readJsonIfPresent<Envelope<Response>>(resFile);
      if (res) {
        if (!res.body.ok) throw new Error(`harness could not answer ${request.kind}: ${res.body.error}`);
        return res.body.value as UiAnswers[K];
      }
      await sleep(50);
    }
    throw new Error(`harness did not answer ${request.kind} within ${this.timeoutMs} ms`);
  }

  /** The outcomes so far: what the harness reports if the run never finishes. */
  progress(result: RunResult): void {
    writeJsonAtomic(path.join(this.dir, 'progress.json'), result);
  }

  finish(result: RunResult): void {
    writeJsonAtomic(path.join(this.dir, 'result.json'), result);
  }
}

/** The harness side: answers requests as they arrive until the host reports its result (or `stop()` says so). */
export class UiServer {
  private answered = new Set<string>();

  constructor(private readonly dir: string, private readonly handle: (req: UiRequest) => Promise<unknown>) {}

  /**
   * Polls until `result.json` appears or `shouldStop()` returns a reason; then returns the result, or the outcomes
   * reported so far with that reason as the run's error.
   */
  async serveUntilResult(shouldStop: () => string | undefined): Promise<RunResult> {
    for (;;) {
      const result = readJsonIfPresent<RunResult>(path.join(this.dir, 'result.json'));
      if (result) return result;
      const reason = shouldStop();
      if (reason) {
        const sofar = readJsonIfPresent<RunResult>(path.join(this.dir, 'progress.json'));
        return { tests: sofar?.tests ?? [], error: reason };
      }
      for (const name of fs.readdirSync(this.dir)) {
        const m = /^req-([\w-]+)\.json$/.exec(name);
        if (!m || this.answered.has(m[1])) continue;
        const req = readJsonIfPresent<Envelope<UiRequest>>(path.join(this.dir, name));
        if (!req) continue;
        this.answered.add(req.id);
        let body: Response;
        try {
          body = { ok: true, value: await this.handle(req.body) };
        } catch (e) {
          body = { ok: false, error: e instanceof Error ? e.message : String(e) };
        }
        writeJsonAtomic(path.join(this.dir, `res-${req.id}.json`), { id: req.id, body } satisfies Envelope<Response>);
      }
      await sleep(50);
    }
  }
}
