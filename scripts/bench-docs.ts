/**
 * False alarms on another genre: technical documentation written by other people. The README files of the npm
 * packages this repository installs (`node_modules`, fixed by package-lock.json; none of it is in EWT) are linted as
 * Markdown with the product defaults, and the findings are counted per rule and per 1,000 prose sentences.
 *
 *   npm run bench:docs -- [--source readmes|fortunes|debian] [--half look|held-out|all] [--limit N] [--comma-splices edited] [--no-adapt] [--decision calibrated|learned] [--drop-closing] [--list] [--json FILE]
 *
 * The packages are split by name, for honest choices: `look` (names from "@" to "m") is the half one may read
 * findings from and design against; `held-out` (names from "n" on) is measured once per change, never iterated on.
 * `--list` prints every finding with the text around it, for judging by hand.
 *
 * `--source fortunes`: a second genre, edited prose of another kind — the quotations and anecdotes of Debian's
 * `fortunes` package (`apt-get install fortunes`; BSD fortune-mod data, read here, never copied), linted as plain
 * text, each entry a document of its own. The attribution lines ("-- Mark Twain, …") are not sentences and are left
 * out. Each topic file's entries alternate between the halves (even `look`, odd `held-out`), so both hold every topic.
 *
 * `--source debian`: a third genre, the long descriptions of Debian's package index (`Translation-en`
 * in apt's lists; `apt-get -o Acquire::Languages=en update` fetches it, nothing here downloads), edited technical
 * prose by thousands of maintainers, each description a plain-text document (`descriptionDocs` says what is kept).
 * Halves by the description's md5 (first hex digit even: `look`, odd: `held-out`); `--limit N` (default 1,500)
 * descriptions of the half, in md5 order, which is as good as a seeded random sample and needs no seed.
 *
 * `--drop-closing` (journal, "the closing comma scored on its own parse"): recall of the comma that closes a
 * supplement, on the genre's own writers. Every relative clause or apposition the parser finds set off by two commas
 * before its antecedent's verb (`unclosedSupplements.ts`: `opensSupplementAt`, then `supplementBetween` or
 * `secondSubjectAsApposition` on the written sentence's parse) becomes an item: the sentence with its closing comma
 * removed, linted alone. Found when a finding's fix puts the comma back; the findings on the sentences as written are
 * counted beside.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { COMMA_SPLICES_USAGE, createLinter, Finding, isCommaSplices, loadEngineParts, makeLinter } from '../server/src/engine';
import { opensSupplementAt, secondSubjectAsApposition, supplementBetween } from '../server/src/engine/correction/candidates/unclosedSupplements';
import { extractProse, lintDocument, ProseKind } from '../server/src/prose';
import { tokenizeText } from '../server/src/tokenize';

const ROOT = path.resolve(__dirname, '..');

const { values: opt } = parseArgs({
  options: { 'drop-closing': { type: 'boolean' }, limit: { type: 'string', default: '1500' }, source: { type: 'string', default: 'readmes' }, half: { type: 'string', default: 'look' }, list: { type: 'boolean' }, json: { type: 'string' }, 'comma-splices': { type: 'string' }, 'no-adapt': { type: 'boolean' }, decision: { type: 'string' } },
});
if (!['look', 'held-out', 'all'].includes(opt.half!)) throw new Error('--half: look, held-out or all');
if (!['readmes', 'fortunes', 'debian'].includes(opt.source!)) throw new Error('--source: readmes, fortunes or debian');
const limit = Number(opt.limit);
if (!(Number.isInteger(limit) && limit > 0)) throw new Error(`--limit: a positive whole number, not ${opt.limit}`);
if (opt['comma-splices'] !== undefined && !isCommaSplices(opt['comma-splices'])) throw new Error(COMMA_SPLICES_USAGE);
/** The product defaults, but for the splice setting and the writer's error rate (`--no-adapt`) when asked for. */
const lintOptions = {
  ...(isCommaSplices(opt['comma-splices']) ? { commaSplices: opt['comma-splices'] } : {}),
  ...(opt['no-adapt'] ? { adaptToWriter: false } : {}),
  ...(opt.decision === 'learned' || opt.decision === 'calibrated' ? { decision: opt.decision as 'learned' | 'calibrated' } : {}),
};

/** One document to lint: its name, its text and how its prose is found. */
interface Doc {
  name: string;
  text: string;
  kind: ProseKind;
}

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

function readmeDocs(): Doc[] {
  return readmes()
    .filter(([name]) => inHalf(name))
    .map(([name, file]) => ({ name, text: fs.readFileSync(file, 'utf8'), kind: 'markdown' as const }));
}

