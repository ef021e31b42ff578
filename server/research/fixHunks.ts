/**
 * What `puncteme lint --fix` changes in real documents, hunk by hunk, for judging by hand (issue 36: "safe" fixes
 * were often wrong). The corpus is made by `scripts/build-fix-corpus.sh` (READMEs as Markdown, man pages and
 * fortunes as plain text); every document of one half is fixed exactly as `--fix` fixes it (the product defaults,
 * `fixDocument`, every pass), and each applied fix is written as one hunk: its rule, confidence, and the text around
 * it before and after.
 *
 *   npx tsx server/research/fixHunks.ts --half look|held-out [--corpus DIR] [--out FILE] [--judged FILE] [--idempotent]
 *
 * `--out` (default /work/cache/fix-hunks-HALF.jsonl) gets one JSON object a hunk. `--judged FILE` reads judgements
 * (tab-separated: hunk key, verdict right|wrong|debatable, a note) and prints applied, right, wrong, debatable and
 * precision (right / (right + wrong)) overall and per rule; hunks with no judgement yet are listed as unjudged, and
 * written to `--out` with `"verdict": null` for judging. `--idempotent` fixes each fixed document a second time and
 * counts the documents whose text still changes.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { fixDocument } from '../src/cli/fix/fixDocument';
import { touchesCodeLikeToken } from '../src/edits/codeLikeTokens';
import { proseLikenessAt } from '../src/edits/proseLikeness';
import { DEFAULT_FIX_MIN_CONFIDENCE, SafeFix, wordsOf } from '../src/edits/safeFixes';
import { createLinter } from '../src/engine';
import { lintDocument, ParagraphCache, proseKindForPath } from '../src/prose';

const { values: opt } = parseArgs({
  options: {
    half: { type: 'string', default: 'look' },
    corpus: { type: 'string', default: '/work/cache/fix-corpus' },
    out: { type: 'string' },
    judged: { type: 'string' },
    idempotent: { type: 'boolean' },
    limit: { type: 'string' },
  },
});
if (!['look', 'held-out'].includes(opt.half!)) throw new Error('--half: look or held-out');
const outFile = opt.out ?? `/work/cache/fix-hunks-${opt.half}.jsonl`;

/** Characters of context on each side of a hunk. */
const CONTEXT = 60;

export interface Hunk {
  /** Stable across runs while the document and the text around the edit are the same: document + before → after. */
  key: string;
  doc: string;
  genre: string;
  ruleId: string;
  confidence: number;
  pass: number;
  before: string;
  after: string;
  message: string;
  /** The fix-safety signals at the hunk: prose-likeness of its paragraph, and whether it touches a code-like token. */
  prose: number;
  codeLike: boolean;
  verdict?: string | null;
}

function oneLine(s: string): string {
  return s.replace(/\n/g, '⏎').replace(/\t/g, '⇥');
}

function hunkOf(doc: string, genre: string, text: string, fix: SafeFix, pass: number): Hunk {
  const edits = [...fix.edits].sort((a, b) => a.start.offset - b.start.offset);
  const lo = Math.max(0, edits[0].start.offset - CONTEXT);
  const hi = Math.min(text.length, edits[edits.length - 1].end.offset + CONTEXT);
  let after = '';
  let at = lo;
  for (const e of edits) {
    after += text.slice(at, e.start.offset) + e.newText;
    at = e.end.offset;
  }
  after += text.slice(at, hi);
  const before = oneLine(text.slice(lo, hi));
  return {
    key: `${doc}|${before}|${oneLine(after)}`,
    doc,
    genre,
    ruleId: fix.finding.ruleId,
    confidence: Math.round(fix.finding.confidence * 1000) / 1000,
    pass,
    before,
    after: oneLine(after),
    message: fix.finding.message,
    prose: Math.round(proseLikenessAt(text, edits[0].start.offset) * 1000) / 1000,
    codeLike: edits.some((e) => touchesCodeLikeToken(text, e.start.offset, e.end.offset)),
  };
}

