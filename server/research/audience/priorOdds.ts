/**
 * The prior odds ρ of an error in a document held to learner standards, relative to the population the decisions'
 * probabilities were calibrated on (`writerErrorRate.ts`: p′ = ρp / (ρp + 1 − p)). ρ = 3 was chosen by hand for the
 * calibrated decision; the learned scorer was calibrated on another population (edited-english's corrupted and clean
 * sentences), so the odds are read here off documents instead.
 *
 * Evidence (`--part train|dev --out FILE.jsonl`): edited-english documents with writers' errors put into 15%, 30% and
 * 50% of their sentences (`documentEvidence.ts corruptDocument`, the audience model's own data). Those the audience
 * decision holds to learner standards at the defaults are linted again at edited standards with a low floor
 * (`minConfidence`), and each finding is one record: its probability p and whether one of its fixes restores the
 * corrupted sentence exactly (y). Fit (`--fit TRAIN.jsonl --check DEV.jsonl`): the maximum-likelihood log ρ of
 * y ~ Bernoulli(ρp / (ρp + 1 − p)) over the records with p in [--from, --to) (the range an adapted threshold reaches
 * into), with a bootstrap interval over documents, by density, and the log-loss of p′ on the check set at ρ = 3 and at
 * the fitted ρ.
 *
 *   npx tsx server/research/audience/priorOdds.ts --part train --limit 200 --out F.jsonl
 *   npx tsx server/research/audience/priorOdds.ts --fit TRAIN.jsonl --check DEV.jsonl
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { createLinter } from '../../src/engine';
import { lintAsPart, settleDocument } from '../../src/engine/documentPart';
import { applyEdits } from '../../src/engine/textEdits';
import type { Finding } from '../../src/engine/types';
import { loadSuiteDocuments } from '../corruption/editedSuite';
import { seededRng } from '../eval/rng';
import type { EditedPart } from '../editedEnglish';
import { corruptDocument, CorruptedSpan } from './documentEvidence';

export interface OddsRecord {
  doc: string;
  density: number;
  rule: string;
  p: number;
  y: 0 | 1;
}

/** Whether one of the finding's fixes turns the corrupted span it touches back into the edited text. */
export function restores(text: string, f: Finding, spans: readonly CorruptedSpan[]): boolean {
  for (const fix of f.fixes) {
    const edits = fix.edits;
    if (!edits.length) continue;
    const lo = Math.min(...edits.map((e) => e.start.offset));
    const hi = Math.max(...edits.map((e) => e.end.offset));
    const span = spans.find((s) => lo >= s.start && hi <= s.end);
    if (span && applyEdits(text, edits, span.start, span.end) === span.original) return true;
  }
  return false;
}

async function evidence(part: EditedPart, limit: number, floor: number, out: string): Promise<void> {
  const linter = await createLinter();
  const rng = seededRng(52);
  const write = fs.createWriteStream(out);
  const docs = loadSuiteDocuments(part).filter((d) => d.sentences.some((s) => s.length > 0)).slice(0, limit);
  let held = 0;
  let all = 0;
  for (const [n, doc] of docs.entries()) {
    for (const density of [0.15, 0.3, 0.5]) {
      const { text, spans } = corruptDocument(doc, density, rng);
      all++;
      if (settleDocument([lintAsPart(linter, text)]).audience.audience !== 'learner') continue;
      held++;
      for (const f of linter.lint(text, { audience: 'edited', minConfidence: floor })) {
        const r: OddsRecord = { doc: doc.key, density, rule: f.ruleId, p: f.confidence, y: restores(text, f, spans) ? 1 : 0 };
        write.write(JSON.stringify(r) + '\n');
      }
    }
    if ((n + 1) % 25 === 0) console.error(`${n + 1} of ${docs.length} documents; ${held} of ${all} corrupted held to learner standards`);
  }
  write.end();
  console.error(`${held} of ${all} corrupted documents held to learner standards`);
}

const logit = (p: number) => Math.log(p / (1 - p));
const clampP = (p: number) => Math.min(1 - 1e-6, Math.max(1e-6, p));

/** Mean log-loss of y under p′ = σ(logit p + b). */
function logLoss(rs: readonly OddsRecord[], b: number): number {
  let s = 0;
  for (const r of rs) {
    const q = 1 / (1 + Math.exp(-(logit(clampP(r.p)) + b)));
    s -= r.y ? Math.log(q) : Math.log(1 - q);
  }
  return s / Math.max(1, rs.length);
}

