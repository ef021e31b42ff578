/**
 * Turns the command line's paths, directories and globs into the list of files to lint: directories are walked
 * recursively, globs expanded, ignore files and the config's include/exclude applied, non-prose files skipped with
 * a note, missing paths reported as errors.
 */
import * as fs from 'fs';
import * as path from 'path';
import picomatch from 'picomatch';
import { proseKindForPath, ProseKind } from '../proseAdapter';
import { IgnoreFiles, toPosix } from './ignoreFiles';
import { isInside, outsideLinkReason, realDirectory } from '../../edits/links';
import { inShard, Shard } from './shard';
import { walkDirectory } from './walk';

export interface InputFile {
  /** Absolute path. */
  path: string;
  /** Path shown in reports: relative to the working directory, with forward slashes. */
  display: string;
  kind: ProseKind;
}

export interface Collected {
  files: InputFile[];
  /** Whether `-` (standard input) was among the arguments. */
  stdin: boolean;
  /** Informational notes (skipped files). */
  notes: string[];
  /** Paths that could not be found: exit code 2. */
  errors: string[];
}

export interface CollectOptions {
  cwd: string;
  /** Directory the config's globs are relative to. */
  configDir: string;
  include?: readonly string[];
  exclude?: readonly string[];
  shard?: Shard;
}

export function collectFiles(args: readonly string[], opts: CollectOptions): Collected {
  const out: Collected = { files: [], stdin: false, notes: [], errors: [] };
  const ignoreFiles = new IgnoreFiles(opts.cwd);
  const relToConfig = (abs: string) => toPosix(path.relative(opts.configDir, abs));
  const excluded = opts.exclude?.length ? picomatch(opts.exclude as string[], { dot: true }) : () => false;
  const included = opts.include?.length ? picomatch(opts.include as string[], { dot: true }) : undefined;
  const seen = new Set<string>();
  const realCwd = realDirectory(opts.cwd);
  let skippedNonProse = 0;
  let skippedIgnored = 0;

  /** `walkedFile`: a regular file found by walking a directory already judged (no link can lie on its way). */
  const add = (abs: string, explicit: boolean, walkedFile = false) => {
    if (seen.has(abs)) return;
    seen.add(abs);
    const display = toPosix(path.relative(opts.cwd, abs)) || path.basename(abs);
    if (ignoreFiles.isIgnored(abs) || excluded(relToConfig(abs))) {
      if (explicit) out.notes.push(`${display}: skipped (matched by an ignore file or the config's exclude)`);
      else skippedIgnored++;
      return;
    }
    if (!explicit && included && !included(relToConfig(abs))) return;
    const kind = proseKindForPath(abs);
    if (kind === undefined) {
      if (explicit) out.notes.push(`${display}: skipped (not a prose format: Markdown, plain text, LaTeX, reStructuredText or AsciiDoc)`);
      else if (!path.basename(abs).startsWith('.')) skippedNonProse++; // dotfiles (.gitignore…) are not worth a note
      return;
    }
    const link = walkedFile ? undefined : outsideLinkReason(abs, opts.cwd, realCwd);
    if (link) {
      out.notes.push(`${display}: ${link}`);
      return;
    }
    out.files.push({ path: abs, display, kind });
  };

  /** The files below `dir` (those `matches` accepts, by their path relative to `dir`). */
  const walk = (dir: string, matches?: (relative: string) => boolean) => {
    const found = walkDirectory(dir);
    for (const u of found.unreadable) {
      out.notes.push(`${toPosix(path.relative(opts.cwd, u.dir)) || '.'}/: skipped (cannot read the directory: ${u.why})`);
    }
    const wanted = (f: string) => !matches || matches(toPosix(path.relative(dir, f)));
    for (const f of found.files.sort()) if (wanted(f)) add(f, false, true);
    for (const f of found.links.sort()) if (wanted(f)) add(f, false);
  };

  for (const arg of args) {
    if (arg === '-') {
      out.stdin = true;
      continue;
    }
    const abs = path.resolve(opts.cwd, arg);
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(abs);
    } catch {
      stat = undefined;
    }
    const pattern = picomatch.scan(toPosix(arg));
    if (stat?.isDirectory()) {
      const link = outsideLinkReason(abs, opts.cwd, realCwd);
      if (link) out.notes.push(`${toPosix(path.relative(opts.cwd, abs)) || '.'}/: ${link.replace('a file', 'a directory')}`);
      else walk(abs);
    } else if (stat || isLinkPath(abs)) add(abs, true);
    else if (pattern.isGlob) {
      const before = out.files.length;
      // Walked from the pattern's fixed base directory, so that links and unreadable directories are judged alike.
      const base = path.resolve(opts.cwd, pattern.base || '.');
      const glob = picomatch(pattern.glob, { dot: true });
      const link = outsideLinkReason(base, opts.cwd, realCwd);
      if (link) out.notes.push(`${toPosix(path.relative(opts.cwd, base)) || '.'}/: ${link.replace('a file', 'a directory')}`);
      else if (fs.existsSync(base)) walk(base, glob);
      // A pattern that matches nothing is most likely a typo: in CI it must not pass silently.
      if (out.files.length === before) out.errors.push(`${arg}: no prose files match this pattern`);
    } else out.errors.push(`${arg}: no such file or directory`);
  }

  if (skippedNonProse) out.notes.push(`skipped ${skippedNonProse} file(s) that are not a prose format: Markdown, plain text, LaTeX, reStructuredText or AsciiDoc`);
  if (skippedIgnored) out.notes.push(`skipped ${skippedIgnored} file(s) matched by ignore files or the config's exclude`);
  out.files.sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0));
  if (opts.shard) {
    const shard = opts.shard;
    out.files = out.files.filter((f) => inShard(isInside(f.path, opts.configDir) ? relToConfig(f.path) : f.display, shard));
  }
  return out;
}

function isLinkPath(abs: string): boolean {
  try {
    return fs.lstatSync(abs).isSymbolicLink();
  } catch {
    return false;
  }
}
