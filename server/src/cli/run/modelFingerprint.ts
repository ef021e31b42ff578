/**
 * A cheap fingerprint of the models the engine would load (names, sizes and times of the files in the model
 * directory) and of this package's version. The cache remembers the engine version it saw with a fingerprint, so a
 * run whose files are all unchanged never loads the models; the real `linter.version` is still checked whenever
 * the engine does start.
 */
import { createHash, Hash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { defaultModelDir } from '../../engine';

export function modelFingerprint(dir: string = defaultModelDir()): string {
  const hash = createHash('sha256');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  hash.update(`puncteme-server@${require('../../../package.json').version}\0${dir}\0`);
  hashFileStats(hash, dir);
  return hash.digest('hex');
}

/**
 * Adds the names, sizes and times of the files below `dir` (those `keep` accepts) to `hash`, in name order; a
 * missing directory adds nothing. Shared with `codeFingerprint.ts`.
 */
export function hashFileStats(hash: Hash, dir: string, keep: (name: string) => boolean = () => true): void {
  let names: string[] = [];
  try {
    names = (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).filter(keep).sort();
  } catch {
    // no such directory: nothing to add
  }
  for (const name of names) {
    try {
      const st = fs.statSync(path.join(dir, name));
      if (st.isFile()) hash.update(`${name}\0${st.size}\0${st.mtimeMs}\0`);
    } catch {
      // vanished while listing: leave it out
    }
  }
}
