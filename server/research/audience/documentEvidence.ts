/**
 * What a document tells about its writer, as counts over its parts (`LintPart`): the findings at the ordinary
 * thresholds, the findings an error-prone document would add (`errorRate.pending`), the introductory omissions that
 * wait for the document's habit (`habit.pending`), the sure rules' findings held for error-prone text
 * (`errorRate.held`), and the sentences. Computed for clean edited-english and EWT documents and for the same edited
 * documents with writers' errors put into a share of their sentences (a learner's density), so that the decision
 * "hold this text to learner standards" can be read off data instead of a hand-set count (`fitAudience.ts` fits the
 * shipped `audience.json` on these records; `npm run train:audience`).
 *
 *   npx tsx server/research/audience/documentEvidence.ts --part dev --out FILE.jsonl [--density 0.3,0.5] [--limit N]
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { createLinter } from '../../src/engine';
import { lintAsPart, LintPart } from '../../src/engine/documentPart';
import { parseConllu } from '../../src/data/conllu';
import { cleanTexts } from '../eval/cleanText';
import { loadSuiteDocuments, SuiteDocument } from '../corruption/editedSuite';
import { WRITER_ERROR_RATES, BENCH_KINDS } from '../corruption/rates';
import { applicableErrors, corruptByKind, ErrorKind } from '../eval/corrupt';
import { draftOf, renderDraft } from '../eval/draft';
import { spliceGold } from '../eval/splice';
import { Rng, seededRng } from '../eval/rng';
import type { EditedPart } from '../editedEnglish';
import { RegisterCounts, registerCounts } from '../../src/engine/correction/learned/documentFeatures';

export interface DocumentEvidence {
  id: string;
  /** `edited`: a clean edited-english document; `web`: a clean EWT document; `corrupted`: an edited one with errors. */
  source: 'edited' | 'web' | 'corrupted';
  density?: number;
  errors?: number;
  sentences: number;
  findings: number;
  pending: number;
  habitPending: number;
  held: number;
  /** The pending findings' adapted confidences, summed. */
  pendingConfidence?: number;
  /** The text's register counts (`documentFeatures.ts`). */
  register?: RegisterCounts;
}

export function evidenceOf(part: LintPart): Omit<DocumentEvidence, 'id' | 'source'> {
  return {
    sentences: part.errorRate?.sentences ?? 0,
    findings: part.errorRate?.findings ?? 0,
    pending: part.errorRate?.pending.length ?? 0,
    habitPending: part.habit?.pending.length ?? 0,
    held: part.errorRate?.held?.length ?? 0,
    pendingConfidence: (part.errorRate?.pending ?? []).reduce((a, f) => a + f.confidence, 0),
  };
}

const JOINS: ReadonlySet<ErrorKind> = new Set(['comma-splice', 'fused-sentence']);

/** A kind drawn by the writers' mix among those `ok` accepts. */
function drawKind(rng: Rng, ok: (k: ErrorKind) => boolean): ErrorKind | undefined {
  const kinds = BENCH_KINDS.filter(ok);
  const total = kinds.reduce((s, k) => s + (WRITER_ERROR_RATES[k]?.per1k ?? 0), 0);
  let x = rng() * total;
  for (const k of kinds) if ((x -= WRITER_ERROR_RATES[k]?.per1k ?? 0) <= 0) return k;
  return kinds[kinds.length - 1];
}

/** Where a writer's error stands in the corrupted document's text, and the edited text it replaced. */
export interface CorruptedSpan {
  start: number;
  end: number;
  original: string;
}

/**
 * The document with a writer's error in about `density` of its sentences (a join takes two), and where each error
 * stands in it.
 */
export function corruptDocument(doc: SuiteDocument, density: number, rng: Rng): { text: string; errors: number; spans: CorruptedSpan[] } {
  let errors = 0;
  const spans: CorruptedSpan[] = [];
  let base = 0;
  const paragraphs = doc.paragraphs.map((para, p) => {
    const sents = doc.sentences[p];
    const pieces: Array<{ start: number; end: number; text: string }> = [];
    for (let k = 0; k < sents.length; k++) {
      if (rng() >= density) continue;
      const s = sents[k];
      const next = sents[k + 1];
      const canJoin = next !== undefined && /^\s+$/.test(para.slice(s.end, next.start));
      const applicable = new Set(applicableErrors(draftOf(s.gold)));
      const kind = drawKind(rng, (e) => (JOINS.has(e) ? canJoin : applicable.has(e)));
      if (!kind) continue;
      if (JOINS.has(kind)) {
        const j = spliceGold(s.gold, next.gold, kind === 'fused-sentence');
        if (!j) continue;
        pieces.push({ start: s.start, end: next.end, text: renderDraft(j.corrupted).text });
        k++;
      } else {
        const c = corruptByKind(draftOf(s.gold), rng, kind);
        if (!c) continue;
        pieces.push({ start: s.start, end: s.end, text: renderDraft(c.draft).text });
      }
      errors++;
    }
    let out = para;
    for (const x of [...pieces].reverse()) out = out.slice(0, x.start) + x.text + out.slice(x.end);
    // The pieces in order: each one's start moves by what the pieces before it added.
    let shift = 0;
    for (const x of pieces) {
      spans.push({ start: base + x.start + shift, end: base + x.start + shift + x.text.length, original: para.slice(x.start, x.end) });
      shift += x.text.length - (x.end - x.start);
    }
    base += out.length + 2;
    return out;
  });
  return { text: paragraphs.join('\n\n'), errors, spans };
}

async function main(): Promise<void> {
  const { values: opt } = parseArgs({
    options: {
      part: { type: 'string', default: 'dev' },
      out: { type: 'string' },
      density: { type: 'string', default: '0.15,0.3,0.5' },
      limit: { type: 'string', default: '400' },
      seed: { type: 'string', default: '1' },
    },
  });
  if (!opt.out) throw new Error('--out FILE.jsonl is required');
  const part = opt.part as EditedPart;
  if (part === 'heldout') throw new Error('the held-out part is for reporting only');
  const limit = Number(opt.limit);
  const densities = opt.density!.split(',').map(Number);
  const rng = seededRng(Number(opt.seed));
  const linter = await createLinter();
  const out = fs.createWriteStream(opt.out);
  const write = (e: DocumentEvidence) => out.write(JSON.stringify(e) + '\n');
  const docs = loadSuiteDocuments(part).filter((d) => d.sentences.some((s) => s.length > 0)).slice(0, limit);
  let n = 0;
  for (const doc of docs) {
    const clean = doc.paragraphs.join('\n\n');
    write({ id: doc.key, source: 'edited', ...evidenceOf(lintAsPart(linter, clean)), register: registerCounts(clean) });
    for (const density of densities) {
      const { text, errors } = corruptDocument(doc, density, rng);
      write({ id: doc.key, source: 'corrupted', density, errors, ...evidenceOf(lintAsPart(linter, text)), register: registerCounts(text) });
    }
    if (++n % 50 === 0) console.error(`${n} of ${docs.length} edited documents`);
  }
  const ewtFile = path.resolve(__dirname, `../../../../shared/data/ud-english-ewt/en_ewt-ud-${part === 'dev' ? 'dev' : 'train'}.conllu`);
  const { texts, ids } = cleanTexts(parseConllu(fs.readFileSync(ewtFile, 'utf8'), ewtFile), true);
  for (const [i, text] of texts.slice(0, limit).entries()) write({ id: ids[i], source: 'web', ...evidenceOf(lintAsPart(linter, text)), register: registerCounts(text) });
  out.end();
}

if (require.main === module) void main();
