/**
 * The trained model files must be exactly those that were shipped: a truncated download, a bad merge or a planted
 * file must stop the run with a message naming the file, never quietly change the findings (a damaged calibration
 * turned 10 findings into 5 or 20, issue 36). `models/en/manifest.json` lists each file's size and SHA-256
 * (`npm run models:manifest` writes it after training); JSON files are also checked against their schema on load
 * (`modelSchemas.ts`), which covers model directories without a manifest (training candidates).
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

export const MANIFEST_FILE = 'manifest.json';

export interface ModelManifest {
  /** Why the file is there and how to rebuild it. */
  note: string;
  /** `optional`: not shipped in the packages, checked only where present (see OPTIONAL_MODEL_FILES). */
  files: Record<string, { bytes: number; sha256: string; optional?: boolean }>;
}

/**
 * Model files the engine does not load at run time, left out of the .vsix and the npm package: punct-attach.json,
 * the Attach-only ablation, which only `npm run dev -- eval perplexity` reads in a checkout (the engine falls back to it
 * only where punct.json is missing, which a manifest already refuses); restore-tagger-crf.json, the CRF tagger the
 * BiLSTM replaced, which only the restoration benchmarks read; lint-scorer.json, the learned scorer as trained, whose
 * sidecar lint-scorer.weights.bin is what the engine reads (the manifest's SHA-256 of the JSON names the sidecar's
 * source, `loadLearnedScorer`).
 */
const OPTIONAL_MODEL_FILES = new Set(['punct-attach.json', 'restore-tagger-crf.json', 'lint-scorer.json']);

/** Whether the engine never loads `name` at run time (it is left out of the packages). */
export const isOptionalModelFile = (name: string): boolean => OPTIONAL_MODEL_FILES.has(name);

export type ModelFileState = 'missing' | 'corrupt';

/** A model file that is missing or corrupt; `file` is its path, `state` which of the two. */
export class ModelFileError extends Error {
  constructor(
    readonly file: string,
    readonly state: ModelFileState,
    detail?: string,
  ) {
    super(`model file ${file} is ${state}${detail ? ` (${detail})` : ''}`);
    this.name = 'ModelFileError';
  }
}

/** The file's SHA-256 (for the manifest), read through one 1 MB buffer rather than whole. */
function sha256(file: string, chunk: Buffer = Buffer.allocUnsafe(1 << 20)): string {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    for (let n = fs.readSync(fd, chunk, 0, chunk.length, null); n > 0; n = fs.readSync(fd, chunk, 0, chunk.length, null)) hash.update(chunk.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** The manifest of the files in `dir` (all but the manifest itself), in name order. */
export function buildManifest(dir: string): ModelManifest {
  const files: ModelManifest['files'] = {};
  for (const name of fs.readdirSync(dir).sort()) {
    const full = path.join(dir, name);
    if (name === MANIFEST_FILE || !fs.statSync(full).isFile()) continue;
    files[name] = { bytes: fs.statSync(full).size, sha256: sha256(full), ...(OPTIONAL_MODEL_FILES.has(name) ? { optional: true } : {}) };
  }
  return {
    note: 'Size and SHA-256 of each model file, checked when the engine loads them (server/src/data/modelIntegrity.ts). Rebuild after training: npm run models:manifest',
    files,
  };
}

export function writeManifest(dir: string): void {
  fs.writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(buildManifest(dir), null, 2) + '\n');
}

/** Files already checked in this process, by path, size and time: a second linter in the same process hashes nothing again. */
const verified = new Map<string, string>();

/** The manifest of each directory `checkModelFiles` checked, by absolute path: the files `readModelFile` hashes. */
const manifests = new Map<string, ModelManifest>();

function readManifest(file: string): ModelManifest {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new ModelFileError(file, 'missing');
    throw new ModelFileError(file, 'corrupt', 'not valid JSON');
  }
  const files = (value as { files?: unknown } | null)?.files;
  const wellFormed =
    typeof files === 'object' && files !== null &&
    Object.values(files).every((f) => typeof f?.bytes === 'number' && typeof f?.sha256 === 'string' && /^[0-9a-f]{64}$/.test(f.sha256) && (f.optional === undefined || typeof f.optional === 'boolean'));
  if (!wellFormed) throw new ModelFileError(file, 'corrupt', 'not a manifest of model files');
  return value as ModelManifest;
}

/**
 * Checks that every file `dir`'s manifest lists is present and of the listed size, and has `readModelFile` check each
 * one's SHA-256 when it is read: a run hashes only the bytes it loads (a lint never reads the learned scorer or the
 * restore models, 8 of 38 MB), and hashes them in memory rather than reading each file twice. Throws `ModelFileError`.
 * A directory without a manifest passes when `required` is false (a training candidate named by PUNCTEME_MODEL_DIR).
 */
export function checkModelFiles(dir: string, required: boolean): void {
  const manifestFile = path.join(dir, MANIFEST_FILE);
  if (!required && !fs.existsSync(manifestFile)) return;
  const manifest = readManifest(manifestFile);
  for (const [name, want] of Object.entries(manifest.files)) {
    const file = path.join(dir, name);
    // A file the engine never loads (`OPTIONAL_MODEL_FILES`) cannot change a finding.
    if (want.optional) continue;
    let st: fs.Stats;
    try {
      st = fs.statSync(file);
    } catch {
      throw new ModelFileError(file, 'missing');
    }
    if (st.size !== want.bytes) throw new ModelFileError(file, 'corrupt', `${st.size} bytes where ${MANIFEST_FILE} says ${want.bytes}`);
  }
  manifests.set(path.resolve(dir), manifest);
}

/**
 * Whether the manifest `checkModelFiles` read for `file`'s directory leaves `file` out (false where it read none): an
 * optional file that changes the results where present (the graph parser's) must be listed there, or a file planted
 * beside the shipped ones would be read unchecked.
 */
export function unlistedInManifest(file: string): boolean {
  const abs = path.resolve(file);
  const manifest = manifests.get(path.dirname(abs));
  return manifest !== undefined && manifest.files[path.basename(abs)] === undefined;
}

/** The SHA-256 the manifest of `file`'s directory lists for it (when `checkModelFiles` read one), without reading it. */
export function manifestSha256(file: string): string | undefined {
  const abs = path.resolve(file);
  return manifests.get(path.dirname(abs))?.files[path.basename(abs)]?.sha256;
}

/**
 * The bytes of a model file, checked against the manifest of its directory when `checkModelFiles` read one (size and
 * SHA-256; else, a training candidate, as they are). Every run-time loader of a model file reads it through here, so
 * no changed byte reaches a finding. Throws `ModelFileError` (corrupt) on a mismatch, and the read's own error (ENOENT)
 * when the file is not there, which the loaders turn into "missing".
 */
export function readModelFile(file: string): Buffer {
  const bytes = fs.readFileSync(file);
  const abs = path.resolve(file);
  const want = manifests.get(path.dirname(abs))?.files[path.basename(abs)];
  if (!want) return bytes;
  if (bytes.length !== want.bytes) throw new ModelFileError(file, 'corrupt', `${bytes.length} bytes where ${MANIFEST_FILE} says ${want.bytes}`);
  const st = fs.statSync(file);
  const stamp = `${st.size}:${st.mtimeMs}:${st.ino}:${want.sha256}`;
  if (verified.get(abs) === stamp) return bytes;
  if (createHash('sha256').update(bytes).digest('hex') !== want.sha256) throw new ModelFileError(file, 'corrupt', `its SHA-256 differs from ${MANIFEST_FILE}`);
  verified.set(abs, stamp);
  return bytes;
}
