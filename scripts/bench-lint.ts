/**
 * Lint benchmark (`npm run bench:lint -- [options]`): precision, recall and F0.5 per category on a corruption suite
 * built from EWT dev, false alarms on clean EWT test sentences as written, calibration (reliability by bins), speed;
 * Puncteme with gold trees (oracle), Puncteme end to end (parser + model), and harper.js, in the same run.
 *
 *   --fit            train the error model on corruptions of EWT train, calibrate it and fit the threshold on the FIT
 *                    half of dev, write models/en/lint-calibration.json (never uses test; see server/research/eval/calibrationFit.ts)
 *   --fit-dev-only   --fit without the train stage (error model fitted on the dev half alone, as before)
 *   --fit-cache DIR  remember the labelled candidates of --fit there (named by parser, model version, the model files' digest and seed), so refits
 *                    after changing only the fitting are quick
 *   --single-threshold  with --fit: one threshold for every kind of edit (as the first calibration), no category's own
 *   --keep-kinds FILE   with --fit: keep FILE's error model and global threshold (e.g. the shipped calibration) and
 *                    fit only the categories' own thresholds (`refitThresholds`); written to --calibration FILE
 *   --fit-kinds KEY  with --fit and --keep-kinds FILE: keep FILE's calibration whole (error model and thresholds) and
 *                    fit only the kinds of edit whose key starts with KEY, both stages, scoring only their candidates
 *                    (a new kind of edit calibrated without moving the others)
 *   --calibration FILE  read (and with --fit, write) this calibration instead of models/en/lint-calibration.json,
 *                    so a variant can be measured without touching the shipped file others' runs read
 *   --kind-suite RE  instead of the balanced suite, every corruption whose kind matches RE in every dev sentence
 *                    ("drop right comma"): rare kinds get too few items in the balanced one (halves alternate as usual)
 *   --limit N        use the first N suite items (default: all)
 *   --no-harper      skip harper.js;  --no-parser  skip the end-to-end row;  --no-gold  skip the oracle row
 *   --clean N        lint the first N clean EWT test (or --clean-split) sentences (default 2077; 0 to skip)
 *   --half fit|eval  which half of the suite the table reports (default eval, the held-out half; `fit` is for
 *                    choices made before the held-out half is looked at)
 *   --clean-split test|dev|train  the clean text as written (default test; `dev` for choices, never tune on test;
 *                    `train` only to look at more documents — the parser and the models were trained on it)
 *   --introductory-comma edited|auto|ignore  the style setting both puncteme systems lint with (default: the engine's)
 *   --comma-splices edited|ignore  the splice setting both puncteme systems lint with (default: the engine's); with
 *                    `edited`, the clean run lists its comma-splice findings with their sentences
 *   --clean-docs     lint the clean text one document per call (the treebank's `# newdoc id` groups, paragraphs
 *                    joined by a blank line), as `introductoryComma: auto` needs; with --introductory-comma other than
 *                    ignore, each document is linted with `ignore` too and the findings the setting adds are listed
 *                    (with their sentences), and the documents' habit (covered introductory elements written with
 *                    and without the comma, parser trees) is tallied
 *   --suite-docs     lint the suite's half one treebank document at a time (its sentences, each with its corruption,
 *                    joined by a space), an error-dense text as a learner's essay is, instead of sentence by sentence;
 *                    the gold-tree row is left out (gold trees are per sentence)
 *   --no-adapt       lint with `adaptToWriter: false` (no decisions at an error-prone document's error rate)
 *   --decision D     `calibrated` or `learned` (LintOptions.decision); the engine's default when absent
 *   --clean-only     skip the corruption suite (and its reliability table): the clean-text run alone
 *   --convention FILE   read this introductory-comma convention file instead of the shipped one (fitted by
 *                    `server/research/introductory/fitConvention.ts`)
 *   --out FILE       write everything as JSON
 *   --markdown FILE  write the tables as Markdown (for BENCHMARKS.md)
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../server/src/data/treebank';
import { buildSuite, kindSuite, SuiteItem } from '../server/research/eval/suite';
import { spliceItems } from '../server/research/eval/splice';

const SPLICES = 200;
import { runDocument, runItem, suiteDocuments, System, tally, ItemResult } from '../server/research/eval/bench';
import { f05, PlainEdit } from '../server/research/eval/score';
import { loadHarper } from '../server/research/eval/harper';
import { cleanTexts, sentenceAround } from '../server/research/eval/cleanText';
import { LearnedScorer, loadLearnedScorer, SCORER_FILE } from '../server/src/engine/correction/learned/learnedScorer';
import { loadSentenceKindModels, SentenceKindModels } from '../server/src/engine/sentenceKinds';
import { makeLinter, loadEngineModel, SUPPLEMENT_MODEL_FILE, SentenceAnalyser, CALIBRATION_FILE, defaultModelDir, punctModelFile, IntroductoryComma, isIntroductoryComma, INTRODUCTORY_COMMA_USAGE, INTRODUCTORY_CONVENTION_FILE, isCommaSplices, COMMA_SPLICES_USAGE } from '../server/src/engine';
import { treeInfo } from '../server/src/engine/treeInfo';
import { loadConvention } from '../server/src/engine/correction/style/introductoryConvention';
import { habitCount, habitHolds } from '../server/src/engine/correction/style/introductoryHabit';
import { AnalysedSentence } from '../server/src/engine/sentence';
import { EngineModel } from '../server/src/engine/punctModel';
import { Calibration, confidenceOf, DEFAULT_CALIBRATION, loadCalibration } from '../server/src/engine/correction/pipeline/calibration';
import { cachedLabelledCandidates, fitCalibration, labelledCandidates, LabelledCandidate, refitThresholds } from '../server/research/eval/calibrationFit';

const DATA = path.resolve(__dirname, '../../shared/data/ud-english-ewt');
const { values: opt } = parseArgs({
  options: {
    fit: { type: 'boolean' },
    'fit-dev-only': { type: 'boolean' },
    'fit-cache': { type: 'string' },
    'single-threshold': { type: 'boolean' },
    'keep-kinds': { type: 'string' },
    'fit-kinds': { type: 'string' },
    'kind-suite': { type: 'string' },
    calibration: { type: 'string' },
    limit: { type: 'string' },
    'no-harper': { type: 'boolean' },
    'no-parser': { type: 'boolean' },
    'no-gold': { type: 'boolean' },
    clean: { type: 'string' },
    out: { type: 'string' },
    markdown: { type: 'string' },
    seed: { type: 'string' },
    half: { type: 'string' },
    'clean-split': { type: 'string' },
    'introductory-comma': { type: 'string' },
    'comma-splices': { type: 'string' },
    'clean-docs': { type: 'boolean' },
    'suite-docs': { type: 'boolean' },
    'no-adapt': { type: 'boolean' },
    /** `calibrated` or `learned`: which decision lints (LintOptions.decision); the engine's default when absent. */
    decision: { type: 'string' },
    'clean-only': { type: 'boolean' },
    convention: { type: 'string' },
  },
});

