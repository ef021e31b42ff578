/**
 * Examples for the learned decision over introductory commas waiting for the document's habit
 * (`src/engine/correction/style/habitDecision.ts`), from edited-english documents linted as the product lints them
 * (plain text, the document's habit over all its paragraphs, the engine's default options):
 * - each document as written: every omission waiting for the habit is the writer's choice, labelled 0;
 * - the writers' error generator's introductory-comma omissions (`benchItems`, the bench's own draw), one per
 *   document linted: the omission waiting at the corrupted slot is labelled 1 (an item whose omission no step sent to
 *   the habit is counted, not kept: the decision cannot find it).
 * Each example is written with its features, its label, whether its document is error-prone (where the hand-set gates
 * still decide) and whether those gates reported it, so that the fit can compare the two decisions on the same
 * omissions.
 *
 *   npx tsx server/research/habit/habitDecisionExamples.ts --part train|dev [--per-kind N] [--seed S] [--docs-every K] --out FILE.jsonl
 *   npx tsx server/research/habit/habitDecisionExamples.ts --ewt train|dev …    EWT's documents instead (gold trees)
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { loadEngineParts, makeLinter, Linter, LintPart } from '../../src/engine';
import { documentHabit, habitExpectation, HABIT_MIN_EXPECTED } from '../../src/engine/correction/style/introductoryHabit';
import { habitDecisionFeatures } from '../../src/engine/correction/style/introductoryHabit';
import { documentErrorRate } from '../../src/engine/correction/pipeline/writerErrorRate';
import { extractProse, lintSteps, runSteps, ParagraphCache } from '../../src/prose';
import { EditedPart } from '../editedEnglish';
import { loadSuiteDocuments, corruptedParagraph, SuiteDocument, EditedItem } from '../corruption/editedSuite';
import { benchItems } from '../corruption/benchItems';
import { documentText } from '../corruption/documentText';
import { readTreebank } from '../../src/data/treebank';
import { goldSentence } from '../eval/goldSentence';

const { values: opt } = parseArgs({
  options: {
    part: { type: 'string', default: 'train' },
    /** EWT's documents of this split instead (`train`, `dev`): web writers, each with a habit of their own. */
    ewt: { type: 'string' },
    'per-kind': { type: 'string', default: '3000' },
    seed: { type: 'string', default: '1' },
    'docs-every': { type: 'string', default: '1' },
    out: { type: 'string' },
  },
});

export interface HabitExample {
  doc: string;
  y: number;
  features: string[];
  /** The document is error-prone: the hand-set gates decide there, not the learned decision. */
  errorProne: boolean;
  /** What the hand-set gates decided in a document held to its habit. */
  gates: boolean;
  element: string;
}

interface Omission {
  /** Document offset where its fix inserts the comma. */
  at: number;
  example: Omit<HabitExample, 'y' | 'doc'>;
}

/** The omissions waiting for the habit in one document, with their features as the settle step reads them. */
function waitingOmissions(linter: Linter, paragraphs: readonly string[], cache: ParagraphCache): Omission[] {
  const { text } = documentText(paragraphs);
  const extraction = extractProse(text, 'plaintext');
  let parts: readonly LintPart[] = [];
  runSteps(lintSteps(linter, text, extraction, {}, cache, { onParts: (p) => (parts = p) }));
  const habit = documentHabit(parts.flatMap((p) => (p.habit ? [p.habit] : [])));
  const errorProne = documentErrorRate(parts.flatMap((p) => (p.errorRate ? [p.errorRate] : []))) !== undefined;
  const out: Omission[] = [];
  parts.forEach((p, b) => {
    const block = extraction.blocks[b];
    for (const o of p.habit?.pending ?? []) {
      const edit = o.finding.fixes[0]?.edits[0];
      if (!edit) continue;
      const expected = o.share === undefined ? 0 : habitExpectation(habit, o.share, o.counted);
      const gates = !o.unbacked && !o.errorProneOnly && expected >= HABIT_MIN_EXPECTED;
      out.push({ at: block.offsets[edit.start.offset], example: { features: habitDecisionFeatures(o, habit), errorProne, gates, element: o.element } });
    }
  });
  return out;
}

