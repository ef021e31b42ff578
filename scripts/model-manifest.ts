/**
 * Writes `models/en/manifest.json` (size and SHA-256 of each model file, which the engine checks on load), or with
 * `--check` only says whether it matches the files. Run after any training step that rewrites a model file.
 *
 * First it rewrites a parser file as training or an older checkout wrote it (`parser.bin.gz`) as the `parser.bin` the
 * engine reads (`convertParserFile`): uncompressed (a stored gzip still cost a copy and a checksum of 18 MB at every
 * start) and with every table as laid out in memory (`parser/modelFile.ts`, magic 6: the labeller's too). It then
 * stores each other gzip model file (`*.gz`) uncompressed within its gzip format (`server/research/storedGzip.ts`):
 * inflating the 11.6 MB parser took 50–120 ms CPU of every start (issue 37). Those files keep their
 * names and readers; the packages are compressed as a whole anyway. `--check` also fails on a `parser.bin.gz` left
 * beside or instead of `parser.bin`, and on a gzip model file that is compressed.
 *
 * Then it writes the θ sidecar of each punctuation model file the engine loads (`punct.json` → `punct.theta.bin`,
 * server/src/model/thetaSidecar.ts), so that loading maps θ instead of decoding it; `--check` fails on a missing or
 * stale one; and the sidecar of the learned scorer (`lint-scorer.json` → `lint-scorer.weights.bin`,
 * server/src/engine/correction/learned/scorerWeights.ts), so that loading it views its tables instead of parsing
 * 72,000 weights out of JSON; `--check` fails on a missing or stale one, or one whose weights differ from the file's.
 *
 *   npm run models:manifest [-- --check] [-- --dir DIR]
 */
import * as fs from 'fs';
import * as path from 'path';
import { buildManifest, isOptionalModelFile, MANIFEST_FILE, writeManifest } from '../server/src/data/modelIntegrity';
import { isStoredGzip, rewriteAsStoredGzip } from '../server/research/storedGzip';
import { readModel, writeModel } from '../server/src/parser/modelFile';
import { PARSER_MODEL_FILE, PARSER_MODEL_FILE_GZ } from '../server/src/data/modelDir';
import { MODEL_FORMAT, ModelJson, quantisedWeights } from '../server/src/model/modelFile';
import { RankedInt16 } from '../server/src/model/rankedWeights';
import { readThetaSidecar, thetaSidecarFile, writeThetaSidecar } from '../server/src/model/thetaSidecar';
import { SCORER_FILE } from '../server/src/engine/correction/learned/learnedScorer';
import { readScorerSidecar, ScorerJson, scorerSettings, scorerSidecarFile, scorerSource, StoredScorer, writeScorerSidecar } from '../server/src/engine/correction/learned/scorerWeights';

const args = process.argv.slice(2);
const at = args.indexOf('--dir');
const dir = path.resolve(at >= 0 ? args[at + 1] : path.join(__dirname, '../models/en'));
const gzipFiles = () => fs.readdirSync(dir).filter((f) => f.endsWith('.gz')).map((f) => path.join(dir, f));

/** The punctuation model files the engine loads, with their contents. */
function punctModels(): Array<{ file: string; j: ModelJson }> {
  const out: Array<{ file: string; j: ModelJson }> = [];
  for (const name of fs.readdirSync(dir).filter((f) => f.endsWith('.json') && !isOptionalModelFile(f))) {
    let j: ModelJson;
    try {
      j = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as ModelJson;
    } catch {
      continue;
    }
    if (j?.format === MODEL_FORMAT && typeof j.weights === 'string') out.push({ file: path.join(dir, name), j });
  }
  return out;
}
/** Whether `stored` holds exactly the settings and weights of `j` (every name, every float64). */
function holds(stored: StoredScorer, j: ScorerJson): boolean {
  const { weights, hand } = j;
  const same = (table: StoredScorer['weights'] | undefined, w: Record<string, number> | undefined) =>
    !table === !w && (!table || (table.size === Object.keys(w!).length && Object.entries(w!).every(([name, v]) => Object.is(table.get(name), v))));
  return (
    JSON.stringify(stored.settings) === JSON.stringify(scorerSettings(j)) &&
    same(stored.weights, weights) &&
    same(stored.hand, hand?.weights)
  );
}

