/**
 * The repository's import graph, read with the TypeScript compiler's own pre-processor (`ts.preProcessFile`, which
 * finds `import`, `export … from`, `import()` and `require()`), so the layer rules are checked on what the compiler
 * and esbuild resolve, without a build. Only relative specifiers are followed: packages are not the project's layers.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

export const ROOT = path.resolve(__dirname, '../..');

/** A file's path relative to the repository root, with forward slashes (`server/src/lsp/server.ts`). */
export type RepoPath = string;

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.mts`, path.join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function toRepoPath(abs: string): RepoPath {
  return path.relative(ROOT, abs).split(path.sep).join('/');
}

/** Every `.ts` file below a repository folder (declaration files and build output left out). */
export function sourceFiles(dir: string): RepoPath[] {
  const out: RepoPath[] = [];
  const walk = (abs: string): void => {
    for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'out' || entry.name.startsWith('.')) continue;
      const child = path.join(abs, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (/\.m?ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(toRepoPath(child));
    }
  };
  walk(path.join(ROOT, dir));
  return out.sort();
}

export interface ImportEdge {
  from: RepoPath;
  to: RepoPath;
  specifier: string;
}

/** The relative imports of one file, resolved to repository paths (an unresolvable one is reported as its specifier). */
export function importsOf(file: RepoPath): ImportEdge[] {
  const abs = path.join(ROOT, file);
  const info = ts.preProcessFile(fs.readFileSync(abs, 'utf8'), true, true);
  const edges: ImportEdge[] = [];
  for (const imported of info.importedFiles) {
    const specifier = imported.fileName;
    if (!specifier.startsWith('.')) continue;
    const target = resolveRelative(abs, specifier);
    edges.push({ from: file, to: target ? toRepoPath(target) : `unresolved:${specifier}`, specifier });
  }
  return edges;
}

/** Every file reachable from the entry points by relative imports, the entry points included. */
export function reachableFrom(entries: readonly RepoPath[]): Set<RepoPath> {
  const seen = new Set<RepoPath>();
  const stack = [...entries];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file) || !/\.m?ts$/.test(file)) continue;
    seen.add(file);
    for (const edge of importsOf(file)) if (!edge.to.startsWith('unresolved:')) stack.push(edge.to);
  }
  return seen;
}