function main(): void {
  if (!opt.out) throw new Error('--out FILE.jsonl');
  const part = opt.ewt ? `ewt-${opt.ewt}` : (opt.part as EditedPart);
  const every = Number(opt['docs-every']);
  const docs: SuiteDocument[] = opt.ewt ? ewtDocuments(opt.ewt) : loadSuiteDocuments(opt.part as EditedPart);
  const parts = loadEngineParts();
  if (parts.problem) throw new Error(`engine: ${parts.problem}`);
  const linter = makeLinter(parts);
  const cache = new ParagraphCache(200000);
  const out = fs.openSync(opt.out, 'w');
  const write = (e: HabitExample) => fs.writeSync(out, JSON.stringify(e) + '\n');
  const t0 = Date.now();
  let negatives = 0;
  docs.forEach((doc, d) => {
    if (d % every !== 0) return;
    for (const o of waitingOmissions(linter, doc.paragraphs, cache)) {
      write({ doc: doc.key, y: 0, ...o.example });
      negatives++;
    }
    if (d % 200 === 0) console.log(`  clean ${d}/${docs.length} documents, ${negatives} omissions (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  });
  const items: EditedItem[] = benchItems(docs, ['introductory-comma-missing'], Number(opt['per-kind']), Number(opt.seed)).filter((it) => it.doc % every === 0);
  let positives = 0;
  let unseen = 0;
  items.forEach((it, k) => {
    const doc = docs[it.doc];
    const paragraphs = doc.paragraphs.map((p, i) => (i === it.par ? corruptedParagraph(doc, it) : p));
    const { starts } = documentText(paragraphs);
    const lo = starts[it.par] + it.start;
    const hi = lo + it.corrupted.text.length;
    const at = waitingOmissions(linter, paragraphs, cache).filter((o) => o.at >= lo && o.at <= hi);
    // The corrupted slot's omission: the item's one gold slot (an introductory omission changes one).
    const gold = [...it.corruption.gold.keys()];
    const hit = at.find((o) => gold.some((slot) => o.at - lo >= it.corrupted.regions[slot].start && o.at - lo <= it.corrupted.regions[slot].end));
    if (hit) {
      write({ doc: doc.key, y: 1, ...hit.example });
      positives++;
    } else unseen++;
    if (k % 500 === 0) console.log(`  corrupted ${k}/${items.length}, ${positives} waiting for the habit, ${unseen} not (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  });
  fs.closeSync(out);
  console.log(`${part}: ${negatives} omissions as written, ${positives} corrupted omissions waiting for the habit, ${unseen} not (of ${items.length}) (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

/**
 * EWT's documents (`# newdoc id`) as suite documents: paragraphs (`# newpar`) of the gold sentences' texts joined by a
 * space, each sentence located in its paragraph with its gold tree (a sentence the depunctuation refuses is text only).
 */
function ewtDocuments(split: string): SuiteDocument[] {
  const file = path.resolve(__dirname, `../../../../shared/data/ud-english-ewt/en_ewt-ud-${split}.conllu`);
  const docs: SuiteDocument[] = [];
  for (const s of readTreebank(file).sentences) {
    const id = s.comments.find((c) => c.startsWith('# newdoc id'))?.replace(/^# newdoc id = /, '');
    if (id !== undefined || docs.length === 0) docs.push({ key: `ewt:${id ?? split}`, paragraphs: [], sentences: [] });
    const doc = docs[docs.length - 1];
    if (doc.paragraphs.length === 0 || s.comments.some((c) => c.startsWith('# newpar'))) {
      doc.paragraphs.push('');
      doc.sentences.push([]);
    }
    const p = doc.paragraphs.length - 1;
    const gold = goldSentence(s);
    const text = gold?.text ?? s.text ?? '';
    if (doc.paragraphs[p]) doc.paragraphs[p] += ' ';
    const start = doc.paragraphs[p].length;
    doc.paragraphs[p] += text;
    if (gold) doc.sentences[p].push({ start, end: start + text.length, gold });
  }
  return docs;
}

if (require.main === module) main();
