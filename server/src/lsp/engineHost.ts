/**
 * The engine as the server sees it: the linter loaded once, lazily and off the request path, plus the model's
 * "explain" (MAP underlying bracketing) and "restore" (MBR restoration) for the client's commands. The engine may not
 * export those two yet; then the server says so instead of failing.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as engine from '../engine';
import type { Linter } from '../engine';
import { loadRestorer } from '../cli/restoreAdapter';

/**
 * Where the bundled models are: beside the compiled server (`server/out/lsp` → `models/en`) or beside the esbuild
 * bundle in the .vsix (`dist/` → `models/en`). The engine reads PUNCTEME_MODEL_DIR, so set it when it is unset.
 */
export function locateModels(): void {
  if (process.env.PUNCTEME_MODEL_DIR) return;
  const candidates = [path.resolve(__dirname, '../models/en'), path.resolve(__dirname, '../../../models/en')];
  const found = candidates.find((d) => fs.existsSync(d));
  if (found) process.env.PUNCTEME_MODEL_DIR = found;
}

type TextFn = (text: string) => unknown;

export class EngineHost {
  private linterPromise: Promise<Linter> | undefined;
  private readonly exports = engine as unknown as Record<string, unknown>;

  /** Starts loading the models (idempotent); analysis awaits the same promise. */
  linter(): Promise<Linter> {
    this.linterPromise ??= engine.createLinter();
    return this.linterPromise;
  }

  async explain(text: string): Promise<string> {
    await this.linter();
    const explain = this.exports.explain;
    if (typeof explain !== 'function') {
      throw new Error('This build of the Puncteme engine has no explain(): the underlying punctuation cannot be shown yet.');
    }
    const result = await (explain as TextFn)(text);
    return typeof result === 'string' ? result : JSON.stringify(result, null, 2);
  }

  async restore(text: string): Promise<string> {
    await this.linter();
    return (await loadRestorer()).restore(text);
  }
}
