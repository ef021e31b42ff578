/** Writes a file atomically: a temporary file beside it (same mode), flushed, then renamed over the original. */
import * as fs from 'fs';
import * as path from 'path';

export function writeFileAtomic(file: string, text: string): void {
  const dir = path.dirname(file);
  const tmp = path.join(dir, `.${path.basename(file)}.puncteme-${process.pid}-${Date.now()}.tmp`);
  const mode = fs.statSync(file).mode & 0o7777;
  const fd = fs.openSync(tmp, 'w', mode);
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
