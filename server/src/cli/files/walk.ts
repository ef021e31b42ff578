/**
 * Walking a directory for `puncteme lint`: every file below it (dotfiles too), never into `.git`, `node_modules` or
 * the cache, never through a symbolic link to a directory (a link cycle must not hang a CI run, and a link may lead
 * out of the repository). Symbolic links to files are listed, for `collect.ts` to judge where they lead. A directory
 * that cannot be read is reported, not skipped in silence.
 */
import * as fs from 'fs';
import * as path from 'path';

/** Directory names never walked into, whatever the ignore files say. */
const ALWAYS_SKIPPED = new Set(['.git', 'node_modules', '.puncteme-cache']);

export interface Walked {
  /** Absolute paths of the files, in no particular order. */
  files: string[];
  /** Absolute paths of the symbolic links to files (or to nothing): where they lead is for the caller to judge. */
  links: string[];
  /** Directories that could not be read, with the reason. */
  unreadable: Array<{ dir: string; why: string }>;
}

export function walkDirectory(root: string): Walked {
  const out: Walked = { files: [], links: [], unreadable: [] };
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      out.unreadable.push({ dir, why: err.code === 'EACCES' || err.code === 'EPERM' ? 'permission denied' : (err.code ?? err.message) });
      continue;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!ALWAYS_SKIPPED.has(entry.name)) stack.push(full);
      } else if (entry.isFile()) out.files.push(full);
      else if (entry.isSymbolicLink()) {
        // Listed when it leads to a file (even a dangling one is worth its note later); never entered as a directory.
        let target: fs.Stats | undefined;
        try {
          target = fs.statSync(full);
        } catch {
          target = undefined;
        }
        if (!target || target.isFile()) out.links.push(full);
      }
    }
  }
  return out;
}
