/**
 * No dead links in the documentation (issue 33, "no dead URLs anywhere"): every relative link of the Markdown the
 * repository, the package and the extension carry points to a file that exists. (Addresses on the web are checked for
 * placeholders in test/engine/rulePages.test.ts; nothing here reaches the network.)
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { relativeTargets } from './markdownLinks';

const REPO = path.resolve(__dirname, '../..');

/** The Markdown files of the documentation: the top level's and docs/ (its journal aside: a record, not a guide). */
function documents(): string[] {
  const top = fs.readdirSync(REPO).filter((f) => f.endsWith('.md'));
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) return rel === path.join('docs', 'journal') ? [] : walk(rel);
      return e.name.endsWith('.md') ? [rel] : [];
    });
  return [...top, ...walk('docs')];
}

describe('documentation links', () => {
  it('every relative link points to a file that exists', () => {
    const files = documents();
    assert.ok(files.includes('README.md') && files.some((f) => f.startsWith(path.join('docs', 'rules'))), files.join(' '));
    const dead: string[] = [];
    let links = 0;
    for (const file of files) {
      for (const target of relativeTargets(fs.readFileSync(path.join(REPO, file), 'utf8'))) {
        links++;
        const resolved = path.resolve(REPO, path.dirname(file), decodeURIComponent(target.split('#')[0]));
        if (!fs.existsSync(resolved)) dead.push(`${file}: ${target}`);
      }
    }
    assert.ok(links >= 20, `${links} links`);
    assert.deepEqual(dead, []);
  });
});
