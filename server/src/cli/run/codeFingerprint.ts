/**
 * A cheap fingerprint of the engine's own code: this package's version and the names, sizes and times of the code
 * files of the tree this file is in (`server/out` when compiled, `server/src` when run from source). The lint cache keys
 * findings by it beside the engine version, which names the models only: a new release, or a checkout rebuilt after a
 * change to the rules, whose models are unchanged must not be answered with findings its older code made.
 */
import { createHash } from 'crypto';
import * as path from 'path';
import { hashFileStats } from './modelFingerprint';

const memo = new Map<string, string>();

export function codeFingerprint(root: string = path.resolve(__dirname, '..', '..')): string {
  const known = memo.get(root);
  if (known) return known;
  const hash = createHash('sha256');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  hash.update(`puncteme-server@${require('../../../package.json').version}\0`);
  hashFileStats(hash, root, (n) => /\.(js|ts)$/.test(n) && !n.endsWith('.d.ts'));
  const digest = hash.digest('hex');
  memo.set(root, digest);
  return digest;
}
