/**
 * Writes a file atomically: a temporary file beside it (same mode), flushed, then renamed over the original. A file
 * that does not exist yet is created with `newFileMode` when given (else that is an error).
 */
import * as fs from 'fs';
import * as path from 'path';

export function writeFileAtomic(file: string, text: string, newFileMode?: number): void {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.puncteme-${process.pid}-${Date.now()}.tmp`);
  let mode: number;
  try {
    mode = fs.statSync(file).mode & 0o7777;
  } catch (e) {
    if (newFileMode === undefined || (e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    mode = newFileMode;
  }
  // 'wx': the temporary name must be new, never a file (or link) someone placed there.
  const fd = fs.openSync(tmp, 'wx', mode);
  try {
    fs.fchmodSync(fd, mode); // the umask must not change the file's permissions
    fs.writeFileSync(fd, text, 'utf8');
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}
