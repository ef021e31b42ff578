/**
 * Does the prose layer (the CLI, the language server) see a document as one lint call sees it? EWT documents as
 * written (`# newdoc id` groups, paragraphs by `# newpar` joined by a blank line, sentences by a space — as
 * `bench:lint --clean-docs` builds them) are written out as files and linted three ways, with the product defaults
 * (`quoteStyle: auto`, `introductoryComma: auto`):
 *   docs   one `lint` call per document (what `npm run bench:lint -- --clean-docs` measures);
 *   files  the real CLI (`server/bin/puncteme.js lint --format json DIR`; build first: `npx tsc -b`);
 *   paragraphs  the prose layer as it was before the file decided: every block linted alone, its own habits.
 * Each finding is compared as (document, rule, range, edits); what differs is listed with its sentence.
 *
 *   npx tsx scripts/bench-lint-files.ts [--split dev] [--kind txt|md] [--keep DIR]
 * Dev only for choosing anything; the treebank files are read from ../shared/data, the documents written to a
 * temporary folder (removed unless --keep).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../server/src/data/treebank';
import { Finding, Linter, LintOptions, makeLinter, loadEngineParts } from '../server/src/engine';
import { lintDocument, ProseKind } from '../server/src/prose';
import { cleanTexts, sentenceAround } from '../server/research/eval/cleanText';

const DATA = path.resolve(__dirname, '../../shared/data/ud-english-ewt');
const ROOT = path.resolve(__dirname, '..');

const { values: opt } = parseArgs({
  options: { split: { type: 'string', default: 'dev' }, kind: { type: 'string', default: 'txt' }, keep: { type: 'string' } },
});
const kind: ProseKind = opt.kind === 'md' ? 'markdown' : opt.kind === 'txt' ? 'plaintext' : (() => { throw new Error('--kind: txt or md'); })();

/** The documents of a split as bench:lint --clean-docs joins them, and how many sentences they hold. */
function documents(split: string): { docs: Array<{ id: string; text: string }>; sentences: number } {
  const { sentences } = readTreebank(path.join(DATA, `en_ewt-ud-${split}.conllu`));
  const { texts, ids } = cleanTexts(sentences, true);
  return { docs: texts.map((text, i) => ({ id: ids[i], text })), sentences: sentences.length };
}

type Key = string;
const keyOf = (id: string, f: Pick<Finding, 'ruleId' | 'start' | 'end' | 'fixes'>): Key =>
  JSON.stringify([id, f.ruleId, f.start.offset, f.end.offset, (f.fixes[0]?.edits ?? []).map((e) => [e.start.offset, e.end.offset, e.newText])]);

/** The prose layer as before: each block alone decides its own habits (no lintPart, no document quote habit). */
function blockAlone(linter: Linter): Linter {
  return { version: `${linter.version}+alone`, lint: (t, o) => linter.lint(t, { ...o, quoteHabit: undefined }) };
}

function main(): void {
  const { docs, sentences } = documents(opt.split!);
  const dir = opt.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'puncteme-ewt-docs-'));
  fs.mkdirSync(dir, { recursive: true });
  const ext = opt.kind === 'md' ? 'md' : 'txt';
  const fileOf = (i: number) => `${String(i).padStart(4, '0')}.${ext}`;
  docs.forEach((d, i) => fs.writeFileSync(path.join(dir, fileOf(i)), d.text + '\n'));
  const byFile = new Map(docs.map((d, i) => [fileOf(i), d]));

  const parts = loadEngineParts();
  if (!parts.analyser || !parts.model) throw new Error(`the trained models are needed: ${parts.problem}`);
  const options: LintOptions = { quoteStyle: 'auto' }; // bench:lint's clean run; introductoryComma: the default (auto)
  const linter = makeLinter(parts);
  const found: Record<'docs' | 'files' | 'paragraphs' | 'prose', Map<Key, { id: string; text: string; f: Finding }>> = {
    docs: new Map(),
    files: new Map(),
    paragraphs: new Map(),
    prose: new Map(),
  };
  const t0 = Date.now();
  for (const d of docs) {
    for (const f of linter.lint(d.text, options)) found.docs.set(keyOf(d.id, f), { id: d.id, text: d.text, f });
    for (const f of lintDocument(blockAlone(linter), d.text + '\n', kind, options)) found.paragraphs.set(keyOf(d.id, f), { id: d.id, text: d.text, f });
    for (const f of lintDocument(linter, d.text + '\n', kind, options)) found.prose.set(keyOf(d.id, f), { id: d.id, text: d.text, f });
  }
  const inProcessMs = Date.now() - t0;

  const t1 = Date.now();
  const cli = spawnSync(process.execPath, [path.join(ROOT, 'server/bin/puncteme.js'), 'lint', '--format', 'json', '.'], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const cliMs = Date.now() - t1;
  if (cli.status !== 0 && cli.status !== 1) throw new Error(`the CLI exited ${cli.status}: ${cli.stderr}`);
  for (const r of JSON.parse(cli.stdout) as Array<{ file: string; findings: Finding[] }>) {
    const d = byFile.get(path.basename(r.file));
    if (!d) throw new Error(`unknown file ${r.file}`);
    for (const f of r.findings) found.files.set(keyOf(d.id, f), { id: d.id, text: d.text, f });
  }

  console.log(`EWT ${opt.split}: ${docs.length} documents, ${sentences} sentences, written as .${ext} files in ${dir}`);
  for (const [name, m] of Object.entries(found)) console.log(`  ${name.padEnd(11)} ${String(m.size).padStart(4)} findings (${((1000 * m.size) / sentences).toFixed(1)} per 1,000 sentences)`);
  console.log(`  in-process lints ${(inProcessMs / 1000).toFixed(1)} s (docs + paragraphs + prose), CLI ${(cliMs / 1000).toFixed(1)} s`);
  const diff = (a: keyof typeof found, b: keyof typeof found) => {
    const only = [...found[a].entries()].filter(([k]) => !found[b].has(k));
    console.log(`\n${a} but not ${b}: ${only.length}`);
    for (const [, x] of only) console.log(`  [${x.id}] ${x.f.ruleId} @${x.f.start.offset} ${JSON.stringify(x.f.fixes[0]?.edits.map((e) => e.newText) ?? [])}\n    ${sentenceAround(x.text, x.f.start.offset)}\n    ${x.f.message}`);
  };
  diff('docs', 'files');
  diff('files', 'docs');
  diff('files', 'prose');
  diff('prose', 'files');
  diff('files', 'paragraphs');
  diff('paragraphs', 'files');
  if (!opt.keep) fs.rmSync(dir, { recursive: true, force: true });
}

main();
