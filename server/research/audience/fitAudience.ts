/**
 * Fits the learned audience decision (`models/en/audience.json`; `correction/pipeline/writerErrorRate.ts
 * AudienceModel`): a logistic model of "this document's writer makes errors at a learner's rate" over the document's
 * counts (`audienceFeatures`: its findings, the findings that wait for an error-prone document and their confidences,
 * the held findings of sure rules, its length and its web register), in place of the hand-set counts.
 *
 *   npx tsx server/research/audience/documentEvidence.ts --part train --out TRAIN.jsonl
 *   npx tsx server/research/audience/documentEvidence.ts --part dev --out DEV.jsonl
 *   npx tsx server/research/audience/probeEssays.ts --out PROBES.jsonl
 *   npx tsx server/research/audience/fitAudience.ts --train TRAIN.jsonl --dev DEV.jsonl --probes PROBES.jsonl [--out FILE]
 *
 * Labels: an edited document with writers' errors put into 15–50% of its sentences is a learner's (1); a clean edited
 * or EWT document is not (0). The weights are fitted on the train part's documents (L2-regularised, Newton's method on
 * standardised features); the threshold is chosen on dev: the lowest at which no clean dev document of either source
 * (with at least 3 sentences, as the engine asks) is held to learner standards, times `--margin` on the odds. The
 * learner essays (`examples/probes/learner-essays/`) are never read here.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { AudienceModel, audienceFeatures, ErrorEvidence, isErrorProne, learnerProbability, MIN_SENTENCES } from '../../src/engine/correction/pipeline/writerErrorRate';
import type { DocumentEvidence } from './documentEvidence';

/**
 * The features fitted (`audienceFeatures` names more): counts, so that the model is a likelihood ratio of two
 * populations' rates, as a Poisson model of each would give. Findings and sentences; the deferred findings only in
 * edited prose's register, where they tell a learner from a web writer; the web register's marks (lower-case starts,
 * `i`, lines without a final mark) counted, not as a share of the sentences, which let one unfinished last line of a
 * six-sentence essay read as the web. Rates and logarithms of the counts, tried beside them, let a 3-sentence document
 * with one finding outrank longer clean ones, and fewer documents with errors were held to learner standards at no
 * clean one (journal, "The audience decision learned from documents").
 */
export const AUDIENCE_FEATURES = ['findings', 'sentences', 'editedDeferred', 'webEvents'];

type Row = Omit<DocumentEvidence, 'source'> & { source: DocumentEvidence['source'] | 'learner' };

export function readEvidence(file: string): Row[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row);
}

/** The engine's evidence of a document as `documentEvidence.ts` recorded it. */
export function evidenceOfRow(r: Row): ErrorEvidence {
  return { findings: r.findings, sentences: r.sentences, deferred: r.pending, deferredConfidence: r.pendingConfidence ?? 0, held: r.held, register: r.register };
}

const labelOf = (r: Row): number => (r.source === 'corrupted' || r.source === 'learner' ? 1 : 0);

/** L2-regularised logistic regression by Newton's method over dense standardised features. */
export function fitLogistic(x: number[][], y: number[], l2: number, iterations = 50): { w: number[]; b: number } {
  const d = x[0].length;
  let w = new Array<number>(d).fill(0);
  let b = 0;
  // Each class weighed to half the total, so the intercept does not follow the datasets' proportions.
  const pos = y.filter((v) => v === 1).length;
  const cw = y.map((v) => (v === 1 ? y.length / (2 * pos) : y.length / (2 * (y.length - pos))));
  for (let it = 0; it < iterations; it++) {
    // Gradient and Hessian over (w, b).
    const g = new Array<number>(d + 1).fill(0);
    const h = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (let i = 0; i < x.length; i++) {
      const xi = [...x[i], 1];
      const z = w.reduce((s, wj, j) => s + wj * x[i][j], b);
      const p = 1 / (1 + Math.exp(-z));
      const r = cw[i] * (p - y[i]);
      const s = cw[i] * p * (1 - p);
      for (let j = 0; j <= d; j++) {
        g[j] += r * xi[j];
        for (let k = 0; k <= d; k++) h[j][k] += s * xi[j] * xi[k];
      }
    }
    for (let j = 0; j < d; j++) {
      g[j] += l2 * x.length * w[j];
      h[j][j] += l2 * x.length;
    }
    h[d][d] += 1e-9;
    const step = solve(h, g);
    w = w.map((wj, j) => wj - step[j]);
    b -= step[d];
    if (Math.max(...step.map(Math.abs)) < 1e-10) break;
  }
  return { w, b };
}

