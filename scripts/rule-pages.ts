/**
 * Writes `docs/rules/<id>.md`, the page of each rule that the editor (Problems panel, hover) and SARIF link to, and
 * `docs/rules/README.md`, their index. The top of each page (title, summary, example, the settings that change the
 * rule, how to switch it off) comes from the rule catalogue, `server/src/engine/ruleCatalog.ts`; what follows the
 * marker line is written by hand and kept as it is. The index is generated whole.
 *
 *   npx tsx scripts/rule-pages.ts           # write the pages
 *   npx tsx scripts/rule-pages.ts --check   # change nothing; exit 1 naming each page that is not up to date
 *
 * test/engine/rulePages.test.ts runs the check.
 */
import * as fs from 'fs';
import * as path from 'path';
import { SETTINGS } from '../server/src/config/settingsRegistry';
import { RULE_CATALOG, RuleDoc } from '../server/src/engine/ruleCatalog';

const ROOT = path.resolve(__dirname, '..');
export const RULE_PAGES_DIR = path.join(ROOT, 'docs', 'rules');
const GENERATED_NOTE = '<!-- The part above the marker below is generated from server/src/engine/ruleCatalog.ts by scripts/rule-pages.ts: edit the catalogue, then run `npx tsx scripts/rule-pages.ts`. -->';
const MARKER = '<!-- end of the generated part: written by hand below -->';
const NEW_PAGE_BODY = '## Details\n\nNothing more yet.\n';

/** The example as Markdown: each "wrong → right (note)" of the catalogue's ` · `-separated list on a line of its own. */
function exampleLines(example: string): string[] {
  return example.split(' · ').map((e) => `- ${e}`);
}

function generatedPart(id: string, doc: RuleDoc): string {
  const lines = [GENERATED_NOTE, `# \`${id}\``, '', doc.summary, ''];
  if (doc.example) lines.push('**Example**', '', ...exampleLines(doc.example), '');
  lines.push(
    doc.style
      ? '**Severity**: `info` — a house style that a setting asks for, not an error. `puncteme lint` reports it without failing unless `--fail-on info`.'
      : '**Severity**: `warning`; a finding that reports a convention of edited prose rather than an error is `info`. `puncteme lint` fails on warnings (`--fail-on` changes that).',
    '',
  );
  if (doc.settings?.length) {
    lines.push('**Settings** (in `.punctemerc.json`, or `puncteme.<name>` in the editor):', '');
    for (const s of doc.settings) lines.push(`- \`${s}\`: ${SETTINGS.find((x) => x.key === s)?.ruleNote ?? 'see the README'}`);
    lines.push('');
  }
  lines.push(
    '**Switching it off**: `{ "rules": { "' + id + '": "off" } }` in `.punctemerc.json` (or a severity instead of `"off"`),',
    '`puncteme.severity` in the editor, or for a passage `<!-- puncteme-disable ' + id + ' -->` … `<!-- puncteme-enable ' + id + ' -->`',
    '(Markdown; `% puncteme-disable ' + id + '` in LaTeX).',
    '',
    MARKER,
  );
  return lines.join('\n');
}

/** The hand-written part of an existing page (after the marker), or a first body for a new one. */
function handPart(existing: string | undefined): string {
  const at = existing?.indexOf(MARKER) ?? -1;
  return at >= 0 ? existing!.slice(at + MARKER.length).replace(/^\n+/, '') : NEW_PAGE_BODY;
}

function indexPage(): string {
  const lines = [
    '<!-- Generated from server/src/engine/ruleCatalog.ts by scripts/rule-pages.ts. -->',
    '# Puncteme rules',
    '',
    'One page per rule: what it reports, an example, the settings that change it and how to switch it off.',
    '',
    '| rule | what it reports |',
    '| --- | --- |',
  ];
  for (const [id, doc] of Object.entries(RULE_CATALOG).sort(([a], [b]) => a.localeCompare(b))) {
    lines.push(`| [\`${id}\`](${id}.md) | ${doc.summary.replace(/\|/g, '\\|')} |`);
  }
  return lines.join('\n') + '\n';
}

/** Every file the rule pages' directory should hold, with its text (the hand-written parts read from `dir`). */
export function expectedRulePages(dir: string = RULE_PAGES_DIR): Map<string, string> {
  const read = (file: string) => (fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file), 'utf8') : undefined);
  const out = new Map<string, string>();
  for (const [id, doc] of Object.entries(RULE_CATALOG)) {
    const file = `${id}.md`;
    out.set(file, `${generatedPart(id, doc)}\n\n${handPart(read(file))}`);
  }
  out.set('README.md', indexPage());
  return out;
}

/** The files that differ from what they should be, are missing, or should not be there. */
export function staleRulePages(dir: string = RULE_PAGES_DIR): string[] {
  const expected = expectedRulePages(dir);
  const present = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const stale = [...expected].filter(([file, text]) => !present.includes(file) || fs.readFileSync(path.join(dir, file), 'utf8') !== text).map(([f]) => f);
  return [...stale, ...present.filter((f) => !expected.has(f))].sort();
}

function main(args: string[]): number {
  if (args.includes('--check')) {
    const stale = staleRulePages();
    for (const f of stale) process.stderr.write(`docs/rules/${f} is not up to date: run \`npx tsx scripts/rule-pages.ts\`\n`);
    return stale.length ? 1 : 0;
  }
  fs.mkdirSync(RULE_PAGES_DIR, { recursive: true });
  for (const [file, text] of expectedRulePages()) fs.writeFileSync(path.join(RULE_PAGES_DIR, file), text);
  for (const f of staleRulePages()) process.stderr.write(`docs/rules/${f} is not a rule's page: remove it\n`);
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