/** The maximum-likelihood shift b = log ρ (Newton on a concave one-dimensional likelihood). */
export function fitLogOdds(rs: readonly OddsRecord[]): number {
  let b = Math.log(3);
  for (let it = 0; it < 50; it++) {
    let g = 0;
    let h = 0;
    for (const r of rs) {
      const q = 1 / (1 + Math.exp(-(logit(clampP(r.p)) + b)));
      g += r.y - q;
      h += q * (1 - q);
    }
    if (h === 0) break;
    const step = g / h;
    b += Math.max(-2, Math.min(2, step));
    if (Math.abs(step) < 1e-9) break;
  }
  return b;
}

function read(file: string, from: number, to: number): OddsRecord[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as OddsRecord)
    .filter((r) => r.p >= from && r.p < to);
}

function fit(trainFile: string, checkFile: string | undefined, from: number, to: number): void {
  const train = read(trainFile, from, to);
  const b = fitLogOdds(train);
  const docs = [...new Set(train.map((r) => r.doc))];
  const byDoc = new Map<string, OddsRecord[]>();
  for (const r of train) byDoc.set(r.doc, [...(byDoc.get(r.doc) ?? []), r]);
  const rng = seededRng(7);
  const boots: number[] = [];
  for (let k = 0; k < 200; k++) {
    const sample: OddsRecord[] = [];
    for (let i = 0; i < docs.length; i++) sample.push(...byDoc.get(docs[Math.floor(rng() * docs.length)])!);
    boots.push(Math.exp(fitLogOdds(sample)));
  }
  boots.sort((x, y) => x - y);
  console.log(`records with p in [${from}, ${to}): ${train.length} (${train.filter((r) => r.y).length} right) in ${docs.length} documents`);
  console.log(`fitted ρ = ${Math.exp(b).toFixed(2)} (bootstrap over documents, 5–95%: ${boots[10].toFixed(2)}–${boots[189].toFixed(2)})`);
  for (const d of [0.15, 0.3, 0.5]) {
    const rs = train.filter((r) => r.density === d);
    console.log(`  density ${d}: ${rs.length} records, ρ = ${Math.exp(fitLogOdds(rs)).toFixed(2)}`);
  }
  const rules = [...new Set(train.map((r) => r.rule))];
  for (const rule of rules) {
    const rs = train.filter((r) => r.rule === rule);
    if (rs.length >= 30) console.log(`  ${rule}: ${rs.length} records (${rs.filter((r) => r.y).length} right), ρ = ${Math.exp(fitLogOdds(rs)).toFixed(2)}`);
  }
  const sets: Array<[string, OddsRecord[]]> = [['train', train]];
  if (checkFile) sets.push(['check', read(checkFile, from, to)]);
  for (const [name, rs] of sets) {
    console.log(`${name}: ${rs.length} records; log-loss at ρ = 1 ${logLoss(rs, 0).toFixed(4)}, ρ = 3 ${logLoss(rs, Math.log(3)).toFixed(4)}, fitted ${logLoss(rs, b).toFixed(4)}`);
    console.log(`  p′ at fitted ρ by bins: ` + [0.3, 0.5, 0.7, 0.9].map((lo, i, a) => {
      const hi = a[i + 1] ?? 1.01;
      const inBin = rs.filter((r) => { const q = 1 / (1 + Math.exp(-(logit(clampP(r.p)) + b))); return q >= lo && q < hi; });
      const mean = inBin.reduce((s, r) => s + 1 / (1 + Math.exp(-(logit(clampP(r.p)) + b))), 0) / Math.max(1, inBin.length);
      return `[${lo}, ${Math.min(1, hi)}): ${inBin.length}, mean p′ ${mean.toFixed(2)}, right ${(inBin.filter((r) => r.y).length / Math.max(1, inBin.length)).toFixed(2)}`;
    }).join('; '));
  }
}

async function main(): Promise<void> {
  const { values: opt } = parseArgs({
    options: {
      part: { type: 'string' },
      limit: { type: 'string', default: '200' },
      floor: { type: 'string', default: '0.2' },
      out: { type: 'string' },
      fit: { type: 'string' },
      check: { type: 'string' },
      from: { type: 'string', default: '0.3' },
      to: { type: 'string', default: '0.9' },
    },
  });
  if (opt.fit) return fit(opt.fit, opt.check, Number(opt.from), Number(opt.to));
  if (!opt.part || !opt.out) throw new Error('--part train|dev --out FILE.jsonl, or --fit FILE [--check FILE]');
  if (opt.part === 'heldout') throw new Error('the held-out part is for reporting only');
  await evidence(opt.part as EditedPart, Number(opt.limit), Number(opt.floor), opt.out);
}

if (require.main === module) void main();
