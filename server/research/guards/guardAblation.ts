/**
 * What each correction guard (`engine/correction/guards/registry.ts`) keeps out, measured in one pass per
 * configuration instead of one benchmark run per guard:
 *
 *   PUNCTEME_SKIP_GUARDS='*' npx tsx server/research/guards/guardAblation.ts --out /work/cache/guards/off.json
 *   npx tsx server/research/guards/guardAblation.ts --out /work/cache/guards/on.json
 *   npx tsx server/research/guards/guardBudget.ts --on …/on.json --off …/off.json
 *
 * The engine as it ships (default settings) lints, on dev data only:
 * - `edited-clean`: every edited-english dev document as written (paragraphs, the document's habits over all of them);
 * - `edited-corrupt`: the edited dev suite (`benchEdited.ts`: one writer's error in one paragraph, seed 1, 150 per
 *   kind), only the findings inside the corrupted span counted;
 * - `ewt-clean`: EWT dev as written, one treebank document per call (as `bench:lint --clean-docs`);
 * - `ewt-corrupt`: the EWT dev corruption suite of `bench:lint` (both halves, American quotes), each sentence alone.
 * Every finding is written with a key that is the same across configurations, its judgement (on corrupted text: the
 * slots it repairs and the slots it gets wrong, `eval/score.ts`) and, with guards left out, the guards that fired at
 * the slots its edits touch (`guardTrace`, matched by the words either side of the slot). A finding that only the
 * run without guards makes is put down to the guards that fired at its slots: it comes back once all of them are gone.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { PunctuatedTree } from '../../src/data/depunct';
import { readTreebank } from '../../src/data/treebank';
import { loadEngineParts, makeLinter } from '../../src/engine';
import { guardTrace, anyGuardSkipped } from '../../src/engine/correction/guards/registry';
import { Finding } from '../../src/engine/types';
import { lintDocument, ParagraphCache } from '../../src/prose';
import { BENCH_KINDS } from '../corruption/rates';
import { buildEditedSuite, corruptedParagraph, loadSuiteDocuments } from '../corruption/editedSuite';
import { buildSuite } from '../eval/suite';
import { spliceItems } from '../eval/splice';
import { cleanTexts } from '../eval/cleanText';
import { judge, slotEdits } from '../eval/score';
import { Corruption } from '../eval/corrupt';
import { Rendered } from '../eval/draft';
import { documentText, showFinding } from '../corruption/documentText';

/** A finding shown in its text on one line. */
const show = (text: string, f: Finding, lo: number, hi: number): string => showFinding(text, f, lo, hi).replace(/\s+/g, ' ');

const { values: opt } = parseArgs({
  options: {
    out: { type: 'string' },
    'per-kind': { type: 'string', default: '150' },
    only: { type: 'string' },
    /** For a quick look: at most this many documents or items per set. */
    limit: { type: 'string' },
  },
});

export type SetName = 'edited-clean' | 'edited-corrupt' | 'ewt-clean' | 'ewt-corrupt';

export interface RecordedFinding {
  set: SetName;
  /** The same finding in another configuration has the same key. */
  key: string;
  ruleId: string;
  confidence: number;
  /** Corrupted sets: the corruption kind, and the gold slots this finding repairs and the slots it gets wrong. */
  kind?: string;
  correct?: number;
  wrong?: number;
  /** Guards that fired at the slots its edits touch (recorded only when some guard is left out). */
  guards?: string[];
  /** Its edits shown in the sentence, for reading. */
  shown: string;
}

export interface AblationRun {
  skipped: string;
  date: string;
  sentences: Record<SetName, number>;
  items: Record<string, number>;
  findings: RecordedFinding[];
  /** Findings whose slots matched no trace record. */
  unmatched: number;
}

interface TraceRecord {
  left: string;
  right: string;
  ids: readonly string[];
}

