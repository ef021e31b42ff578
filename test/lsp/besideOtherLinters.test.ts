/**
 * docs/editors.md, "Beside harper or LTeX": the checks it tells a writer to switch off in harper are harper's own
 * (harper.js, the devDependency the benchmarks compare against), name Puncteme's real rules, and, switched off, leave
 * harper silent on the marks Puncteme reports, where by default it reports them too (two diagnostics for one mark).
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { RULE_IDS } from '../../server/src/engine';

const REPO = path.resolve(__dirname, '../..');
// harper.js is ESM only; mocha runs these tests as CommonJS.
const importEsm = new Function('s', 'return import(s)') as (s: string) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The table of the guide's section: Puncteme rule → harper linters. */
function guideTable(): Array<{ rule: string; harper: string[] }> {
  const guide = fs.readFileSync(path.join(REPO, 'docs/editors.md'), 'utf8');
  const section = guide.slice(guide.indexOf('## Beside harper or LTeX'));
  const rows = section.split('\n').filter((l) => /^\| `[a-z-]+` \|/.test(l));
  return rows.map((l) => {
    const cells = l.split('|').map((c) => c.trim());
    return { rule: cells[1].replace(/`/g, ''), harper: [...cells[2].matchAll(/`(\w+)`/g)].map((m) => m[1]) };
  });
}

describe('beside harper or LTeX: the guide to switching off overlapping checks', function () {
  this.timeout(120_000);

  it('names Puncteme rules and harper linters that exist; switched off, harper no longer reports the marks Puncteme does', async () => {
    const table = guideTable();
    assert.ok(table.length >= 4, JSON.stringify(table));
    for (const { rule } of table) assert.ok((RULE_IDS as readonly string[]).includes(rule), rule);
    const harper = await importEsm('harper.js');
    const { binaryInlined } = await importEsm('harper.js/binaryInlined');
    const linter = new harper.LocalLinter({ binary: binaryInlined, dialect: harper.Dialect.American });
    await linter.setup();
    const defaults = (await linter.getDefaultLintConfig()) as Record<string, unknown>;
    const named = table.flatMap((r) => r.harper);
    for (const key of named) assert.ok(key in defaults, `harper has no linter ${key}`);
    // Marks both report by default: a space before a period (mark-spacing), a missing serial comma (serial-comma, with
    // serialComma: always).
    const text = 'We wrote a long letter . We bought apples, pears and plums at the market.';
    const spots = [text.indexOf(' .'), text.indexOf('pears')];
    const hits = async () =>
      ((await linter.lint(text, { language: 'plaintext' })) as Array<{ span(): { start: number; end: number } }>).filter((l) =>
        spots.some((at) => l.span().start <= at + 6 && l.span().end >= at),
      ).length;
    assert.ok((await hits()) >= 2, 'harper reports both marks by default');
    await linter.setLintConfig({ ...defaults, ...Object.fromEntries(named.map((k) => [k, false])) });
    assert.equal(await hits(), 0, 'with the guide\'s linters off, harper reports neither');
  });
});