const FORTUNES = '/usr/share/games/fortunes';
/** The topics written as prose (quotations, anecdotes); verse, art, dialogue scripts and word lists are left out. */
const FORTUNE_TOPICS = [
  'education', 'food', 'humorists', 'kids', 'law', 'literature', 'love', 'medicine', 'men-women', 'miscellaneous',
  'news', 'people', 'pets', 'platitudes', 'politics', 'science', 'sports', 'wisdom', 'work',
];

/**
 * The entries of this half, each its own document (`topic:k`), attributions cut: every entry has its own writer, so
 * the habits `auto` settings read off a document (quote placement, the introductory comma) are each entry's own.
 */
function fortuneDocs(): Doc[] {
  if (!fs.existsSync(FORTUNES)) throw new Error(`${FORTUNES} is missing: apt-get install fortunes`);
  return FORTUNE_TOPICS.flatMap((topic) => {
    const entries = fs.readFileSync(path.join(FORTUNES, topic), 'latin1').split(/^%$/m);
    return entries.flatMap((e, k) => {
      if (opt.half !== 'all' && (opt.half === 'look') !== (k % 2 === 0)) return [];
      // "\t\t-- Mark Twain, …" and whatever follows it in the entry is the attribution; backspace overstrikes go.
      const prose = e.split(/^\s*--\s/m)[0].replace(/.\x08/g, '').trim();
      return prose ? [{ name: `${topic}:${k}`, text: prose + '\n', kind: 'plaintext' as const }] : [];
    });
  });
}

const APT_LISTS = '/var/lib/apt/lists';

/**
 * This half's package descriptions, `--limit` of them in md5 order, each as `package` and its long description as
 * prose: the short description (a title) goes; wrapped lines are joined, " ." separates paragraphs; list items and
 * preformatted lines (indented further, or opening with *, -, +, o, #) are left out; a paragraph already taken
 * (the packages of one source share theirs) is left out of later descriptions.
 */
