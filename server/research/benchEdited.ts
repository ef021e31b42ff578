/**
 * The edited-english benchmark (`npm run bench:edited -- [options]`): the engine as it ships (the public linter,
 * default settings, each document linted as a plain-text file is: paragraphs as prose blocks, the document's habits
 * decided over all of them) on
 * - the part's documents corrupted by the writers' error generator, one error in one paragraph at a time (the rest of
 *   the document as written; `corruption/benchItems.ts` drops the items whose gold is wrong or
 *   names another kind's comma (an "apposition" that is a list item or a date), without redrawing):
 *   precision, recall and F0.5 per error kind, slot by slot against the gold repair
 *   (`eval/score.ts`), counting the edits of the findings inside the corrupted sentence; overall both as drawn
 *   (every kind alike) and weighted by how often writers make each kind (`corruption/rates.ts`);
 * - the same documents as written: findings per 1,000 sentences, each printed with its sentence (`--findings FILE`)
 *   so it can be read and called a real error or a false alarm.
 *
 *   --part heldout|dev   which tenth (default heldout; choices are made on dev, never on heldout)
 *   --per-kind N         items per error kind (default 150)
 *   --seed N             the suite's draw (default 1)
 *   --no-clean / --no-corrupt   skip one half
 *   --findings FILE      every clean finding with its sentence (default: printed count only)
 *   --misses FILE        every corrupted item with the engine's edits, for reading
 *   --markdown FILE      the tables as Markdown;  --out FILE  everything as JSON
 *   --comma-gaps / --no-comma-gaps   ask the comma-gap model or not (`LintOptions.commaGaps`; default: the engine's)
 *   --decision D         `learned` (the engine's default): the learned correction scorer decides (`models/en/lint-scorer.json`);
 *                        `calibrated`: the error model with its guards and conventions
 *   --kinds a,b          judge only these error kinds (the suite is drawn as for all kinds, so each item is the same)
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { EditedPart } from './editedEnglish';
import { BENCH_KINDS, WRITER_ERROR_RATES } from './corruption/rates';
import { corruptedParagraph, EditedItem, loadSuiteDocuments, SuiteDocument } from './corruption/editedSuite';
import { benchItems } from './corruption/benchItems';
import { GENUINE_SHAPE, shapeOf } from './corruption/itemShape';
import { loadEngineParts, makeLinter, Linter } from '../src/engine';
import { Finding } from '../src/engine/types';
import { lintDocument, ParagraphCache } from '../src/prose';
import { f05, judge, slotEdits, Tally } from './eval/score';
import { documentText, showFinding } from './corruption/documentText';

const { values: opt } = parseArgs({
  options: {
    part: { type: 'string', default: 'heldout' },
    'per-kind': { type: 'string', default: '150' },
    seed: { type: 'string', default: '1' },
    'no-clean': { type: 'boolean' },
    'no-corrupt': { type: 'boolean' },
    findings: { type: 'string' },
    misses: { type: 'string' },
    markdown: { type: 'string' },
    out: { type: 'string' },
    decision: { type: 'string' },
    'comma-gaps': { type: 'boolean' },
    'no-comma-gaps': { type: 'boolean' },
    kinds: { type: 'string' },
  },
});

function lintDoc(linter: Linter, paragraphs: readonly string[], cache: ParagraphCache): { findings: Finding[]; starts: number[]; text: string } {
  const { text, starts } = documentText(paragraphs);
  return { findings: lintDocument(linter, text, 'plaintext', { ...(opt.decision === 'learned' || opt.decision === 'calibrated' ? { decision: opt.decision } : {}), ...(opt['comma-gaps'] ? { commaGaps: true } : {}), ...(opt['no-comma-gaps'] ? { commaGaps: false } : {}) }, cache), starts, text };
}

interface KindResult extends Tally {
  items: number;
  fpAtGold: number;
}

function main(): void {
  const part = opt.part as EditedPart;
  const perKind = Number(opt['per-kind']);
  const t0 = Date.now();
  const docs = loadSuiteDocuments(part);
  const sentenceCount = docs.reduce((s, d) => s + d.sentences.reduce((a, x) => a + x.length, 0), 0);
  console.log(`${part}: ${docs.length} documents, ${sentenceCount} sentences (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  const parts = loadEngineParts();
  if (parts.problem) throw new Error(`engine: ${parts.problem}`);
  if (opt.decision !== undefined && opt.decision !== 'learned' && opt.decision !== 'calibrated') throw new Error('--decision takes learned or calibrated');
  if (opt.decision !== 'calibrated' && !parts.scorer) throw new Error('the learned decision (the default): no models/en/lint-scorer.json; --decision calibrated lints without it');
  const linter = makeLinter(parts);
  const cache = new ParagraphCache(100000);
  const report: Record<string, unknown> = { part, date: new Date().toISOString(), linter: linter.version };
  const md: string[] = [];

  // Clean: every document as written.
  if (!opt['no-clean']) {
    const t1 = Date.now();
    const byRule = new Map<string, number>();
    const lines: string[] = [];
    let findings = 0;
    const flagged = new Set<string>();
    for (const doc of docs) {
      const { findings: fs_, starts, text } = lintDoc(linter, doc.paragraphs, cache);
      for (const f of fs_) {
        findings++;
        byRule.set(f.ruleId, (byRule.get(f.ruleId) ?? 0) + 1);
        const p = starts.findIndex((s, i) => f.start.offset >= s && (i + 1 === starts.length || f.start.offset < starts[i + 1]));
        const s = doc.sentences[p]?.find((x) => f.start.offset - starts[p] >= x.start && f.start.offset - starts[p] <= x.end);
        const lo = s ? starts[p] + s.start : starts[p];
        const hi = s ? starts[p] + s.end : starts[p] + doc.paragraphs[p].length;
        flagged.add(`${doc.key}/${p}/${lo}`);
        lines.push(`${doc.key} ¶${p}\t${f.ruleId}\t${f.confidence.toFixed(2)}\t${showFinding(text, f, lo, hi)}\t${f.message}`);
      }
    }
    const per1k = (x: number) => ((1000 * x) / sentenceCount).toFixed(2);
    console.log(`clean: ${findings} findings in ${sentenceCount} sentences = ${per1k(findings)} per 1,000 sentences; ${flagged.size} sentences flagged (${((100 * flagged.size) / sentenceCount).toFixed(2)}%) (${((Date.now() - t1) / 1000).toFixed(0)} s)`);
    md.push(`Clean ${part}: ${findings} findings in ${sentenceCount} sentences = **${per1k(findings)} per 1,000 sentences**; ${flagged.size} sentences flagged (${((100 * flagged.size) / sentenceCount).toFixed(2)}%).`, '', '| rule | findings | per 1,000 sentences |', '| --- | ---: | ---: |');
    for (const [r, c] of [...byRule].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${r}: ${c} (${per1k(c)})`);
      md.push(`| ${r} | ${c} | ${per1k(c)} |`);
    }
    md.push('');
    if (opt.findings) fs.writeFileSync(opt.findings, lines.join('\n') + '\n');
    report.clean = { sentences: sentenceCount, findings, flaggedSentences: flagged.size, byRule: Object.fromEntries(byRule) };
  }

  // Corrupted: one error in one paragraph, the rest of the document as written.
  if (!opt['no-corrupt']) {
    const t2 = Date.now();
    const only = opt.kinds ? new Set(opt.kinds.split(',')) : undefined;
    const items = benchItems(docs, BENCH_KINDS, perKind, Number(opt.seed)).filter((it) => !only || only.has(it.error));
    console.log(`suite: ${items.length} items (${((Date.now() - t2) / 1000).toFixed(0)} s)`);
    const results = new Map<string, KindResult>();
    // The set-off kinds on the shapes their labels name (`corruption/itemShape.ts`): the rest are another kind's comma.
    const genuine = new Map<string, KindResult>();
    const misses: string[] = [];
    let done = 0;
    for (const it of items) {
      const r = judgeItem(linter, docs[it.doc], it, cache, misses);
      const k = results.get(it.error) ?? { items: 0, tp: 0, fp: 0, fn: 0, fpAtGold: 0 };
      k.items++;
      k.tp += r.tp;
      k.fp += r.fp;
      k.fn += r.fn;
      k.fpAtGold += r.fpAtGold;
      results.set(it.error, k);
      if (GENUINE_SHAPE[it.error] && shapeOf(it) === GENUINE_SHAPE[it.error]) {
        const g = genuine.get(it.error) ?? { items: 0, tp: 0, fp: 0, fn: 0, fpAtGold: 0 };
        g.items++;
        g.tp += r.tp;
        g.fp += r.fp;
        g.fn += r.fn;
        g.fpAtGold += r.fpAtGold;
        genuine.set(it.error, g);
      }
      if (++done % 500 === 0) console.log(`  ${done}/${items.length} (${((Date.now() - t2) / 1000).toFixed(0)} s)`);
    }
    const pc = (x: number) => x.toFixed(3);
    md.push(`Corrupted ${part} (${perKind} items per kind at most, seed ${opt.seed}):`, '', '| error kind | items | TP | FP (at a gold slot) | FN | P | R | F0.5 | writers per 1k |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    const all: Tally = { tp: 0, fp: 0, fn: 0 };
    const weighted: Tally = { tp: 0, fp: 0, fn: 0 };
    for (const kind of BENCH_KINDS) {
      const k = results.get(kind);
      if (!k) continue;
      const s = f05(k);
      const w = WRITER_ERROR_RATES[kind]!.per1k / k.items;
      all.tp += k.tp;
      all.fp += k.fp;
      all.fn += k.fn;
      weighted.tp += w * k.tp;
      weighted.fp += w * k.fp;
      weighted.fn += w * k.fn;
      const line = `| ${kind} | ${k.items} | ${k.tp} | ${k.fp} (${k.fpAtGold}) | ${k.fn} | ${pc(s.precision)} | ${pc(s.recall)} | ${pc(s.f05)} | ${WRITER_ERROR_RATES[kind]!.per1k.toFixed(1)} |`;
      md.push(line);
      console.log(line);
    }
    const a = f05(all);
    const w = f05(weighted);
    const lines = [
      `| overall, every kind alike | ${items.length} | ${all.tp} | ${all.fp} | ${all.fn} | ${pc(a.precision)} | ${pc(a.recall)} | ${pc(a.f05)} | |`,
      `| overall, writers' mix | | | | | ${pc(w.precision)} | ${pc(w.recall)} | ${pc(w.f05)} | |`,
    ];
    for (const [kind, g] of genuine) {
      const s = f05(g);
      lines.push(`| ${kind}, ${GENUINE_SHAPE[kind]} only | ${g.items} | ${g.tp} | ${g.fp} (${g.fpAtGold}) | ${g.fn} | ${pc(s.precision)} | ${pc(s.recall)} | ${pc(s.f05)} | |`);
    }
    md.push(...lines, '');
    lines.forEach((l) => console.log(l));
    console.log(`(${((Date.now() - t2) / 1000).toFixed(0)} s)`);
    if (opt.misses) fs.writeFileSync(opt.misses, misses.join('\n') + '\n');
    report.corrupted = { perKind, seed: Number(opt.seed), results: Object.fromEntries(results), genuineShapes: Object.fromEntries(genuine), overall: a, weighted: w };
  }
  if (opt.markdown) fs.writeFileSync(opt.markdown, md.join('\n') + '\n');
  if (opt.out) fs.writeFileSync(opt.out, JSON.stringify(report, null, 1));
}

/** Lints the item's document with its corrupted paragraph and judges the edits inside the corrupted span. */
function judgeItem(linter: Linter, doc: SuiteDocument, it: EditedItem, cache: ParagraphCache, misses: string[]): Tally & { fpAtGold: number } {
  const paragraphs = doc.paragraphs.map((p, i) => (i === it.par ? corruptedParagraph(doc, it) : p));
  const { findings, starts, text } = lintDoc(linter, paragraphs, cache);
  const lo = starts[it.par] + it.start;
  const hi = lo + it.corrupted.text.length;
  const own = findings.filter((f) => f.fixes[0] && f.fixes[0].edits.length > 0 && f.fixes[0].edits.every((e) => e.start.offset >= lo && e.end.offset <= hi));
  const edits = own.flatMap((f) => f.fixes[0].edits.map((e) => ({ start: e.start.offset - lo, end: e.end.offset - lo, newText: e.newText })));
  const j = judge(it.corruption, slotEdits(it.corrupted, edits));
  const fpAtGold = j.wrong.filter((i) => it.corruption.gold.has(i)).length;
  const shown = own.map((f) => `${f.ruleId} ${f.confidence.toFixed(2)}: ${showFinding(text, f, lo, hi)}`);
  misses.push(`${it.error}\t${it.id}\t${j.correct.length ? 'HIT' : 'MISS'}${j.wrong.length ? ` +${j.wrong.length} wrong` : ''}\n  written:   ${it.corrupted.text}\n  original:  ${it.original.text}\n${shown.map((s) => `  engine:    ${s}`).join('\n')}`);
  return { tp: j.correct.length, fp: j.wrong.length, fn: j.missed.length, fpAtGold };
}

if (require.main === module) main();
