/**
 * Where each rule's page is: `docs/rules/<id>.md`, shipped in the npm package and the .vsix beside the code (written
 * from the rule catalogue by `scripts/rule-pages.ts`). The editor's diagnostics and hovers and SARIF's `helpUri` link
 * to the page itself, so that a link works offline and always matches the installed version.
 */
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';

let located: string | null | undefined;

/**
 * The directory of the rule pages: beside the esbuild bundles (`dist/` → `docs/rules`) or above the compiled or source
 * tree (`server/out/engine`, `server/src/engine` → `docs/rules`); undefined when neither has them.
 */
export function rulePagesDir(): string | undefined {
  if (located === undefined) {
    const candidates = [path.resolve(__dirname, '../docs/rules'), path.resolve(__dirname, '../../../docs/rules')];
    located = candidates.find((d) => fs.existsSync(path.join(d, 'README.md'))) ?? null;
  }
  return located ?? undefined;
}

/** The path of the rule's page, if it has one here. */
export function rulePagePath(ruleId: string): string | undefined {
  const dir = rulePagesDir();
  const file = dir && /^[a-z][a-z0-9-]*$/.test(ruleId) ? path.join(dir, `${ruleId}.md`) : undefined;
  return file && fs.existsSync(file) ? file : undefined;
}

/** The `file:` URI of the rule's page, if it has one here. */
export function rulePageUri(ruleId: string): string | undefined {
  const file = rulePagePath(ruleId);
  return file ? pathToFileURL(file).href : undefined;
}
