/**
 * A cheap fingerprint of the models the engine would load (names, sizes and times of the files in the model
 * directory) and of this package's version. The cache remembers the engine version it saw with a fingerprint, so a
 * run whose files are all unchanged never loads the models; the real `linter.version` is still checked whenever
 * the engine does start.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { defaultModelDir } from '../../engine';

export function modelFingerprint(dir: string = defaultModelDir()): string {
  const hash = createHash('sha256');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  hash.update(`puncteme-server@${require('../../../package.json').version}\0${dir}\0`);
  let names: string[] = [];
  try {
    names = (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).sort();
  } catch {
    // no model directory: the fingerprint of "no models"
  }
  for (const name of names) {
    try {
      const st = fs.statSync(path.join(dir, name));
      if (st.isFile()) hash.update(`${name}\0${st.size}\0${st.mtimeMs}\0`);
    } catch {
      // vanished while listing: leave it out
    }
  }
  return hash.digest('hex');
}