function goldAnalyser(items: readonly SuiteItem[]): SentenceAnalyser {
  const byText = new Map<string, AnalysedSentence>();
  for (const it of items) {
    byText.set(it.corrupted.text, it.corrupted.sentence);
    byText.set(it.original.text, it.original.sentence);
  }
  return { version: 'gold', parseText: (t) => (byText.has(t) ? [byText.get(t)!] : []) };
}

function loadModel(): EngineModel | undefined {
  try {
    console.log(`punctuation model: ${punctModelFile(defaultModelDir())}`);
    return loadEngineModel(defaultModelDir());
  } catch (e) {
    console.error(`no punctuation model: ${(e as Error).message}`);
    return undefined;
  }
}

function loadParserAnalyser(): SentenceAnalyser | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { loadParser } = require('../server/src/parser') as typeof import('../server/src/parser');
    return loadParser(defaultModelDir());
  } catch (e) {
    console.error(`no parser: ${(e as Error).message}`);
    return undefined;
  }
}

if (opt['introductory-comma'] !== undefined && !isIntroductoryComma(opt['introductory-comma'])) throw new Error(INTRODUCTORY_COMMA_USAGE);
const introductoryComma: IntroductoryComma | undefined = isIntroductoryComma(opt['introductory-comma']) ? opt['introductory-comma'] : undefined;
if (opt['comma-splices'] !== undefined && !isCommaSplices(opt['comma-splices'])) throw new Error(COMMA_SPLICES_USAGE);
const commaSplices = isCommaSplices(opt['comma-splices']) ? opt['comma-splices'] : undefined;
const conventionFile = opt.convention ?? path.join(defaultModelDir(), INTRODUCTORY_CONVENTION_FILE);

