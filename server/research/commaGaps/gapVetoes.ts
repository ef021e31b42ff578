/**
 * What the guards' vetoes cost the comma-gap model (`engine/commaGaps/`, asked with `LintOptions.commaGaps`): on dev
 * data only, the engine lints with the comma gaps on, and every gap finding a guard's veto keeps out (and nothing else
 * would, `gapVetoTrace` in `sentenceKinds.ts`) is recorded with the guards that vetoed it:
 * - edited-english dev corrupted (the suite of `benchEdited.ts`: one writer's error in one paragraph, seed 1, 150 per
 *   kind): judged against the gold repair like the engine's own findings (a true correction blocked, or a wrong edit
 *   prevented); the engine's own edits are kept per item, so F0.5 with some guards' vetoes ignored can be computed;
 * - edited-english dev and EWT dev as written (one treebank document per call): each vetoed finding is a false alarm
 *   prevented (printed, to be read: some are the editors' own slips).
 *
 *   npx tsx server/research/commaGaps/gapVetoes.ts --out /work/cache/commaGaps/vetoes.json [--ignore a,b] [--limit N]
 *
 * `--ignore`: guards whose vetoes the tables count as gone (the what-if F0.5), without changing the engine.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../../src/data/treebank';
import { loadEngineParts, makeLinter } from '../../src/engine';
import { gapVetoTrace } from '../../src/engine/sentenceKinds';
import { PlainFinding } from '../../src/engine/finding';
import { lintDocument, ParagraphCache } from '../../src/prose';
import { BENCH_KINDS, WRITER_ERROR_RATES } from '../corruption/rates';
import { buildEditedSuite, corruptedParagraph, loadSuiteDocuments } from '../corruption/editedSuite';
import { cleanTexts } from '../eval/cleanText';
import { f05, judge, slotEdits, Tally } from '../eval/score';
import { documentText } from '../corruption/documentText';

const { values: opt } = parseArgs({
  options: {
    out: { type: 'string' },
    'per-kind': { type: 'string', default: '150' },
    limit: { type: 'string' },
    ignore: { type: 'string' },
    only: { type: 'string' },
  },
});

interface Edit {
  start: number;
  end: number;
  newText: string;
}
interface Vetoed {
  guards: string[];
  edits: Edit[];
  shown: string;
}

let caught: { f: PlainFinding; text: string; guards: readonly string[] }[] = [];
gapVetoTrace.vetoed = (f, text, guards) => caught.push({ f, text, guards });

function shown(text: string, edits: readonly Edit[], lo: number, hi: number): string {
  let out = '';
  let at = lo;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    if (e.start < at || e.end > hi) continue;
    out += text.slice(at, e.start) + `⟦${text.slice(e.start, e.end)}→${e.newText}⟧`;
    at = e.end;
  }
  return (out + text.slice(at, hi)).replace(/\s+/g, ' ');
}

function around(text: string, offset: number): [number, number] {
  const before = text.slice(0, offset).search(/[^.!?\n]*$/);
  const after = text.slice(offset).search(/[.!?\n]/);
  return [before, after < 0 ? text.length : offset + after + 1];
}

function cleanVetoed(): Vetoed[] {
  return caught.map(({ f, text, guards }) => {
    const edits = f.fixes[0].edits.map((e) => ({ ...e }));
    const [lo, hi] = around(text, f.start);
    return { guards: [...guards], edits, shown: shown(text, edits, lo, hi) };
  });
}

function main(): void {
  const only = opt.only ? new Set(opt.only.split(',')) : undefined;
  const want = (x: string) => !only || only.has(x);
  const limit = opt.limit === undefined ? Infinity : Number(opt.limit);
  const parts = loadEngineParts();
  if (parts.problem) throw new Error(`engine: ${parts.problem}`);
  const linter = makeLinter(parts);
  const t0 = Date.now();
  const log = (m: string) => console.log(`${m} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  const docs = loadSuiteDocuments('dev');
  const cache = new ParagraphCache(100000);
  const lintDoc = (paragraphs: readonly string[]) => {
    const { text, starts } = documentText(paragraphs);
    caught = [];
    return { text, starts, findings: lintDocument(linter, text, 'plaintext', { commaGaps: true }, cache) };
  };
  const out: Record<string, unknown> = { date: new Date().toISOString() };

  const editedClean: Vetoed[] = [];
  if (want('edited-clean')) {
    let findings = 0;
    for (const doc of docs.slice(0, limit)) {
      findings += lintDoc(doc.paragraphs).findings.length;
      editedClean.push(...cleanVetoed().map((v) => ({ ...v, shown: `${doc.key}: ${v.shown}` })));
    }
    out.editedClean = { sentences: docs.reduce((s, d) => s + d.sentences.reduce((a, x) => a + x.length, 0), 0), findings, vetoed: editedClean };
    log(`edited-clean: ${findings} findings, ${editedClean.length} gap findings vetoed`);
  }

  const items: { id: string; kind: string; base: Tally; baseEdits: Edit[]; tally: (edits: Edit[]) => Tally; vetoed: (Vetoed & { correct: number; wrong: number })[] }[] = [];
  if (want('edited-corrupt')) {
    const suite = buildEditedSuite(docs, BENCH_KINDS, Number(opt['per-kind']), 1).slice(0, limit);
    for (const it of suite) {
      const doc = docs[it.doc];
      const { text, starts, findings } = lintDoc(doc.paragraphs.map((p, i) => (i === it.par ? corruptedParagraph(doc, it) : p)));
      const lo = starts[it.par] + it.start;
      const hi = lo + it.corrupted.text.length;
      const own = findings.filter((f) => f.fixes[0] && f.fixes[0].edits.length > 0 && f.fixes[0].edits.every((e) => e.start.offset >= lo && e.end.offset <= hi));
      const baseEdits = own.flatMap((f) => f.fixes[0].edits.map((e) => ({ start: e.start.offset - lo, end: e.end.offset - lo, newText: e.newText })));
      const tally = (edits: Edit[]): Tally => {
        const j = judge(it.corruption, slotEdits(it.corrupted, edits));
        return { tp: j.correct.length, fp: j.wrong.length, fn: j.missed.length };
      };
      const base = tally(baseEdits);
      const vetoed = [];
      for (const { f, text: t, guards } of caught) {
        const at = t.indexOf(it.corrupted.text);
        if (at < 0) continue;
        const edits = f.fixes[0].edits.map((e) => ({ start: e.start - at, end: e.end - at, newText: e.newText }));
        if (!edits.every((e) => e.start >= 0 && e.end <= it.corrupted.text.length)) continue;
        const j = judge(it.corruption, slotEdits(it.corrupted, edits));
        vetoed.push({ guards: [...guards], edits, correct: j.correct.length, wrong: j.wrong.length, shown: `${it.error}: ${shown(it.corrupted.text, edits, 0, it.corrupted.text.length)}` });
      }
      items.push({ id: it.id, kind: it.error, base, baseEdits, tally, vetoed });
    }
    out.corrupt = items.map(({ id, kind, base, vetoed }) => ({ id, kind, base, vetoed }));
    log(`edited-corrupt: ${items.length} items, ${items.reduce((a, x) => a + x.vetoed.length, 0)} gap findings vetoed`);
  }

  const ewtClean: Vetoed[] = [];
  if (want('ewt-clean')) {
    const DATA = path.resolve(__dirname, '../../../../shared/data/ud-english-ewt');
    const dev = readTreebank(path.join(DATA, 'en_ewt-ud-dev.conllu'));
    const { texts, ids } = cleanTexts(dev.sentences, true);
    let findings = 0;
    texts.slice(0, limit).forEach((text, k) => {
      caught = [];
      findings += linter.lint(text, { quoteStyle: 'auto', commaGaps: true }).length;
      ewtClean.push(...cleanVetoed().map((v) => ({ ...v, shown: `${ids[k]}: ${v.shown}` })));
    });
    out.ewtClean = { sentences: dev.sentences.length, findings, vetoed: ewtClean };
    log(`ewt-clean: ${findings} findings, ${ewtClean.length} gap findings vetoed`);
  }

  // Per guard (a finding two guards vetoed counts under both joined).
  const rows = new Map<string, { blocked: number; prevented: number; editedClean: number; ewtClean: number }>();
  const row = (g: string[]) => {
    const k = g.sort().join('+');
    const r = rows.get(k) ?? { blocked: 0, prevented: 0, editedClean: 0, ewtClean: 0 };
    rows.set(k, r);
    return r;
  };
  for (const it of items)
    for (const v of it.vetoed) {
      const r = row(v.guards);
      if (v.correct > 0) r.blocked++;
      if (v.wrong > 0) r.prevented++;
    }
  editedClean.forEach((v) => row(v.guards).editedClean++);
  ewtClean.forEach((v) => row(v.guards).ewtClean++);
  console.log('| guard | true corrections blocked (corrupted dev) | wrong edits prevented (corrupted dev) | false alarms prevented (clean edited dev) | false alarms prevented (clean EWT dev) |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [g, r] of [...rows].sort((a, b) => b[1].blocked - a[1].blocked)) console.log(`| ${g} | ${r.blocked} | ${r.prevented} | ${r.editedClean} | ${r.ewtClean} |`);

  // F0.5 as linted, and with the listed guards' vetoes counted as gone (a vetoed finding only one of them vetoed).
  if (items.length > 0) {
    const ignore = new Set((opt.ignore ?? '').split(',').filter(Boolean));
    const summary = (ign: Set<string>) => {
      const byKind = new Map<string, Tally & { items: number }>();
      for (const it of items) {
        const freed = it.vetoed.filter((v) => v.guards.every((g) => ign.has(g)));
        let t = it.base;
        if (freed.length > 0) t = it.tally([...it.baseEdits, ...freed.flatMap((v) => v.edits)]);
        const k = byKind.get(it.kind) ?? { tp: 0, fp: 0, fn: 0, items: 0 };
        k.tp += t.tp;
        k.fp += t.fp;
        k.fn += t.fn;
        k.items++;
        byKind.set(it.kind, k);
      }
      const all: Tally = { tp: 0, fp: 0, fn: 0 };
      const mix: Tally = { tp: 0, fp: 0, fn: 0 };
      for (const [kind, k] of byKind) {
        const w = WRITER_ERROR_RATES[kind as keyof typeof WRITER_ERROR_RATES]!.per1k / k.items;
        all.tp += k.tp;
        all.fp += k.fp;
        all.fn += k.fn;
        mix.tp += w * k.tp;
        mix.fp += w * k.fp;
        mix.fn += w * k.fn;
      }
      return { all: f05(all), mix: f05(mix), tally: all };
    };
    const fmt = (s: ReturnType<typeof summary>) => `every kind alike P ${s.all.precision.toFixed(3)} R ${s.all.recall.toFixed(3)} F0.5 ${s.all.f05.toFixed(3)} (TP ${s.tally.tp} FP ${s.tally.fp}); writers' mix F0.5 ${s.mix.f05.toFixed(3)}`;
    console.log(`as linted: ${fmt(summary(new Set()))}`);
    if (ignore.size > 0) {
      console.log(`ignoring ${[...ignore].join(', ')}: ${fmt(summary(ignore))}`);
      const freedClean = [...editedClean, ...ewtClean].filter((v) => v.guards.every((g) => ignore.has(g)));
      console.log(`  clean findings it adds: ${freedClean.length}`);
      freedClean.forEach((v) => console.log(`    ${v.shown}`));
    }
  }
  if (opt.out) {
    fs.mkdirSync(path.dirname(opt.out), { recursive: true });
    fs.writeFileSync(opt.out, JSON.stringify(out));
  }
}

if (require.main === module) main();
