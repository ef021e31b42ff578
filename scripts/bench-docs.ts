/**
 * False alarms on another genre: technical documentation written by other people. The README files of the npm
 * packages this repository installs (`node_modules`, fixed by package-lock.json; none of it is in EWT) are linted as
 * Markdown with the product defaults, and the findings are counted per rule and per 1,000 prose sentences.
 *
 *   npm run bench:docs -- [--half look|held-out|all] [--list] [--json FILE]
 *
 * The packages are split by name, for honest choices: `look` (names from "@" to "m") is the half one may read
 * findings from and design against; `held-out` (names from "n" on) is measured once per change, never iterated on.
 * `--list` prints every finding with the text around it, for judging by hand.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { createLinter, Finding } from '../server/src/engine';
import { extractProse, lintDocument } from '../server/src/prose';
import { tokenizeText } from '../server/src/tokenize';

const ROOT = path.resolve(__dirname, '..');

const { values: opt } = parseArgs({
  options: { half: { type: 'string', default: 'look' }, list: { type: 'boolean' }, json: { type: 'string' } },
});
if (!['look', 'held-out', 'all'].includes(opt.half!)) throw new Error('--half: look, held-out or all');

/** Every package's README under node_modules (scoped packages too), as [package name, file]. */
function readmes(): Array<[string, string]> {
  const top = path.join(ROOT, 'node_modules');
  const dirs: string[] = [];
  for (const d of fs.readdirSync(top)) {
    if (d.startsWith('.')) continue;
    if (d.startsWith('@')) for (const s of fs.readdirSync(path.join(top, d))) dirs.push(`${d}/${s}`);
    else dirs.push(d);
  }
  const out: Array<[string, string]> = [];
  for (const d of dirs.sort()) {
    const dir = path.join(top, d);
    if (!fs.statSync(dir).isDirectory() || fs.lstatSync(dir).isSymbolicLink()) continue; // our own workspace link
    const f = fs.readdirSync(dir).find((n) => /^readme\.md$/i.test(n));
    if (f) out.push([d, path.join(dir, f)]);
  }
  return out;
}

const inHalf = (name: string) => opt.half === 'all' || (opt.half === 'look') === (name.replace(/^@/, '') < 'n');

async function main(): Promise<void> {
  const linter = await createLinter();
  const files = readmes().filter(([name]) => inHalf(name));
  const byRule = new Map<string, number>();
  const rows: Array<{ pkg: string; line: number; ruleId: string; confidence: number; context: string }> = [];
  let sentences = 0;
  const started = Date.now();
  for (const [k, [pkg, file]] of files.entries()) {
    const text = fs.readFileSync(file, 'utf8');
    for (const b of extractProse(text, 'markdown').blocks) sentences += tokenizeText(b.text).length;
    const findings: Finding[] = lintDocument(linter, text, 'markdown');
    for (const f of findings) {
      byRule.set(f.ruleId, (byRule.get(f.ruleId) ?? 0) + 1);
      const o = f.start.offset;
      const context = (text.slice(Math.max(0, o - 70), o) + '‸' + text.slice(o, o + 40)).replace(/\s+/g, ' ');
      rows.push({ pkg, line: f.start.line + 1, ruleId: f.ruleId, confidence: f.confidence, context });
    }
    if ((k + 1) % 50 === 0) process.stderr.write(`${k + 1} / ${files.length} files\n`);
  }
  const total = rows.length;
  const per = (n: number) => ((1000 * n) / Math.max(1, sentences)).toFixed(1);
  console.log(`${files.length} README files (half: ${opt.half}), ${sentences} prose sentences, ${((Date.now() - started) / 1000).toFixed(0)} s, parser ${linter.version}`);
  console.log('\n| rule | findings | per 1,000 sentences |\n| --- | ---: | ---: |');
  for (const [rule, n] of [...byRule].sort((a, b) => b[1] - a[1])) console.log(`| ${rule} | ${n} | ${per(n)} |`);
  console.log(`| **all** | **${total}** | **${per(total)}** |`);
  if (opt.list) for (const r of rows) console.log(`${r.ruleId.padEnd(20)} ${r.confidence.toFixed(2)} ${r.pkg}:${r.line}  ${r.context}`);
  if (opt.json) fs.writeFileSync(opt.json, JSON.stringify({ half: opt.half, files: files.length, sentences, byRule: Object.fromEntries(byRule), rows }, null, 1));
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
