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
import { fitLogistic } from '../smallModels/newtonLogistic';

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
