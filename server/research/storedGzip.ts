/**
 * Model files named `*.gz` are gzip files whose data is stored, not compressed (deflate's stored blocks, level 0):
 * every reader still gunzips them, but inflating stored blocks is a copy and a checksum, 5–13 ms CPU for the 18 MB
 * parser against 50–120 ms for the compressed file, paid at every start (issue 37). The packages (.vsix, npm) are
 * compressed as a whole, so they stay about the size they were; the repository and an installation hold the larger
 * file. `npm run models:manifest` stores them so before writing the manifest.
 */
import * as fs from 'fs';
import * as zlib from 'zlib';

/** True when the gzip bytes are at least as long as what they hold (stored, or not worth compressing). */
export function isStoredGzip(gz: Buffer): boolean {
  // The trailer's last four bytes are the uncompressed length mod 2^32 (model files are far below 4 GiB).
  return gz.length >= 4 && gz.length >= gz.readUInt32LE(gz.length - 4);
}

/** Rewrites a gzip file with its data stored (level 0); false when it already was. The data is unchanged. */
export function rewriteAsStoredGzip(file: string): boolean {
  const gz = fs.readFileSync(file);
  if (isStoredGzip(gz)) return false;
  const stored = zlib.gzipSync(zlib.gunzipSync(gz), { level: 0 });
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, stored);
  fs.renameSync(tmp, file);
  return true;
}