// Read once for every system of the run: the learned scorer unless the calibrated decision is asked for, and the small
// models (sentence joins, mark choice, set-off commas, comma gaps) as the product loads them: without them this bench
// measured a linter the product is not.
let scorerOnce: { value: LearnedScorer | undefined } | undefined;
let kindsOnce: SentenceKindModels | undefined;

function linterSystem(name: string, analyser: SentenceAnalyser | undefined, model: EngineModel | undefined, cal: Calibration, quoteStyle: 'american' | 'auto', intro = introductoryComma): System {
  const scorer = (scorerOnce ??= { value: opt.decision !== 'calibrated' ? loadLearnedScorer(path.join(defaultModelDir(), SCORER_FILE)) : undefined }).value;
  const kinds = analyser && model ? (kindsOnce ??= loadSentenceKindModels(defaultModelDir())) : undefined;
  const linter = makeLinter({ analyser, model, calibration: cal, convention: loadConvention(conventionFile), scorer, kinds });
  return {
    name,
    propose: (text) => linter.lint(text, { quoteStyle, ...(intro ? { introductoryComma: intro } : {}), ...(commaSplices ? { commaSplices } : {}), ...(opt['no-adapt'] ? { adaptToWriter: false } : {}), ...(opt.decision === 'learned' || opt.decision === 'calibrated' ? { decision: opt.decision } : {}) }).map((f) => ({ ruleId: f.ruleId, message: f.message, confidence: f.confidence, edits: (f.fixes[0]?.edits ?? []).map((e) => ({ start: e.start.offset, end: e.end.offset, newText: e.newText })) })),
  };
}

/**
 * The documents' own habit for `introductoryComma: auto`, with the parser's trees (what the linter sees): per
 * document, the covered introductory elements written with and without the comma.
 */
function habitTally(texts: readonly string[], ids: readonly string[], parser: SentenceAnalyser): Record<string, unknown> {
  const conv = loadConvention(conventionFile);
  if (!conv) return {};
  const docs: Array<{ id: string; written: number; omitted: number; holds: boolean }> = [];
  texts.forEach((text, k) => {
    const h = { written: 0, omitted: 0, excess: 0, information: 0 };
    for (const s of parser.parseText(text)) {
      const c = habitCount(s.tree, treeInfo(s.tree), conv);
      h.written += c.written;
      h.omitted += c.omitted;
      h.excess += c.excess;
      h.information += c.information;
    }
    docs.push({ id: ids[k], ...h, holds: habitHolds(h) });
  });
  const withAny = docs.filter((d) => d.written + d.omitted > 0);
  const sum = (xs: typeof docs, f: (d: (typeof docs)[number]) => number) => xs.reduce((a, d) => a + f(d), 0);
  const holding = docs.filter((d) => d.holds);
  const out = {
    documents: docs.length,
    withCoveredElements: withAny.length,
    written: sum(docs, (d) => d.written),
    omitted: sum(docs, (d) => d.omitted),
    habitHolds: holding.length,
    omittedWhereHabitHolds: sum(holding, (d) => d.omitted),
    pattern: Object.fromEntries(
      [...withAny.reduce((m, d) => m.set(`${d.written}/${d.omitted}`, (m.get(`${d.written}/${d.omitted}`) ?? 0) + 1), new Map<string, number>())].sort(),
    ),
  };
  console.log(`\nhabit (covered introductory elements, parser trees): ${JSON.stringify(out)}`);
  console.log('  written/omitted per document -> documents; the habit holds where the writer sets off covered elements at least as often as edited prose');
  return out;
}

