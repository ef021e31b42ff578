/** The models' directory, for the compiled server and for the bundle alike. */
import * as fs from 'fs';
import * as path from 'path';

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