/** Solves A v = g by Gaussian elimination with partial pivoting. */
function solve(a: number[][], g: number[]): number[] {
  const n = g.length;
  const m = a.map((row, i) => [...row, g[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  const v = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n];
    for (let k = r + 1; k < n; k++) s -= m[r][k] * v[k];
    v[r] = s / m[r][r];
  }
  return v;
}

export function fitAudienceModel(train: readonly Row[], l2: number, features: readonly string[] = AUDIENCE_FEATURES): Omit<AudienceModel, 'threshold'> {
  const raw = train.map((r) => features.map((f) => audienceFeatures(evidenceOfRow(r))[f]));
  const mean = features.map((_, j) => raw.reduce((s, v) => s + v[j], 0) / raw.length);
  const scale = features.map((_, j) => Math.sqrt(raw.reduce((s, v) => s + (v[j] - mean[j]) ** 2, 0) / raw.length) || 1);
  const x = raw.map((v) => v.map((vj, j) => (vj - mean[j]) / scale[j]));
  const { w, b } = fitLogistic(x, train.map(labelOf), l2);
  return { features: [...features], mean, scale, weights: w, bias: b };
}

function main(): void {
  const { values: opt } = parseArgs({
    options: {
      train: { type: 'string' },
      dev: { type: 'string' },
      probes: { type: 'string' },
      l2: { type: 'string', default: '0.001' },
      /** Comma-separated `audienceFeatures` names, in place of `AUDIENCE_FEATURES`. */
      features: { type: 'string' },
      /** The threshold's odds are this many times those of the highest clean dev document's probability (just above it). */
      margin: { type: 'string', default: '1.01' },
      out: { type: 'string' },
    },
  });
  if (!opt.train || !opt.dev) throw new Error('--train and --dev (documentEvidence.ts files) are required');
  const judged = (r: Row) => r.sentences >= MIN_SENTENCES;
  const train = readEvidence(opt.train).filter(judged);
  const dev = readEvidence(opt.dev).filter(judged);
  const fitted = fitAudienceModel(train, Number(opt.l2), opt.features?.split(','));
  const cleanMax = Math.max(...dev.filter((r) => labelOf(r) === 0).map((r) => learnerProbability({ ...fitted, threshold: 0 }, evidenceOfRow(r))));
  const odds = (cleanMax / (1 - cleanMax)) * Number(opt.margin);
  const model: AudienceModel = { ...fitted, threshold: odds / (1 + odds) };
  console.log(`train: ${train.length} documents (${train.filter((r) => labelOf(r) === 1).length} with errors); dev: ${dev.length}`);
  console.log(`weights: ${model.features.map((f, j) => `${f} ${model.weights[j].toFixed(2)}`).join(', ')}; bias ${model.bias.toFixed(2)}`);
  console.log(`highest clean dev probability ${cleanMax.toFixed(4)}; threshold ${model.threshold.toFixed(4)}`);
  const rows: Array<[string, (r: Row) => boolean]> = [
    ['clean edited', (r) => r.source === 'edited'],
    ['clean EWT', (r) => r.source === 'web'],
    ['15%', (r) => r.density === 0.15],
    ['30%', (r) => r.density === 0.3],
    ['50%', (r) => r.density === 0.5],
  ];
  const probes = opt.probes ? readEvidence(opt.probes).map((r) => ({ ...r, source: 'learner' as const })) : [];
  console.log('| documents | held to learner standards: learned | hand-set counts |');
  console.log('| --- | --- | --- |');
  const line = (name: string, set: readonly Row[]) =>
    console.log(`| ${name} (${set.length}) | ${set.filter((r) => isErrorProne(evidenceOfRow(r), model)).length} | ${set.filter((r) => isErrorProne(evidenceOfRow(r))).length} |`);
  for (const [name, ok] of rows) line(`dev ${name}`, dev.filter(ok));
  for (const [name, ok] of rows) line(`train ${name}`, train.filter(ok));
  if (probes.length) line('probe essays', probes);
  // The trade-off on dev: held to learner standards at the threshold just above the k-th highest clean document.
  const cleanPs = dev.filter((r) => labelOf(r) === 0).map((r) => learnerProbability({ ...fitted, threshold: 0 }, evidenceOfRow(r))).sort((a, b) => b - a);
  for (let k = 0; k <= 3; k++) {
    const t = cleanPs[k] + 1e-9;
    const flipped = (ok: (r: Row) => boolean) => dev.filter(ok).filter((r) => learnerProbability({ ...fitted, threshold: 0 }, evidenceOfRow(r)) >= t).length;
    console.log(`  ${k} clean dev documents flipped (threshold ${t.toFixed(4)}): 15% ${flipped((r) => r.density === 0.15)}, 30% ${flipped((r) => r.density === 0.3)}, 50% ${flipped((r) => r.density === 0.5)}, probes ${probes.filter((r) => learnerProbability({ ...fitted, threshold: 0 }, evidenceOfRow(r)) >= t).length}; train clean ${train.filter((r) => labelOf(r) === 0 && learnerProbability({ ...fitted, threshold: 0 }, evidenceOfRow(r)) >= t).length}`);
  }
  if (opt.out) {
    fs.mkdirSync(path.dirname(opt.out), { recursive: true });
    const round = (v: number) => Number(v.toPrecision(8));
    const json = { note: 'The learned audience decision: npm run train:audience (server/research/audience/fitAudience.ts)', features: model.features, mean: model.mean.map(round), scale: model.scale.map(round), weights: model.weights.map(round), bias: round(model.bias), threshold: round(model.threshold) };
    fs.writeFileSync(opt.out, JSON.stringify(json, null, 1) + '\n');
    console.log(`wrote ${opt.out}`);
  }
}

if (require.main === module) main();