/**
 * The learned scorer's file in `dir` and whether its sidecar is there, derived from it and holding its weights
 * exactly; undefined when there is no scorer. A malformed sidecar is stale.
 */
function scorerState(): { file: string; j: ScorerJson; source: string; current: boolean } | undefined {
  const file = path.join(dir, SCORER_FILE);
  if (!fs.existsSync(file)) return undefined;
  const bytes = fs.readFileSync(file);
  const j = JSON.parse(bytes.toString('utf8')) as ScorerJson;
  const source = scorerSource(bytes);
  let stored: StoredScorer | undefined;
  try {
    stored = readScorerSidecar(file, source);
  } catch {
    stored = undefined;
  }
  return { file, j, source, current: stored !== undefined && holds(stored, j) };
}

/**
 * `parser.bin.gz` in `dir` rewritten as `parser.bin` and removed; false when there is none. The same model, read and
 * written again: the tagger's joined tables as they were stored, the other scorers as their lookup layouts (the
 * findings are the same, which the speed journal checked byte for byte). Rerun after training a parser.
 */
function convertParserFile(): boolean {
  const gz = path.join(dir, PARSER_MODEL_FILE_GZ);
  if (!fs.existsSync(gz)) return false;
  const tmp = path.join(dir, `${PARSER_MODEL_FILE}.tmp`);
  writeModel(tmp, readModel(gz));
  fs.renameSync(tmp, path.join(dir, PARSER_MODEL_FILE));
  fs.rmSync(gz);
  return true;
}

if (args.includes('--check')) {
  if (fs.existsSync(path.join(dir, PARSER_MODEL_FILE_GZ))) {
    process.stderr.write(`${path.join(dir, PARSER_MODEL_FILE_GZ)}: the engine reads ${PARSER_MODEL_FILE}: run npm run models:manifest\n`);
    process.exit(1);
  }
  const compressed = gzipFiles().filter((f) => !isStoredGzip(fs.readFileSync(f)));
  if (compressed.length) {
    process.stderr.write(`${compressed.join(', ')}: compressed, which slows every start: run npm run models:manifest\n`);
    process.exit(1);
  }
  const stale = punctModels().filter(({ file, j }) => !readThetaSidecar(file, j)).map(({ file }) => thetaSidecarFile(file));
  const scorer = scorerState();
  if (scorer && !scorer.current) stale.push(scorerSidecarFile(scorer.file));
  if (stale.length) {
    process.stderr.write(`${stale.join(', ')}: missing or derived from other weights: run npm run models:manifest\n`);
    process.exit(1);
  }
  const want = JSON.stringify(buildManifest(dir).files);
  let have = '';
  try {
    have = JSON.stringify(JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')).files);
  } catch {
    have = '';
  }
  if (want !== have) {
    process.stderr.write(`${path.join(dir, MANIFEST_FILE)} does not match the model files: run npm run models:manifest\n`);
    process.exit(1);
  }
  process.stdout.write(`${path.join(dir, MANIFEST_FILE)} matches the model files\n`);
} else {
  if (convertParserFile()) process.stdout.write(`wrote ${path.join(dir, PARSER_MODEL_FILE)} from ${PARSER_MODEL_FILE_GZ}\n`);
  for (const f of gzipFiles()) if (rewriteAsStoredGzip(f)) process.stdout.write(`stored ${f} uncompressed\n`);
  for (const { file, j } of punctModels()) {
    if (readThetaSidecar(file, j)) continue;
    // θ as the engine builds it from the file's weights without a sidecar (coreFromJson).
    process.stdout.write(`wrote ${writeThetaSidecar(file, j, new RankedInt16(quantisedWeights(j)))}\n`);
  }
  const scorer = scorerState();
  if (scorer && !scorer.current) {
    const written = writeScorerSidecar(scorer.file, scorer.j, scorer.source);
    // Read back as the engine will: every weight the JSON's, or no manifest is written over a sidecar that is not.
    if (!scorerState()?.current) throw new Error(`${written}: does not read back as ${scorer.file}`);
    process.stdout.write(`wrote ${written}\n`);
  }
  writeManifest(dir);
  process.stdout.write(`wrote ${path.join(dir, MANIFEST_FILE)}\n`);
}