let trace: TraceRecord[] = [];
if (anyGuardSkipped)
  guardTrace.fired = (tree: PunctuatedTree, i: number, ids: readonly string[]) => {
    trace.push({ left: tree.words[i - 1].form, right: tree.words[i].form, ids });
  };

const TRIM_LEFT = /[\s,;:"'“”‘’()\[\]]+$/u;
const TRIM_RIGHT = /^[\s,;:"'“”‘’()\[\]]+/u;

/** The guards recorded at the slot where an edit of `text` falls, matched by the words either side of it. */
function guardsAt(text: string, start: number, end: number): string[] | undefined {
  const left = text.slice(Math.max(0, start - 60), start).replace(TRIM_LEFT, '');
  const right = text.slice(end, end + 60).replace(TRIM_RIGHT, '');
  const hits = trace.filter((r) => left.endsWith(r.left) && right.startsWith(r.right));
  if (hits.length === 0) return undefined;
  return [...new Set(hits.flatMap((r) => r.ids))];
}

const editsKey = (f: Finding, lo = 0) => (f.fixes[0]?.edits ?? []).map((e) => `${e.start.offset - lo}-${e.end.offset - lo}:${e.newText}`).join(';');

let unmatched = 0;

/** Attribution of a finding's slots to the guards recorded in this lint call. */
function attribute(text: string, f: Finding): string[] | undefined {
  if (!anyGuardSkipped) return undefined;
  const edits = f.fixes[0]?.edits ?? [];
  const ids = new Set<string>();
  let matched = false;
  for (const e of edits) {
    const g = guardsAt(text, e.start.offset, e.end.offset);
    if (g) {
      matched = true;
      g.forEach((x) => ids.add(x));
    }
  }
  if (!matched) unmatched++;
  return [...ids];
}

function judged(c: Corruption, r: Rendered, f: Finding, lo: number): { correct: number; wrong: number } {
  const edits = (f.fixes[0]?.edits ?? []).map((e) => ({ start: e.start.offset - lo, end: e.end.offset - lo, newText: e.newText }));
  const j = judge(c, slotEdits(r, edits));
  return { correct: j.correct.length, wrong: j.wrong.length };
}

function sentenceBounds(text: string, offset: number): [number, number] {
  const before = text.slice(0, offset).search(/[^.!?\n]*$/);
  const after = text.slice(offset).search(/[.!?\n]/);
  return [before, after < 0 ? text.length : offset + after + 1];
}

function main(): void {
  const only = opt.only ? new Set(opt.only.split(',')) : undefined;
  const want = (s: SetName) => !only || only.has(s);
  const parts = loadEngineParts();
  if (parts.problem) throw new Error(`engine: ${parts.problem}`);
  const linter = makeLinter(parts);
  const run: AblationRun = {
    skipped: process.env.PUNCTEME_SKIP_GUARDS ?? '',
    date: new Date().toISOString(),
    sentences: { 'edited-clean': 0, 'edited-corrupt': 0, 'ewt-clean': 0, 'ewt-corrupt': 0 },
    items: {},
    findings: [],
    unmatched: 0,
  };
  const t0 = Date.now();
  const log = (m: string) => console.log(`${m} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);

  const limit = opt.limit === undefined ? Infinity : Number(opt.limit);
  const docs = loadSuiteDocuments('dev');
  const cache = new ParagraphCache(100000);
  const lintDoc = (paragraphs: readonly string[]) => {
    const { text, starts } = documentText(paragraphs);
    trace = [];
    return { text, starts, findings: lintDocument(linter, text, 'plaintext', {}, cache) };
  };
  if (want('edited-clean') || want('edited-corrupt')) {
    run.sentences['edited-clean'] = docs.reduce((s, d) => s + d.sentences.reduce((a, x) => a + x.length, 0), 0);
    for (const doc of docs.slice(0, limit)) {
      const { text, findings } = lintDoc(doc.paragraphs);
      if (!want('edited-clean')) continue;
      for (const f of findings) {
        const [lo, hi] = sentenceBounds(text, f.start.offset);
        run.findings.push({ set: 'edited-clean', key: `${doc.key}|${f.ruleId}|${editsKey(f)}`, ruleId: f.ruleId, confidence: f.confidence, guards: attribute(text, f), shown: show(text, f, lo, hi) });
      }
    }
    log(`edited-clean: ${run.findings.length} findings`);
  }
  if (want('edited-corrupt')) {
    const items = buildEditedSuite(docs, BENCH_KINDS, Number(opt['per-kind']), 1).slice(0, limit);
    run.sentences['edited-corrupt'] = items.length;
    for (const it of items) {
      run.items[it.error] = (run.items[it.error] ?? 0) + 1;
      const doc = docs[it.doc];
      const { text, starts, findings } = lintDoc(doc.paragraphs.map((p, i) => (i === it.par ? corruptedParagraph(doc, it) : p)));
      const lo = starts[it.par] + it.start;
      const hi = lo + it.corrupted.text.length;
      for (const f of findings) {
        const edits = f.fixes[0]?.edits ?? [];
        if (edits.length === 0 || !edits.every((e) => e.start.offset >= lo && e.end.offset <= hi)) continue;
        const j = judged(it.corruption, it.corrupted, f, lo);
        run.findings.push({ set: 'edited-corrupt', key: `${it.id}|${f.ruleId}|${editsKey(f, lo)}`, ruleId: f.ruleId, confidence: f.confidence, kind: it.error, ...j, guards: attribute(text, f), shown: show(text, f, lo, hi) });
      }
    }
    log(`edited-corrupt: ${items.length} items`);
  }
  const DATA = path.resolve(__dirname, '../../../../shared/data/ud-english-ewt');
  const dev = want('ewt-clean') || want('ewt-corrupt') ? readTreebank(path.join(DATA, 'en_ewt-ud-dev.conllu')) : undefined;
  if (dev && want('ewt-clean')) {
    const { texts, ids } = cleanTexts(dev.sentences, true);
    run.sentences['ewt-clean'] = dev.sentences.length;
    texts.slice(0, limit).forEach((text, k) => {
      trace = [];
      for (const f of linter.lint(text, { quoteStyle: 'auto' })) {
        const [lo, hi] = sentenceBounds(text, f.start.offset);
        run.findings.push({ set: 'ewt-clean', key: `${ids[k]}#${k}|${f.ruleId}|${editsKey(f)}`, ruleId: f.ruleId, confidence: f.confidence, guards: attribute(text, f), shown: show(text, f, lo, hi) });
      }
    });
    log(`ewt-clean: ${texts.length} documents`);
  }
  if (dev && want('ewt-corrupt')) {
    const suite = [...buildSuite(dev.sentences, { seed: 1 }), ...spliceItems(dev.sentences, 200)].slice(0, limit);
    run.sentences['ewt-corrupt'] = suite.length;
    for (const it of suite) {
      run.items[`ewt:${it.corruption.category}`] = (run.items[`ewt:${it.corruption.category}`] ?? 0) + 1;
      trace = [];
      const text = it.corrupted.text;
      for (const f of linter.lint(text, { quoteStyle: 'american' })) {
        const j = judged(it.corruption, it.corrupted, f, 0);
        run.findings.push({ set: 'ewt-corrupt', key: `${it.id}|${f.ruleId}|${editsKey(f)}`, ruleId: f.ruleId, confidence: f.confidence, kind: it.corruption.category, ...j, guards: attribute(text, f), shown: show(text, f, 0, text.length) });
      }
    }
    log(`ewt-corrupt: ${suite.length} items`);
  }
  run.unmatched = unmatched;
  if (opt.out) {
    fs.mkdirSync(path.dirname(opt.out), { recursive: true });
    fs.writeFileSync(opt.out, JSON.stringify(run));
  }
  log(`${run.findings.length} findings, ${unmatched} unmatched to a traced slot`);
}

if (require.main === module) main();
