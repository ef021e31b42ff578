/**
 * Writes `models/en/manifest.json` (size and SHA-256 of each model file, which the engine checks on load), or with
 * `--check` only says whether it matches the files. Run after any training step that rewrites a model file.
 *
 *   npm run models:manifest [-- --check] [-- --dir DIR]
 */
import * as fs from 'fs';
import * as path from 'path';
import { buildManifest, MANIFEST_FILE, writeManifest } from '../server/src/engine/modelIntegrity';

const args = process.argv.slice(2);
const at = args.indexOf('--dir');
const dir = path.resolve(at >= 0 ? args[at + 1] : path.join(__dirname, '../models/en'));
if (args.includes('--check')) {
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
  writeManifest(dir);
  process.stdout.write(`wrote ${path.join(dir, MANIFEST_FILE)}\n`);
}
