/**
 * Reading one input file for linting: a clear error for unreadable files, and a note (not an error) for binary,
 * non-UTF-8 or oversized files, which are skipped.
 */
import * as fs from 'fs';

/** `bom`: the file began with a UTF-8 byte-order mark, which is not part of `text` (editors hide it too) and is
 * written back by --fix. */
export type ReadResult = { text: string; bom: boolean } | { skipped: string } | { error: string };

/** Git's heuristic: a NUL byte in the first 8,000 bytes means binary. */
function looksBinary(buf: Buffer): boolean {
  return buf.subarray(0, 8000).includes(0);
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function decodeText(buf: Buffer): ReadResult {
  if (looksBinary(buf)) return { skipped: 'skipped (binary file)' };
  try {
    const bom = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf;
    return { text: utf8.decode(buf), bom };
  } catch {
    return { skipped: 'skipped (not valid UTF-8)' };
  }
}

export function readInput(file: string, maxBytes: number): ReadResult {
  let buf: Buffer;
  try {
    const size = fs.statSync(file).size;
    if (maxBytes > 0 && size > maxBytes) {
      return { skipped: `skipped (${formatBytes(size)} is over --max-file-size ${formatBytes(maxBytes)})` };
    }
    buf = fs.readFileSync(file);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const why = err.code === 'EACCES' ? 'permission denied' : err.code === 'EISDIR' ? 'is a directory' : err.message;
    return { error: `cannot read: ${why}` };
  }
  return decodeText(buf);
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${n} B`;
}

/** Parses sizes such as 4MB, 512k, 1000000 (bytes; k/M/G are powers of 1024). */
export function parseBytes(spec: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)\s*([kmg]?)i?b?$/i.exec(spec.trim());
  if (!m) return undefined;
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2].toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Math.round(Number(m[1]) * unit);
}
