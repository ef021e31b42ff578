/**
 * Turns the command line's paths, directories and globs into the list of files to lint: directories are walked
 * recursively, globs expanded, ignore files and the config's include/exclude applied, non-prose files skipped with
 * a note, missing paths reported as errors.
 */
import * as fs from 'fs';
import * as path from 'path';
import picomatch from 'picomatch';
import { globSync, isDynamicPattern } from 'tinyglobby';
import { proseKindForPath, ProseKind } from '../proseAdapter';
import { IgnoreFiles, isInside, toPosix } from './ignoreFiles';
import { inShard, Shard } from './shard';

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

/** Never walked into, whatever the ignore files say. */
const ALWAYS_SKIPPED = ['**/.git/**', '**/node_modules/**', '**/.puncteme-cache/**'];

export function collectFiles(args: readonly string[], opts: CollectOptions): Collected {
  const out: Collected = { files: [], stdin: false, notes: [], errors: [] };
  const ignoreFiles = new IgnoreFiles(opts.cwd);
  const relToConfig = (abs: string) => toPosix(path.relative(opts.configDir, abs));
  const excluded = opts.exclude?.length ? picomatch(opts.exclude as string[], { dot: true }) : () => false;
  const included = opts.include?.length ? picomatch(opts.include as string[], { dot: true }) : undefined;
  const seen = new Set<string>();
  let skippedNonProse = 0;
  let skippedIgnored = 0;

  const add = (abs: string, explicit: boolean) => {
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
      if (explicit) out.notes.push(`${display}: skipped (not Markdown, plain text or LaTeX)`);
      else if (!path.basename(abs).startsWith('.')) skippedNonProse++; // dotfiles (.gitignore…) are not worth a note
      return;
    }
    out.files.push({ path: abs, display, kind });
  };

  const walk = (pattern: string, cwd: string) => {
    // Symbolic links are not followed into directories: a link cycle must not hang a CI run.
    const found = globSync(pattern, { cwd, absolute: true, dot: true, onlyFiles: true, followSymbolicLinks: false, ignore: ALWAYS_SKIPPED });
    for (const f of found.sort()) add(path.resolve(f), false);
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
    if (stat?.isDirectory()) walk('**/*', abs);
    else if (stat) add(abs, true);
    else if (isDynamicPattern(arg)) {
      const before = out.files.length;
      walk(arg, opts.cwd);
      // A pattern that matches nothing is most likely a typo: in CI it must not pass silently.
      if (out.files.length === before) out.errors.push(`${arg}: no prose files match this pattern`);
    } else out.errors.push(`${arg}: no such file or directory`);
  }

  if (skippedNonProse) out.notes.push(`skipped ${skippedNonProse} file(s) that are not Markdown, plain text or LaTeX`);
  if (skippedIgnored) out.notes.push(`skipped ${skippedIgnored} file(s) matched by ignore files or the config's exclude`);
  out.files.sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0));
  if (opts.shard) {
    const shard = opts.shard;
    out.files = out.files.filter((f) => inShard(isInside(f.path, opts.configDir) ? relToConfig(f.path) : f.display, shard));
  }
  return out;
}