interface Row {
  system: string;
  categories: Record<string, { tp: number; fp: number; fn: number; precision: number; recall: number; f05: number }>;
  msPer1000: number;
  sentences: number;
}

async function evaluate(sys: System, items: readonly SuiteItem[]): Promise<{ row: Row; results: ItemResult[] }> {
  // Warm up (JIT, caches) on a few items, then time the whole suite.
  for (const it of items.slice(0, 20)) await sys.propose(it.corrupted.text);
  const t0 = process.hrtime.bigint();
  const results: ItemResult[] = [];
  if (opt['suite-docs']) for (const doc of suiteDocuments(items)) results.push(...(await runDocument(sys, doc)));
  else for (const it of items) results.push(await runItem(sys, it));
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const cats: Row['categories'] = {};
  for (const [c, t] of [...tally(results)].sort()) cats[c] = { ...t, ...f05(t) };
  return { row: { system: sys.name, categories: cats, msPer1000: (ms / items.length) * 1000, sentences: items.length }, results };
}

/** Reliability by bins: mean confidence vs observed accuracy of every scored candidate. */
function reliability(data: readonly LabelledCandidate[], cal: Calibration) {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, conf: 0, acc: 0 }));
  for (const d of data) {
    const p = confidenceOf(cal, d.c.key, d.c.delta, d.c.candidate.size);
    const b = bins[Math.min(9, Math.floor(p * 10))];
    b.n++;
    b.conf += p;
    b.acc += d.y;
  }
  const total = data.length || 1;
  let ece = 0;
  const rows = bins.map((b, i) => {
    if (b.n) ece += (b.n / total) * Math.abs(b.conf / b.n - b.acc / b.n);
    return { bin: `${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)}`, n: b.n, meanConfidence: b.n ? b.conf / b.n : 0, accuracy: b.n ? b.acc / b.n : 0 };
  });
  return { rows, ece };
}

function printRow(r: Row): void {
  console.log(`\n## ${r.system}  (${r.sentences} sentences, ${r.msPer1000.toFixed(0)} ms per 1,000 sentences)`);
  console.log('category                 TP    FP    FN    P      R      F0.5');
  for (const [c, m] of Object.entries(r.categories))
    console.log(`${c.padEnd(22)} ${String(m.tp).padStart(5)} ${String(m.fp).padStart(5)} ${String(m.fn).padStart(5)}  ${m.precision.toFixed(3)}  ${m.recall.toFixed(3)}  ${m.f05.toFixed(3)}`);
}

