/**
 * The relative links of a Markdown document (inline links and images outside code), which the documentation tests
 * resolve: in the repository (`docLinks.test.ts`) and inside each package (`packaging.test.ts`, `packageInstall.test.ts`).
 */
import * as path from 'path';

/** Targets of inline links and images outside code, `[text](target)`, that are neither addresses nor anchors. */
export function relativeTargets(markdown: string): string[] {
  const prose = markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1].replace(/^<|>$/g, ''))
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#'));
}

/** The links of the Markdown files among `files` (paths relative to one root) whose target is not among `files`. */
export function deadLinksAmong(files: readonly string[], read: (file: string) => string): string[] {
  const held = new Set(files.map((f) => path.posix.normalize(f)));
  const dead: string[] = [];
  for (const file of files.filter((f) => f.endsWith('.md'))) {
    for (const target of relativeTargets(read(file))) {
      const resolved = path.posix.join(path.posix.dirname(file), decodeURIComponent(target.split('#')[0])).replace(/\/$/, '');
      const isFolder = [...held].some((f) => f.startsWith(`${resolved}/`));
      if (!held.has(resolved) && !isFolder) dead.push(`${file}: ${target}`);
    }
  }
  return dead;
}