function descriptionDocs(): Doc[] {
  const files = fs.existsSync(APT_LISTS) ? fs.readdirSync(APT_LISTS).filter((f) => /_main_i18n_Translation-en(\.\w+)?$/.test(f)) : [];
  if (!files.length) throw new Error(`no Translation-en in ${APT_LISTS}: apt-get -o Acquire::Languages=en update`);
  const entries = new Map<string, { name: string; lines: string[] }>();
  for (const f of files.sort()) {
    // apt-helper decompresses whatever apt stored (lz4, gz, xz, none).
    const text = execFileSync('/usr/lib/apt/apt-helper', ['cat-file', path.join(APT_LISTS, f)], { maxBuffer: 1 << 30 }).toString('utf8');
    for (const stanza of text.split(/\n\n+/)) {
      const md5 = /^Description-md5: (\w+)$/m.exec(stanza)?.[1];
      const name = /^Package: (\S+)$/m.exec(stanza)?.[1];
      const body = stanza.split(/^Description-en: .*$/m)[1];
      if (!md5 || !name || body === undefined || entries.has(md5)) continue;
      entries.set(md5, { name, lines: body.split('\n').filter((l) => l.startsWith(' ')) });
    }
  }
  const seen = new Set<string>();
  const docs: Doc[] = [];
  for (const md5 of [...entries.keys()].sort()) {
    if (docs.length >= limit) break;
    if (opt.half !== 'all' && (opt.half === 'look') !== (parseInt(md5[0], 16) % 2 === 0)) continue;
    const paragraphs: string[] = [];
    let current: string[] = [];
    const end = () => {
      const p = current.join(' ').trim();
      if (p && !seen.has(p)) (seen.add(p), paragraphs.push(p));
      current = [];
    };
    for (const line of entries.get(md5)!.lines) {
      if (line === ' .') end();
      else if (/^ {2}|^ [*\-+o#] /.test(line)) end();
      else current.push(line.trim());
    }
    end();
    if (paragraphs.length) docs.push({ name: entries.get(md5)!.name, text: paragraphs.join('\n\n') + '\n', kind: 'plaintext' });
  }
  return docs;
}

const SOURCE_NAMES: Record<string, string> = { readmes: 'README files', fortunes: 'fortune entries', debian: 'package descriptions' };

/** `--drop-closing`: each supplement closed by the writer, linted with its closing comma removed. */
function dropClosing(docs: readonly Doc[]): void {
  const parts = loadEngineParts();
  if (!parts.analyser || !parts.model) throw new Error(`--drop-closing needs the trained models: ${parts.problem ?? ''}`);
  const linter = makeLinter(parts);
  let items = 0;
  let found = 0;
  let writtenFindings = 0;
  const rows: string[] = [];
  for (const { name, text, kind } of docs) {
    for (const b of extractProse(text, kind).blocks) {
      for (const s of parts.analyser.parseText(b.text)) {
        const { tree } = s;
        for (let o = 1; o < tree.words.length; o++) {
          if (!opensSupplementAt(tree, o)) continue;
          let c = o + 1;
          while (c < tree.words.length && tree.slots[c].length === 0) c++;
          if (c >= tree.words.length || tree.slots[c].length !== 1 || tree.slots[c][0] !== ',') continue;
          if (!(supplementBetween(tree, o, c) ?? secondSubjectAsApposition(tree, o, c))) continue;
          const comma = s.tokens[s.slotTokens[c][0]];
          const sentence = b.text.slice(s.start, s.end);
          const at = comma.start - s.start;
          const dropped = sentence.slice(0, at) + sentence.slice(at + 1);
          items++;
          writtenFindings += linter.lint(sentence).filter((f) => f.severity !== 'info').length;
          const hit = linter.lint(dropped).some((f) => f.ruleId === 'nonrestrictive-comma' && f.fixes.some((x) => x.edits.some((e) => e.newText.includes(',') && Math.abs(e.start.offset - at) <= 1)));
          if (hit) found++;
          rows.push(`${hit ? 'found' : 'missed'} ${name}  ${dropped.slice(0, at)}‸${dropped.slice(at, at + 40)}`.replace(/\s+/g, ' '));
        }
      }
    }
  }
  console.log(`${docs.length} ${SOURCE_NAMES[opt.source!]} (half: ${opt.half}), parser and model ${linter.version}`);
  console.log(`closing commas dropped: ${items}; put back: ${found} (${((100 * found) / Math.max(1, items)).toFixed(1)}%); findings on those sentences as written: ${writtenFindings}`);
  if (opt.list) for (const r of rows) console.log(r);
}

/**
 * Which model reported a finding, read from its explanation: the comma-gap model's and the set-off model's say so in
 * their own words (`commaGaps/findings.ts`, `setOffCommas/findings.ts`); the rest are the decision's (the learned
 * scorer, or the calibrated one, over the punctuation model's candidates) or a convention's.
 */
function originOf(f: Finding): string {
  const why = f.explanation;
  if (/^Learned from edited English: .*read from the words around the gap/s.test(why)) return 'gaps';
  if (/^Learned from edited English: .*read from its words and the parse/s.test(why)) return 'set-off';
  return 'decision';
}

async function main(): Promise<void> {
  const docs = opt.source === 'fortunes' ? fortuneDocs() : opt.source === 'debian' ? descriptionDocs() : readmeDocs();
  if (opt['drop-closing']) return dropClosing(docs);
  const linter = await createLinter();
  const byRule = new Map<string, number>();
  const rows: Array<{ pkg: string; line: number; ruleId: string; confidence: number; origin: string; context: string }> = [];
  let sentences = 0;
  const started = Date.now();
  for (const [k, { name: pkg, text, kind }] of docs.entries()) {
    for (const b of extractProse(text, kind).blocks) sentences += tokenizeText(b.text).length;
    const findings: Finding[] = lintDocument(linter, text, kind, lintOptions);
    for (const f of findings) {
      byRule.set(f.ruleId, (byRule.get(f.ruleId) ?? 0) + 1);
      const o = f.start.offset;
      const context = (text.slice(Math.max(0, o - 70), o) + '‸' + text.slice(o, o + 40)).replace(/\s+/g, ' ');
      rows.push({ pkg, line: f.start.line + 1, ruleId: f.ruleId, confidence: f.confidence, origin: originOf(f), context });
    }
    if ((k + 1) % 50 === 0 && docs.length < 1000) process.stderr.write(`${k + 1} / ${docs.length} files\n`);
  }
  const total = rows.length;
  const per = (n: number) => ((1000 * n) / Math.max(1, sentences)).toFixed(1);
  console.log(`${docs.length} ${SOURCE_NAMES[opt.source!]} (half: ${opt.half}), ${sentences} prose sentences, ${((Date.now() - started) / 1000).toFixed(0)} s, parser ${linter.version}`);
  console.log('\n| rule | findings | per 1,000 sentences |\n| --- | ---: | ---: |');
  for (const [rule, n] of [...byRule].sort((a, b) => b[1] - a[1])) console.log(`| ${rule} | ${n} | ${per(n)} |`);
  console.log(`| **all** | **${total}** | **${per(total)}** |`);
  const byOrigin = new Map<string, number>();
  for (const r of rows) byOrigin.set(r.origin, (byOrigin.get(r.origin) ?? 0) + 1);
  console.log(`\nby the model that reported them: ${[...byOrigin].sort((a, b) => b[1] - a[1]).map(([o, n]) => `${o} ${n}`).join(', ')}`);
  if (opt.list) for (const r of rows) console.log(`${r.ruleId.padEnd(20)} ${r.confidence.toFixed(2)} ${r.origin.padEnd(7)} ${r.pkg}:${r.line}  ${r.context}`);
  if (opt.json) fs.writeFileSync(opt.json, JSON.stringify({ source: opt.source, half: opt.half, files: docs.length, sentences, byRule: Object.fromEntries(byRule), rows }, null, 1));
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
