/**
 * The one lookup of the model directory, for the parser, the punctuation model and the engine alike:
 * `PUNCTEME_MODEL_DIR`, else the nearest `models/en` holding a parser model above this file, so that the sources
 * (`server/src/…`), the compiled sources (`server/out/…`) and a bundle in `dist/` all find the repository's (or the
 * packaged extension's) models.
 */
import * as fs from 'fs';
import * as path from 'path';

/**
 * The parser model's file name, whose presence marks a model directory. Uncompressed, as laid out in memory
 * (`parser/modelFile.ts`): its tables hardly compress (the stored gzip it replaced was 3 KB larger than its data), and
 * reading it as it lies saves inflating an 18 MB copy and its checksum at every start (issue 37).
 */
export const PARSER_MODEL_FILE = 'parser.bin';

/**
 * The parser file's earlier name (gzip), still read where a directory has no `parser.bin`: training candidates and
 * caches written before. `npm run models:manifest` rewrites it as `parser.bin` in a model directory.
 */
export const PARSER_MODEL_FILE_GZ = 'parser.bin.gz';

/**
 * The graph-based parser's file (`parser/graph/graphModel.ts`), optional: a model directory that holds it beside
 * `parser.bin` takes its heads and relations from it (the tagger stays `parser.bin`'s).
 */
export const GRAPH_PARSER_FILE = 'parser-graph.bin.gz';

/**
 * The stacked tagger's file (`parser/stackedTagger.ts`), optional: a model directory that holds it beside `parser.bin`
 * tags again with it, reading the perceptron tagger's tags.
 */
export const STACKED_TAGGER_FILE = 'parser-tagger.bin.gz';

/** The parser model file of a model directory: `parser.bin`, else an older `parser.bin.gz`, else `parser.bin` (missing). */
export function parserModelFile(dir: string): string {
  const file = path.join(dir, PARSER_MODEL_FILE);
  if (fs.existsSync(file)) return file;
  const gz = path.join(dir, PARSER_MODEL_FILE_GZ);
  return fs.existsSync(gz) ? gz : file;
}

export function defaultModelDir(): string {
  if (process.env.PUNCTEME_MODEL_DIR) return process.env.PUNCTEME_MODEL_DIR;
  let dir = __dirname;
  for (let up = 0; up < 5; up++) {
    const candidate = path.join(dir, 'models', 'en');
    if (fs.existsSync(parserModelFile(candidate))) return candidate;
    dir = path.dirname(dir);
  }
  return path.resolve(__dirname, '../../../models/en');
}
