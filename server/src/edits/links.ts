/**
 * Where a path on disk really leads. A pull request can add a symbolic link (`docs/notes.md -> /home/ci/.ssh/config`,
 * or a dangling one), and the README's `git diff --name-only` recipe hands its name to `puncteme lint`: such a link
 * must not make the CLI read, quote or rewrite anything outside the working directory.
 */
import * as fs from 'fs';
import * as path from 'path';

export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** The working directory with its own symbolic links resolved (a checkout may live under a linked directory). */
export function realDirectory(dir: string): string {
  try {
    return fs.realpathSync.native(dir);
  } catch {
    return path.resolve(dir);
  }
}

function isLink(file: string): boolean {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Why the file at `abs` must not be read, or undefined when it may: a path inside the working directory `cwd`
 * (`realCwd` resolved) must really lead inside it, whatever links lie on the way; a path outside it, which the user
 * named, may not itself be a link. Missing files are left to the reader's own error.
 */
export function outsideLinkReason(abs: string, cwd: string, realCwd: string): string | undefined {
  let real: string;
  try {
    real = fs.realpathSync.native(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (isLink(abs) || code === 'ELOOP') return 'skipped (a symbolic link to nothing that exists)';
    return undefined;
  }
  if (isInside(abs, cwd)) {
    return isInside(real, realCwd) ? undefined : 'skipped (a symbolic link to a file outside the working directory)';
  }
  return isLink(abs) ? 'skipped (a symbolic link, outside the working directory)' : undefined;
}

/**
 * Where `--fix` writes the fixed text of `file`: the file itself, or, when it is a symbolic link, the real file it
 * leads to inside the working directory (the link stays a link); undefined when that target is outside.
 */
export function writeTarget(file: string, realCwd: string): string | undefined {
  if (!isLink(file)) return file;
  let real: string;
  try {
    real = fs.realpathSync.native(file);
  } catch {
    return undefined;
  }
  return isInside(real, realCwd) ? real : undefined;
}

/** A symbolic link on the way to `file`: the file itself or a directory between it and `cwd` (only the file when it is outside). */
export function linkOnTheWay(file: string, cwd: string): string | undefined {
  const rel = path.relative(cwd, file);
  const inside = rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  for (let p = file; ; p = path.dirname(p)) {
    try {
      if (fs.lstatSync(p).isSymbolicLink()) return p;
    } catch {
      // not there (yet): nothing to follow
    }
    const up = path.dirname(p);
    if (!inside || up === p || path.relative(cwd, up) === '') return undefined;
  }
}
