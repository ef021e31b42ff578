/**
 * `.gitignore` and `.punctemeignore` rules, read from every directory between a file's repository root (the nearest
 * ancestor holding `.git`, else the working directory) and the file, each relative to its own directory as git does.
 */
import * as fs from 'fs';
import * as path from 'path';
import ignore, { Ignore } from 'ignore';
import { isInside, outsideLinkReason, realDirectory } from '../../edits/links';

const IGNORE_FILES = ['.gitignore', '.punctemeignore'];

export class IgnoreFiles {
  private readonly perDir = new Map<string, Ignore | null>();
  private readonly rootOf = new Map<string, string>();

  private readonly realCwd: string;

  constructor(private readonly cwd: string) {
    this.realCwd = realDirectory(cwd);
  }

  /** True when an ignore file on the way from the root to `file` excludes it. */
  isIgnored(file: string): boolean {
    const abs = path.resolve(this.cwd, file);
    const root = this.root(path.dirname(abs));
    const dirs: string[] = [];
    for (let d = path.dirname(abs); ; d = path.dirname(d)) {
      dirs.unshift(d);
      if (d === root || path.dirname(d) === d) break;
    }
    for (const dir of dirs) {
      const rules = this.rules(dir);
      if (rules && rules.ignores(toPosix(path.relative(dir, abs)))) return true;
    }
    return false;
  }

  private rules(dir: string): Ignore | null {
    let rules = this.perDir.get(dir);
    if (rules === undefined) {
      rules = null;
      for (const name of IGNORE_FILES) {
        const f = path.join(dir, name);
        let text: string;
        // An ignore file that is a link out of the working directory is not read (nothing outside is read).
        if (outsideLinkReason(f, this.cwd, this.realCwd)) continue;
        try {
          text = fs.readFileSync(f, 'utf8');
        } catch {
          continue;
        }
        rules ??= ignore();
        rules.add(text);
      }
      this.perDir.set(dir, rules);
    }
    return rules;
  }

  private root(dir: string): string {
    const known = this.rootOf.get(dir);
    if (known !== undefined) return known;
    let root: string | undefined;
    for (let d = dir; ; d = path.dirname(d)) {
      if (fs.existsSync(path.join(d, '.git'))) {
        root = d;
        break;
      }
      if (path.dirname(d) === d) break;
    }
    // Outside a repository: ignore files count from the working directory down (or only the file's own directory).
    root ??= isInside(dir, this.cwd) ? this.cwd : dir;
    this.rootOf.set(dir, root);
    return root;
  }
}

export function toPosix(p: string): string {
  return p.split(path.sep).join('/');
}

export { isInside } from '../../edits/links';
