/**
 * A cheap fingerprint of the engine's own code: this package's version and the names, sizes and times of the code
 * files of the tree this file is in (`server/out` when compiled, `server/src` when run from source). The lint cache keys
 * findings by it beside the engine version, which names the models only: a new release, or a checkout rebuilt after a
 * change to the rules, whose models are unchanged must not be answered with findings its older code made.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { hashFileStats } from './modelFingerprint';

const memo = new Map<string, string>();

/**
 * The code this process runs: the tree of compiled (or source) files above this one, or, in the bundle (`dist/cli.js`,
 * where this module has no file of its own), the bundle alone: the tree above it would be the whole `node_modules`.
 */
function ownCode(): string {
  const own = /^codeFingerprint\.[jt]s$/.test(path.basename(__filename));
  return own ? path.resolve(__dirname, '..', '..') : __filename;
}

export function codeFingerprint(root: string = ownCode()): string {
  const known = memo.get(root);
  if (known) return known;
  const hash = createHash('sha256');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  hash.update(`puncteme-server@${require('../../../package.json').version}\0`);
  if (fs.statSync(root, { throwIfNoEntry: false })?.isFile()) hashFileStats(hash, path.dirname(root), (n) => n === path.basename(root));
  else hashFileStats(hash, root, (n) => /\.(js|ts)$/.test(n) && !n.endsWith('.d.ts'));
  const digest = hash.digest('hex');
  memo.set(root, digest);
  return digest;
}
