/**
 * What `quoteStyle: auto` costs when the model decides American placement (issue #30, item 4): the quote-placement
 * findings of the text rule alone (no parser, no model: `makeLinter({})`), linted as the product lints documents, with
 * and without the model's style (`LintOptions.modelQuoteStyle`), and every finding the model's style adds listed with
 * its context, for judging by hand.
 *
 *   npx tsx server/research/quoteStyleByModel.ts --source readmes|edited [--half look|held-out] [--part dev|train|heldout]
 *
 * `readmes`: the README files of node_modules, split by package name as `npm run bench:docs` splits them (`look`:
 * names from "@" to "m"; `held-out`: from "n" on). `edited`: edited-english as written, one document per call
 * (`--part dev` by default; the held-out part is for reporting once).
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { makeLinter } from '../src/engine';
import { lintDocument, ProseKind } from '../src/prose';
import { EditedPart, readEditedEnglish } from './editedEnglish';

const { values: opt } = parseArgs({
  options: { source: { type: 'string', default: 'readmes' }, half: { type: 'string', default: 'look' }, part: { type: 'string', default: 'dev' } },
});

interface Doc {
  name: string;
  text: string;
  kind: ProseKind;
}

function readmeDocs(half: string): Doc[] {
  const top = path.resolve(__dirname, '../../node_modules');
  const dirs: string[] = [];
  for (const d of fs.readdirSync(top)) {
    if (d.startsWith('.')) continue;
    if (d.startsWith('@')) for (const s of fs.readdirSync(path.join(top, d))) dirs.push(`${d}/${s}`);
    else dirs.push(d);
  }
  const out: Doc[] = [];
  for (const d of dirs.sort()) {
    if (half !== 'all' && (half === 'look') !== d.replace(/^@/, '') < 'n') continue;
    const dir = path.join(top, d);
    if (!fs.statSync(dir).isDirectory() || fs.lstatSync(dir).isSymbolicLink()) continue;
    const f = fs.readdirSync(dir).find((n) => /^readme\.md$/i.test(n));
    if (f) out.push({ name: d, text: fs.readFileSync(path.join(dir, f), 'utf8'), kind: 'markdown' });
  }
  return out;
}

function editedDocs(part: EditedPart): Doc[] {
  return readEditedEnglish(undefined, [part]).map((d) => ({ name: `${d.source}:${d.index}`, text: d.paragraphs.join('\n\n') + '\n', kind: 'plaintext' }));
}

const docs = opt.source === 'edited' ? editedDocs(opt.part as EditedPart) : readmeDocs(opt.half!);
const linter = makeLinter({});
let without = 0;
let withModel = 0;
const added: string[] = [];
for (const { name, text, kind } of docs) {
  const key = (f: { start: { offset: number } }) => f.start.offset;
  const before = lintDocument(linter, text, kind).filter((f) => f.ruleId === 'quote-placement');
  const after = lintDocument(linter, text, kind, { modelQuoteStyle: 'american' }).filter((f) => f.ruleId === 'quote-placement');
  without += before.length;
  withModel += after.length;
  const had = new Set(before.map(key));
  for (const f of after) {
    if (had.has(key(f))) continue;
    const o = f.start.offset;
    added.push(`${name}:${f.start.line + 1}  ${(text.slice(Math.max(0, o - 60), o) + '‸' + text.slice(o, o + 30)).replace(/\s+/g, ' ')}`);
  }
}
console.log(`${docs.length} documents (${opt.source}, ${opt.source === 'edited' ? `part ${opt.part}` : `half ${opt.half}`}): quote-placement findings ${without} without the model's style, ${withModel} with it (American)`);
for (const a of added) console.log(a);