function markdownTables(rows: Row[], out: Record<string, unknown>): string {
  const lines: string[] = [`Models: ${out.versions}; calibration threshold ${(out.threshold as number | undefined)?.toFixed(2) ?? '—'}${ownThresholds({ thresholds: out.thresholds as Record<string, number> | undefined })}; ${out.date}.`, ''];
  const cats = [...new Set(rows.flatMap((r) => Object.keys(r.categories)))].filter((c) => c !== 'overall').sort();
  lines.push(`| category | ${rows.map((r) => `${r.system} P / R / F0.5`).join(' | ')} |`);
  lines.push(`| --- | ${rows.map(() => '---').join(' | ')} |`);
  const cell = (r: Row, c: string) => {
    const m = r.categories[c];
    return m ? `${m.precision.toFixed(2)} / ${m.recall.toFixed(2)} / ${m.f05.toFixed(2)} (${m.tp}/${m.fp}/${m.fn})` : '–';
  };
  for (const c of cats) lines.push(`| ${c} | ${rows.map((r) => cell(r, c)).join(' | ')} |`);
  lines.push(`| **overall** | ${rows.map((r) => `**${cell(r, 'overall')}**`).join(' | ')} |`);
  lines.push(`| ms per 1,000 sentences (one thread, warm) | ${rows.map((r) => r.msPer1000.toFixed(0)).join(' | ')} |`);
  lines.push('', '(TP/FP/FN in brackets.)', '');
  const rel = out.reliability as ReturnType<typeof reliability> | undefined;
  if (rel) {
    lines.push(`Reliability of the confidence (every scored candidate of the held-out half; ECE ${rel.ece.toFixed(3)}):`, '');
    lines.push('| confidence | candidates | mean confidence | fraction right |', '| --- | --- | --- | --- |');
    for (const b of rel.rows) if (b.n) lines.push(`| ${b.bin} | ${b.n} | ${b.meanConfidence.toFixed(3)} | ${b.accuracy.toFixed(3)} |`);
    lines.push('');
  }
  const clean = out.clean as Record<string, { sentences: number; paragraphs: number; findings: number; per1000: number; msPer1000: number; paragraphP50: number; paragraphP95: number }> | undefined;
  if (clean) {
    const unit = (out.cleanUnit as string | undefined) ?? 'paragraphs';
    lines.push(`| clean EWT ${out.cleanSplit ?? 'test'}, as written | findings | per 1,000 sentences | ms per 1,000 sentences | ms per ${unit.replace(/s$/, '')} p50 / p95 |`, '| --- | --- | --- | --- | --- |');
    for (const [k, v] of Object.entries(clean)) lines.push(`| ${k} (${v.sentences} sentences, ${v.paragraphs} ${unit}) | ${v.findings} | ${v.per1000.toFixed(1)} | ${v.msPer1000.toFixed(0)} | ${v.paragraphP50.toFixed(1)} / ${v.paragraphP95.toFixed(1)} |`);
  }
  return lines.join('\n') + '\n';
}

/** `base` with the kinds of edit of `fitted` whose key starts with `prefix` (added or replaced); all else is `base`'s. */
function withKinds(base: Calibration, fitted: Calibration, prefix: string): Calibration {
  const kinds = { ...base.kinds };
  for (const [k, v] of Object.entries(fitted.kinds)) if (k.startsWith(prefix)) kinds[k] = v;
  return { ...base, kinds };
}

/** The categories' own thresholds, for the log and the table's heading ('' when there are none). */
function ownThresholds(cal: Pick<Calibration, 'thresholds'>): string {
  const own = Object.entries(cal.thresholds ?? {});
  return own.length ? ` (own: ${own.map(([k, t]) => `${k} ${t.toFixed(2)}`).join(', ')})` : '';
}