function readJudgements(file: string): Map<string, { verdict: string; note: string }> {
  const m = new Map<string, { verdict: string; note: string }>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [key, verdict, note = ''] = line.split('\t');
    if (!['right', 'wrong', 'debatable'].includes(verdict)) throw new Error(`${file}: bad verdict "${verdict}" in ${line}`);
    m.set(key, { verdict, note });
  }
  return m;
}

async function main(): Promise<void> {
  const linter = await createLinter();
  const cache = new ParagraphCache();
  const root = path.join(opt.corpus!, opt.half!);
  const docs: Array<{ name: string; genre: string; file: string }> = [];
  for (const genre of ['readmes', 'man', 'fortunes']) {
    const dir = path.join(root, genre);
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir).sort()) docs.push({ name: `${genre}/${f}`, genre, file: path.join(dir, f) });
  }
  const limit = opt.limit ? Number(opt.limit) : docs.length;
  const hunks: Hunk[] = [];
  let changedAgain = 0;
  let wordChanges = 0;
  let fixedDocs = 0;
  for (const d of docs.slice(0, limit)) {
    const text = fs.readFileSync(d.file, 'utf8');
    const kind = proseKindForPath(d.file) ?? 'plaintext';
    const lint = (t: string) => lintDocument(linter, t, kind, {}, cache);
    let pass = 0;
    const r = fixDocument(text, lint, DEFAULT_FIX_MIN_CONFIDENCE, (t, fixes) => {
      for (const f of fixes) hunks.push(hunkOf(d.name, d.genre, t, f, pass));
      pass++;
    });
    if (r.text === text) continue;
    fixedDocs++;
    const a = wordsOf(text);
    const b = wordsOf(r.text);
    if (a.length !== b.length || a.some((w, i) => w !== b[i])) wordChanges++;
    if (opt.idempotent && fixDocument(r.text, lint, DEFAULT_FIX_MIN_CONFIDENCE).text !== r.text) {
      changedAgain++;
      console.log(`not idempotent: ${d.name}`);
    }
  }
  const judged = opt.judged && fs.existsSync(opt.judged) ? readJudgements(opt.judged) : undefined;
  if (judged) for (const h of hunks) h.verdict = judged.get(h.key)?.verdict ?? null;
  fs.writeFileSync(outFile, hunks.map((h) => JSON.stringify(h)).join('\n') + (hunks.length ? '\n' : ''));
  console.log(`${opt.half}: ${Math.min(limit, docs.length)} documents, ${fixedDocs} changed, ${hunks.length} hunks → ${outFile}`);
  console.log(`documents whose words changed: ${wordChanges}${opt.idempotent ? `; changed by a second --fix: ${changedAgain}` : ''}`);
  const byRule = new Map<string, Hunk[]>();
  for (const h of hunks) byRule.set(h.ruleId, [...(byRule.get(h.ruleId) ?? []), h]);
  const line = (name: string, hs: Hunk[]) => {
    const n = (v: string | null) => hs.filter((h) => h.verdict === v).length;
    const right = n('right');
    const wrong = n('wrong');
    const precision = right + wrong ? ((100 * right) / (right + wrong)).toFixed(1) + '%' : '-';
    const byGenre = ['readmes', 'man', 'fortunes'].map((g) => `${g} ${hs.filter((h) => h.genre === g).length}`).join(', ');
    return judged
      ? `${name.padEnd(24)} applied ${String(hs.length).padStart(4)}  right ${right}  wrong ${wrong}  debatable ${n('debatable')}  unjudged ${n(null)}  precision ${precision}  (${byGenre})`
      : `${name.padEnd(24)} applied ${String(hs.length).padStart(4)}  (${byGenre})`;
  };
  console.log(line('all', hunks));
  for (const [rule, hs] of [...byRule].sort((a, b) => b[1].length - a[1].length)) console.log(line(rule, hs));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
