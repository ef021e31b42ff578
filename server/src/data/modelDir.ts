/**
 * The one lookup of the model directory, for the parser, the punctuation model and the engine alike:
 * `PUNCTEME_MODEL_DIR`, else the nearest `models/en` holding a parser model above this file, so that the sources
 * (`server/src/…`), the compiled sources (`server/out/…`) and a bundle in `dist/` all find the repository's (or the
 * packaged extension's) models.
 */
import * as fs from 'fs';
import * as path from 'path';

/** The parser model's file name, whose presence marks a model directory. */
export const PARSER_MODEL_FILE = 'parser.bin.gz';

export function defaultModelDir(): string {
  if (process.env.PUNCTEME_MODEL_DIR) return process.env.PUNCTEME_MODEL_DIR;
  let dir = __dirname;
  for (let up = 0; up < 5; up++) {
    const candidate = path.join(dir, 'models', 'en');
    if (fs.existsSync(path.join(candidate, PARSER_MODEL_FILE))) return candidate;
    dir = path.dirname(dir);
  }
  return path.resolve(__dirname, '../../../models/en');
}