async function main(): Promise<void> {
  const t0 = Date.now();
  const dev = readTreebank(path.join(DATA, 'en_ewt-ud-dev.conllu'));
  // One corruption per dev sentence, categories balanced, plus comma splices made of two consecutive sentences.
  let suite = opt['kind-suite'] ? kindSuite(dev.sentences, new RegExp(opt['kind-suite'])) : [...buildSuite(dev.sentences, { seed: Number(opt.seed ?? 1) }), ...spliceItems(dev.sentences, SPLICES)];
  if (opt['kind-suite'] && (opt.fit || opt['fit-dev-only'])) throw new Error('--kind-suite is for measuring; the calibration is fitted on the balanced suite');
  if (opt.limit) suite = suite.slice(0, Number(opt.limit));
  // Even items fit the calibration, odd items are reported (`--half fit` reports the fit half, for choices).
  const fitHalf = suite.filter((_, k) => k % 2 === 0);
  const heldOut = suite.filter((_, k) => k % 2 === 1);
  if (opt.half !== undefined && opt.half !== 'fit' && opt.half !== 'eval') throw new Error('--half: fit or eval');
  const evalHalf = opt.half === 'fit' ? fitHalf : heldOut;
  const counts: Record<string, number> = {};
  for (const it of evalHalf) counts[it.corruption.category] = (counts[it.corruption.category] ?? 0) + 1;
  console.log(`suite: ${suite.length} corrupted dev sentences (fit ${fitHalf.length}, held out ${heldOut.length}); reporting the ${opt.half ?? 'eval'} half, categories ${JSON.stringify(counts)}`);

  const model = loadModel();
  const parser = opt['no-parser'] ? undefined : loadParserAnalyser();
  const calFile = opt.calibration ?? path.join(defaultModelDir(), CALIBRATION_FILE);
  let cal = loadCalibration(calFile);
  const versions = `parser ${parser?.version ?? '—'}, punctuation model ${model?.version ?? '—'}`;
  console.log(versions);
  const out: Record<string, unknown> = {
    date: new Date().toISOString(),
    versions,
    suite: { size: suite.length, half: opt.half ?? 'eval', eval: evalHalf.length, counts },
    introductoryComma: introductoryComma ?? 'engine default',
    commaSplices: commaSplices ?? 'engine default',
  };

  if ((opt.fit || opt['fit-dev-only']) && model) {
    const analyser = parser ?? goldAnalyser(fitHalf);
    const tf = Date.now();
    let train: LabelledCandidate[] | undefined;
    let trainItems: number | undefined;
    let trainNote = '';
    // Named by the model file's content too: versions are dated, so two models trained on one day share a name, and a
    // refit would silently reuse the other model's candidates.
    const modelFiles = [punctModelFile(defaultModelDir()), path.join(defaultModelDir(), SUPPLEMENT_MODEL_FILE)].filter((f) => fs.existsSync(f));
    const modelDigest = opt['fit-cache'] ? modelFiles.reduce((h, f) => h.update(fs.readFileSync(f)), createHash('sha1')).digest('hex').slice(0, 10) : '';
    const onlyKinds = opt['fit-kinds'];
    if (onlyKinds && !opt['keep-kinds']) throw new Error('--fit-kinds needs --keep-kinds FILE (the calibration the new kinds are added to)');
    const only = onlyKinds ? (key: string) => key.startsWith(onlyKinds) : undefined;
    const cacheFile = (which: string) =>
      opt['fit-cache'] ? path.join(opt['fit-cache'], `labelled-${which}-${parser?.version ?? 'gold'}-${model.version}-${modelDigest}-seed${opt.seed ?? 1}${onlyKinds ? `-only-${onlyKinds.replace(/\W+/g, '_')}` : ''}.json`) : undefined;
    if (!opt['fit-dev-only']) {
      const tb = readTreebank(path.join(DATA, 'en_ewt-ud-train.conllu'));
      const trainSuite = [...buildSuite(tb.sentences, { seed: Number(opt.seed ?? 1) }), ...spliceItems(tb.sentences, SPLICES * 6)];
      const trainAnalyser = parser ?? goldAnalyser(trainSuite);
      console.log(`error model: ${trainSuite.length} corrupted EWT train sentences`);
      trainItems = trainSuite.length;
      train = cachedLabelledCandidates(cacheFile('train'), () =>
        labelledCandidates(trainSuite, trainAnalyser, model, DEFAULT_CALIBRATION, (k) => process.stdout.write(`\r  ${k} / ${trainSuite.length}`), only),
      );
      console.log(`\r  ${train.length} labelled candidates in ${((Date.now() - tf) / 1000).toFixed(0)} s`);
      trainNote = `error model trained on ${trainSuite.length} corrupted EWT train sentences + originals (${train.length} candidates), `;
    }
    const data = cachedLabelledCandidates(cacheFile('devfit'), () => labelledCandidates(fitHalf, analyser, model, DEFAULT_CALIBRATION, undefined, only));
    const keep = opt['keep-kinds'];
    cal = keep && onlyKinds
      ? withKinds(loadCalibration(keep), fitCalibration(train, data, fitHalf.length, { trainItems }), onlyKinds)
      : keep
      ? refitThresholds(loadCalibration(keep), data, fitHalf.length, train && trainItems ? { data: train, items: trainItems } : undefined)
      : fitCalibration(train, data, fitHalf.length, { perCategory: !opt['single-threshold'], trainItems });
    if (keep && onlyKinds) trainNote = `${path.basename(keep)} (${loadCalibration(keep).note ?? ''}) with the kinds ${onlyKinds}* ${train ? 'trained on EWT train corruptions and ' : ''}`;
    else if (keep) trainNote = `error model and global threshold of ${path.basename(keep)} (${loadCalibration(keep).note ?? ''}); categories' thresholds `;
    // The note names the command, so the shipped file says how to make it again.
    cal.note = `${trainNote}${train && !keep ? 'calibrated' : 'fitted'} on ${fitHalf.length} corrupted EWT dev sentences + originals (${parser ? 'parser' : 'gold'} trees), ${data.length} candidates, ${new Date().toISOString().slice(0, 10)}; npm run bench:lint -- ${process.argv.slice(2).join(' ')}`;
    fs.writeFileSync(calFile, JSON.stringify(cal, null, 1) + '\n');
    console.log(`calibration fitted in ${((Date.now() - tf) / 1000).toFixed(0)} s, threshold ${cal.threshold}${ownThresholds(cal)}; written to ${calFile}`);
  }

  out.threshold = cal.threshold;
  if (cal.thresholds) out.thresholds = cal.thresholds;
  const rows: Row[] = [];
  const systems: System[] = [];
  if (!opt['no-gold'] && !opt['suite-docs']) systems.push(linterSystem(model ? 'puncteme (gold trees)' : 'puncteme typographic rules only (gold sentences)', goldAnalyser(suite), model, cal, 'american'));
  if (parser && model) systems.push(linterSystem('puncteme (parser + model)', parser, model, cal, 'american'));
  if (!opt['no-harper']) {
    const h = await loadHarper();
    systems.push({ name: 'harper.js', propose: async (text) => (await h.edits(text)).map((x) => ({ ruleId: x.kind, edits: x.edits })) });
  }
  const details: Record<string, ItemResult[]> = {};
  if (opt['clean-only']) systems.length = 0;
  for (const sys of systems) {
    const { row, results } = await evaluate(sys, evalHalf);
    rows.push(row);
    details[sys.name] = results;
    printRow(row);
  }
  out.rows = rows;

  if (model && !opt['clean-only']) {
    const analyser = parser ?? goldAnalyser(evalHalf);
    const rel = reliability(labelledCandidates(evalHalf, analyser, model, cal), cal);
    out.reliability = rel;
    console.log(`\nreliability on the eval half (${parser ? 'parser' : 'gold'} trees), ECE ${rel.ece.toFixed(3)}`);
    for (const r of rel.rows) console.log(`  ${r.bin}  n=${String(r.n).padStart(6)}  conf ${r.meanConfidence.toFixed(3)}  acc ${r.accuracy.toFixed(3)}`);
  }

  const cleanN = Number(opt.clean ?? 2077);
  if (cleanN > 0) {
    const cleanSplit = opt['clean-split'] ?? 'test';
    // train: for looking at what a setting does on more (and longer) documents; the parser and the models have seen it.
    if (cleanSplit !== 'test' && cleanSplit !== 'dev' && cleanSplit !== 'train') throw new Error('--clean-split: test, dev or train');
    out.cleanSplit = cleanSplit;
    const test = readTreebank(path.join(DATA, `en_ewt-ud-${cleanSplit}.conllu`));
    // Lint whole paragraphs (as the editor and the CLI do), sentences joined as the treebank's `# newpar` groups them;
    // or whole documents (--clean-docs), paragraphs joined by a blank line.
    const byDocument = opt['clean-docs'] === true;
    const sentenceCount = Math.min(cleanN, test.sentences.length);
    const { texts: paragraphs, ids } = cleanTexts(test.sentences.slice(0, cleanN), byDocument);
    out.cleanUnit = byDocument ? 'documents' : 'paragraphs';
    const clean: Record<string, unknown> = {};
    const cleanSystems: System[] = [];
    // Product defaults here (quote style `auto`: the text's own habit), unlike the suite, which is American English.
    if (parser && model) cleanSystems.push(linterSystem('puncteme (parser + model)', parser, model, cal, 'auto'));
    else cleanSystems.push(linterSystem('puncteme typographic rules only', undefined, undefined, cal, 'auto'));
    if (!opt['no-harper']) {
      const h = await loadHarper();
      cleanSystems.push({ name: 'harper.js', propose: async (text) => (await h.edits(text)).map((x) => ({ ruleId: x.kind, edits: x.edits })) });
    }
    for (const sys of cleanSystems) {
      const found: Array<{ id: string; text: string; ruleId: string; message?: string; confidence?: number; edits: PlainEdit[] }> = [];
      const t1 = process.hrtime.bigint();
      const latencies: number[] = [];
      for (const [k, text] of paragraphs.entries()) {
        const tp = process.hrtime.bigint();
        const proposals = await sys.propose(text);
        latencies.push(Number(process.hrtime.bigint() - tp) / 1e6);
        for (const p of proposals) found.push({ id: ids[k], text, ruleId: p.ruleId, message: (p as { message?: string }).message, confidence: (p as { confidence?: number }).confidence, edits: p.edits });
      }
      const ms = Number(process.hrtime.bigint() - t1) / 1e6;
      const n = sentenceCount;
      latencies.sort((a, b) => a - b);
      const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
      clean[sys.name] = { sentences: n, paragraphs: paragraphs.length, findings: found.length, per1000: (1000 * found.length) / n, msPer1000: (1000 * ms) / n, paragraphP50: pct(0.5), paragraphP95: pct(0.95), list: found };
      console.log(`\nclean EWT ${cleanSplit} (${n} sentences as written, in ${paragraphs.length} ${out.cleanUnit}), ${sys.name}: ${found.length} findings = ${((1000 * found.length) / n).toFixed(1)} per 1,000 sentences; ${((1000 * ms) / n).toFixed(0)} ms per 1,000 sentences; per paragraph p50 ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms`);
    }
    out.clean = clean;
    if (commaSplices === 'edited' && parser && model) {
      const list = (clean['puncteme (parser + model)'] as { list: Array<{ id: string; text: string; ruleId: string; edits: PlainEdit[] }> }).list.filter((f) => f.ruleId === 'comma-splice');
      console.log(`\ncommaSplices edited: ${list.length} comma-splice findings on the clean text:`);
      for (const f of list) console.log(`  [${f.id}] ${sentenceAround(f.text, f.edits[0]?.start ?? 0)}`);
    }
    if (parser && model && introductoryComma && introductoryComma !== 'ignore') {
      // What the setting adds to `ignore` on the same texts, each with its sentence, to be read one by one.
      const base = linterSystem('ignore', parser, model, cal, 'auto', 'ignore');
      const withSetting = (clean['puncteme (parser + model)'] as { list: Array<{ id: string; text: string; ruleId: string; message?: string; edits: PlainEdit[] }> }).list;
      const added: Array<{ id: string; ruleId: string; sentence: string; message?: string; edits: PlainEdit[] }> = [];
      for (const [k, text] of paragraphs.entries()) {
        const without = new Set((await base.propose(text)).map((p) => JSON.stringify([p.ruleId, p.edits])));
        for (const p of withSetting) {
          if (p.text !== text || p.id !== ids[k] || without.has(JSON.stringify([p.ruleId, p.edits]))) continue;
          added.push({ id: p.id, ruleId: p.ruleId, sentence: sentenceAround(text, p.edits[0]?.start ?? 0), message: p.message, edits: p.edits });
        }
      }
      out.added = { setting: introductoryComma, findings: added.length, per1000: (1000 * added.length) / sentenceCount, list: added };
      console.log(`\nintroductoryComma ${introductoryComma} adds ${added.length} findings to ignore (${((1000 * added.length) / sentenceCount).toFixed(1)} per 1,000 sentences):`);
      for (const x of added) console.log(`  [${x.id}] ${x.ruleId} ${JSON.stringify(x.edits)}\n    ${x.sentence}\n    ${x.message ?? ''}`);
      if (byDocument) out.habit = habitTally(paragraphs, ids, parser);
    }
  }
  out.details = details;
  if (opt.markdown) fs.writeFileSync(opt.markdown, markdownTables(rows, out));
  if (opt.out) fs.writeFileSync(opt.out, JSON.stringify(out, null, 1));
  console.log(`\ntotal ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
