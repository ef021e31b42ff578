/**
 * Fits the learned correction scorer and measures it beside the shipped decision, without touching the engine. The
 * shipped `models/en/lint-scorer.json` is rebuilt by one command (a refit after the punctuation model changes is the
 * same command: the examples' cache is keyed by a hash of the other model files, so they are built anew):
 *
 *   npm run train:scorer
 *
 * which trains the two comma-gap models of the cross-fit when they are missing (`crossFit.ts`: the gap probability of
 * an edited-english train example comes from the gap model that did not see its document), runs the default engine on
 * edited-english dev (`bench:edited --part dev --out`: the text rules' part of the replacement estimate, and the
 * clean-findings limit), then fits the dense scorer on edited-english train (corrupted and
 * as written), corrupted EWT train, every 8th EWT train sentence as written and the learner-shaped commas
 * (`learnerShapes.ts`), with every guard's predicate, the comma-gap model's probability and the sentence's register
 * among its features, early-stopped on dev; it chooses the global threshold and one per kind of edit on dev
 * (`--per-kind-thresholds --bench-dev`: the writers' mix F0.5 as a replacement, clean dev findings within the default's
 * less `--clean-margin`; with `--ewt-dev-clean`, also the scorer's findings on EWT dev as written within the default's
 * there), and rewrites the models' manifest (journal, "The guards as the learned scorer's features"; "The learned
 * scorer as the default?").
 * `--candidates hand` and `--hand FILE` rebuild the earlier two-scorer form (sections "Learned correction scorer" and
 * "Dense learned candidates"). `--bench-dev DEV.json --bench-heldout HELD.json` add the estimates of the decision as a
 * replacement; `--no-heldout` builds nothing on the held-out part.
 *
 * (DEV.json and HELD.json: `bench:edited -- --part dev|heldout --out FILE` of the engine with the default decision.)
 * About 15 minutes to build the examples on a quiet machine (cached under /work/cache/edited-english), 3 to fit.
 *
 * 1. Labelled candidates (`examples.ts`) from the train part (corrupted items and sentences as written), the dev part
 *    (for early stopping and for the one threshold) and the held-out part (the benchmark's items, seed 1, and every
 *    sentence as written); cached as JSON under /work/cache/edited-english.
 * 2. A regularised logistic model (`logistic.ts`) on train, stopped early on dev.
 * 3. The threshold that maximises the writers'-mix F0.5 on dev's corrupted items while the findings on dev's written
 *    sentences stay within --max-clean per 1,000 (default 3, issue 29's goal).
 * 4. On the held-out part, per error kind, the decision of each: the calibrated error model with its shipped
 *    thresholds (no guards or conventions: the model's own decision), and the scorer; false alarms on written
 *    sentences per 1,000; ECE of both probabilities over all candidates. The engine's end-to-end numbers are in
 *    BENCHMARKS (bench:edited).
 */
import * as fs from 'fs';
import { createHash } from 'crypto';
import * as path from 'path';
import { parseArgs } from 'util';
import { loadParser } from '../../src/parser';
import { loadEngineModel, CALIBRATION_FILE, defaultModelDir } from '../../src/engine';
import { loadCalibration, thresholdFor } from '../../src/engine/correction/pipeline/calibration';
import { f05, Tally } from '../eval/score';
import { ErrorKind } from '../eval/corrupt';
import { EditedPart } from '../editedEnglish';
import { defaultSilverDir } from '../silverTrees';
import { buildEditedSuite, loadSuiteDocuments } from '../corruption/editedSuite';
import { BENCH_KINDS, WRITER_ERROR_RATES } from '../corruption/rates';
import { EWT_DEV, EWT_TRAIN, ewtTrainDocuments } from './ewtDocuments';
import { addDocumentRegister, editedRegisters, ewtRegisters, sentenceRegisters } from './documentRegisters';
import { addWhichHabit, editedWhichOthers, ewtWhichOthers } from './documentWhich';
import { readBiLstmTaggerFile } from '../../src/restore/bilstmTagger';
import { learnerShapeItems, learnerShapeSlots, questionSlots, verbGroupSlots } from './learnerShapes';
import { ewtCommaHabits, writerConsistentLabels } from './writerLabels';
import { FeatureVector, keyConjoinedFeatures, thresholdGroup } from '../../src/engine/correction/learned/learnedScorer';
import { LINT_GAP_TAGGER_FILE } from '../../src/engine/correction/learned/sideModels';
import { AUDIENCE_FILE } from '../../src/engine/correction/pipeline/writerErrorRate';
import { featureTable, labelledClean, labelledItems, labelledParsed, LabelledSentence, ScoredEdit, setExampleCandidates, setExampleGaps, setExampleNeural, setExampleSetOff } from './examples';
import { loadCommaGapsModel } from '../../src/engine/commaGaps/model';
import { loadSetOffCommasModel } from '../../src/engine/setOffCommas/model';
import { crossFitted, crossFittedGaps, crossFittedSetOff, GAP_FOLDS } from './crossFit';
import { DEFAULT_TRAIN, Encoded, LogisticModel, predictEncoded, trainEncoded } from './logistic';
import { expectedCalibrationError } from '../eval/ece';
import { seededRng } from '../../src/random/seededRng';

const { values: opt } = parseArgs({
  options: {
    'train-docs-every': { type: 'string', default: '3' },
    'per-kind-train': { type: 'string', default: '300' },
    /**
     * The seed that draws the train part's corrupted items (which sentences, which errors). Refits at other seeds give
     * the spread a refit alone makes, which a parser change's refit must stand out of (journal, "A control refit").
     */
    'train-seed': { type: 'string', default: '11' },
    'per-kind-dev': { type: 'string', default: '100' },
    'clean-every-train': { type: 'string', default: '2' },
    'clean-every-dev': { type: 'string', default: '4' },
    'held-per-kind': { type: 'string', default: '150' },
    'held-clean-every': { type: 'string', default: '1' },
    l2: { type: 'string', default: String(DEFAULT_TRAIN.l2) },
    /**
     * Epochs without a better dev log-loss before the fit stops: the dev log-loss moves by ±10% from one epoch to
     * the next, so 3 can stop a fit at its first epoch (journal, "The learned scorer refitted on the shipped
     * punctuation model …").
     */
    patience: { type: 'string', default: String(DEFAULT_TRAIN.patience) },
    /** Adam's step size: smaller moves the dev log-loss less from one epoch to the next. */
    'learning-rate': { type: 'string', default: String(DEFAULT_TRAIN.learningRate) },
    'max-clean': { type: 'string', default: '3' },
    /** The threshold chosen on dev end to end (`bench:edited --part dev --decision learned`), over the sweep's choice. */
    threshold: { type: 'string' },
    /** bench:edited --out JSON of the shipped engine on dev and on held-out: the text rules' part of a replacement. */
    'bench-dev': { type: 'string' },
    'bench-heldout': { type: 'string' },
    out: { type: 'string', default: path.join(defaultSilverDir(), 'scorer.json') },
    rebuild: { type: 'boolean' },
    /** 'dense' (default): every gap, comma and constituent pair (`denseCandidates`); 'hand': the hand-written generator's. */
    candidates: { type: 'string', default: 'dense' },
    /** Also choose one threshold per kind of edit on dev (`thresholdGroup`), starting from the global one. */
    'per-kind-thresholds': { type: 'boolean' },
    /**
     * With --per-kind-thresholds: each kind's threshold the median of the sweep's choices over B bootstrap resamples of
     * dev (its corrupted and its clean sentences drawn with replacement, seed --bag-seed): a bagged choice, where one
     * sweep over dev moves a kind's threshold for a single item and refits cannot be compared (journal, "Thresholds
     * chosen over bootstrap resamples of dev"). 0: one sweep over dev, as before.
     */
    'bag-thresholds': { type: 'string', default: '0' },
    'bag-seed': { type: 'string', default: '1' },
    /**
     * With --per-kind-thresholds: kinds (`thresholdGroup`, comma-separated) the sweep leaves at the global threshold:
     * those dev does not decide (`--bag-thresholds` shows which), so that refits are compared by their weights.
     */
    'hold-kinds': { type: 'string' },
    /** A scorer file fitted with `--candidates hand`: written inside this one to decide the hand generator's candidates. */
    hand: { type: 'string' },
    /**
     * Per 1,000 sentences, taken off the clean-findings limit of the replacement estimate: the estimate reads every
     * 4th dev sentence alone, and the end-to-end run on whole documents found more (dense scorer: 9.00 estimated,
     * 10.69 end to end at 0.91).
     */
    'clean-margin': { type: 'string', default: '0' },
    /** Corrupted EWT train sentences added to the train part: up to this many per error kind (0: none). */
    'ewt-per-kind': { type: 'string', default: '150' },
    /**
     * Every N-th EWT train sentence as written joins the train part (0: none): what web writers leave out is no error
     * to report to them (clean EWT dev findings), which the register features let the scorer tell from edited text.
     */
    'ewt-clean-every': { type: 'string', default: '0' },
    /**
     * Learner-shaped comma errors (`learnerShapes.ts`) added to the train part: up to N sentences of edited-english
     * train and N of EWT train (0: none).
     */
    'learner-shapes': { type: 'string', default: '0' },
    /**
     * Each learner-shaped example counted this many times in the fit: 600 sentences beside 250 corrupted items of
     * each of 17 kinds left the subject–verb commas after a long subject just under their threshold (the learner
     * probes, journal "The learned scorer as the default?").
     */
    'learner-weight': { type: 'string', default: '1' },
    /**
     * More corrupted items of some kinds in the train part, drawn from the same train documents with their own seed
     * (`KIND=N,…`): a kind whose 250 items teach its keys' weights too little (the appositive comma's 0.28 at Δ 3.8).
     */
    'extra-train': { type: 'string' },
    /**
     * Learner commas inside a verb group (`learnerShapes.ts`, `verbGroupSlots`: "They have, finished", "He wants, to
     * stay"), up to N sentences of edited-english train and N of EWT train, each counted `--verb-group-weight` times.
     */
    'verb-group-shapes': { type: 'string', default: '0' },
    /** How many times each verb-group example counts (default: `--learner-weight`). */
    'verb-group-weight': { type: 'string' },
    /**
     * Questions written with a period (`learnerShapes.ts`, `questionSlots`): up to N sentences of edited-english train
     * and N of EWT train that end in "?", written with "." instead, each counted `--question-weight` times.
     */
    'question-shapes': { type: 'string', default: '0' },
    'question-weight': { type: 'string', default: '1' },
    /**
     * Features left out of the fit, by a regular expression over their names (the cached examples keep them): e.g.
     * `^(gap|noGap)` fits without the comma-gap model's probability on the same examples.
     */
    'drop-features': { type: 'string' },
    /** Leave out the comma-gap model's probability (`sideModels.ts`) from the features. */
    'no-gap-feature': { type: 'boolean' },
    /**
     * The set-off comma model's probability (`sideModels.ts`) among the features, cross-fitted like the gap
     * model's. Not in the shipped recipe: refitted with it, the scorer did not meet its criterion (journal, "The set-off
     * comma model and written pairs as the learned scorer's features").
     */
    'set-off-feature': { type: 'boolean' },
    /**
     * The written-pair features (`pairedStretch`: names `pair…`) in the fit; the cached examples always hold them, and
     * without this option they are left out as `--drop-features` leaves features out. Not in the shipped recipe (same
     * section).
     */
    'pair-features': { type: 'boolean' },
    /**
     * The first slot's structural features conjoined with the candidate's threshold group too (`kc|GROUP|NAME`,
     * `KEY_CONJOINED_FEATURE`), added here to the cached examples' features; the engine names the same for a scorer
     * that has them.
     */
    'key-conjoin': { type: 'boolean' },
    /**
     * The edited-english train examples' gap probability from the shipped gap model, which saw their documents,
     * instead of the cross-fitted fold models (`crossFit.ts`).
     */
    'no-cross-fit': { type: 'boolean' },
    /**
     * bench:lint's `--out` JSON of the default decision on clean EWT dev (`--clean-only --clean-split dev --clean-docs
     * --no-harper`): the thresholds are then also chosen so that the scorer's findings on EWT dev as written (each
     * sentence parsed, as the linter gets it) stay within the default's findings there that are not the text rules'
     * (less `--ewt-dev-margin`). The default's own thresholds were fitted with EWT dev's originals in their budget,
     * and web writers' omissions are no error to report to them.
     */
    'ewt-dev-clean': { type: 'string' },
    'ewt-dev-margin': { type: 'string', default: '0' },
    /**
     * A scorer file whose weights are taken as they are, not fitted (no train part is read): only the thresholds are
     * chosen again, and the file's own thresholds are measured first.
     */
    weights: { type: 'string' },
    /**
     * The register of each example's document among the features (`documentRegisters.ts`): EWT's sentences read in
     * their treebank documents, edited-english's in theirs (journal, "The learned scorer refitted on the shipped
     * punctuation model, and the document's register as its feature").
     */
    'document-register': { type: 'boolean' },
    /**
     * The writer's habit before "which" in the rest of the document among the features (`documentFeatures.ts`,
     * `documentWhich.ts`): edited prose writes a restrictive "which" without a comma almost as often as a
     * non-restrictive one with it, and only the writer's other "which"s tell the two apart. Given to both fits.
     */
    'document-which': { type: 'boolean' },
    /**
     * The linter's BiLSTM gap tagger (a file `scripts/train-restore-bilstm.ts --written` wrote): its probabilities at
     * each edit's slots are among every example's features (`sideModels.ts`; the examples are cached apart, by the
     * file's hash), and the scorer written says `neuralGaps`.
     */
    'neural-gaps': { type: 'string' },
    /**
     * With --neural-gaps: the fold taggers, comma-separated in fold order (`train-restore-bilstm.ts --written
     * --leave-fold k`), which give edited-english train examples their features (`crossFit.ts crossFittedTagger`).
     */
    'neural-gap-folds': { type: 'string' },
    /** A scorer file whose weights the fit starts from (with `--train-only`: a residual fit on top of them). */
    'init-weights': { type: 'string' },
    /** Only the features whose names match this regular expression are fitted; the others keep `--init-weights`'. */
    'train-only': { type: 'string' },
    /**
     * With --init-weights and --train-only: the file written is the initial scorer's (its thresholds, settings and
     * note) with the fitted weights, so that only the candidates the new features fire on can change (the sweeps
     * still print what they would choose).
     */
    'keep-thresholds': { type: 'boolean' },
    /**
     * With --document-register, this share of the train part's examples read as their sentence linted alone (its own
     * bins), as the linter reads a sentence given by itself: otherwise the only short texts the scorer sees are EWT's
     * one-line reviews, and it would take every sentence linted alone for web text.
     */
    'register-alone': { type: 'string', default: '0' },
    /**
     * Writer-consistent labels for the corrupted EWT omissions (`writerLabels.ts`): a removed comma stays a positive
     * only where the writer writes a comma of its kind in another sentence of the document; elsewhere its positive
     * edit is counted with this weight (0: dropped). Absent: every corrupted item keeps the corruption's label.
     */
    'writer-labels': { type: 'string' },
    /** With --writer-labels: the writer's commas must also be at least this share of the kind's other sites. */
    'writer-rate': { type: 'string', default: '0' },
    /**
     * GROUP=VALUE (repeatable): a kind of edit's threshold set after the sweep. The shipped scorer's subject–verb
     * comma deletion is set back to the first sweep's 0.84: the stricter sweep's 0.88 removed no clean EWT dev finding
     * and lost the probe "My best friend Carlos, works" (0.87; journal, "Writer-consistent labels …").
     */
    'set-threshold': { type: 'string', multiple: true },
    /**
     * `GROUP=K`: the candidates of a threshold group (`thresholdGroup`) in written train sentences count K times in
     * the fit. Written sentences are where the group's wrong candidates are (a comma the writer set right); with
     * 250 planted errors a kind they are outnumbered: subject–verb deletions had 476 right candidates against 131
     * wrong ones in written sentences, while the shipped scorer's commonest judged false alarm on clean edited dev is
     * that deletion of a list comma (journal, "Written sentences' subject–verb deletions weighed up").
     */
    'clean-repeat': { type: 'string', multiple: true },
    /**
     * Kinds (`thresholdGroup`s, comma-separated) that keep the `--init-weights` scorer's thresholds after the sweep has
     * chosen every other: the kinds whose threshold dev does not decide (the bootstrap of the thresholds, BENCHMARKS
     * "the learned scorer's per-kind thresholds that dev decides"), where a sweep's move is noise and lost a probe
     * (journal, "The linter's gap tagger cross-fitted").
     */
    'keep-thresholds-of': { type: 'string' },
    /** Build and report nothing on the held-out part (it is run once, at the end, by bench:edited). */
    'no-heldout': { type: 'boolean' },
  },
});
if (opt.candidates !== 'dense' && opt.candidates !== 'hand') throw new Error('--candidates dense|hand');
setExampleCandidates(opt.candidates);

const modelDir = defaultModelDir();
const parser = loadParser(modelDir);
const model = loadEngineModel(modelDir);
const cal = loadCalibration(path.join(modelDir, CALIBRATION_FILE));
const gapModel = opt['no-gap-feature'] ? undefined : loadCommaGapsModel(modelDir);
// Edited-english train examples (and the learner shapes made from its documents) get their gap probability from the
// fold model that did not see their document; EWT's, dev's and held-out's from the shipped model, as at run time.
const crossFit = gapModel !== undefined && !opt['no-cross-fit'];
setExampleGaps(crossFit ? crossFittedGaps(gapModel) : gapModel);
// The set-off comma model's probability likewise: its fold model for edited-english train, the shipped one elsewhere.
const setOffModel = opt['set-off-feature'] ? loadSetOffCommasModel(modelDir) : undefined;
setExampleSetOff(setOffModel && !opt['no-cross-fit'] ? crossFittedSetOff(setOffModel) : setOffModel);
const neuralTagger = opt['neural-gaps'] ? readBiLstmTaggerFile(opt['neural-gaps'], modelDir) : undefined;
const neuralFoldFiles = opt['neural-gap-folds']?.split(',') ?? [];
if (neuralFoldFiles.length && !neuralTagger) throw new Error('--neural-gap-folds needs --neural-gaps');
setExampleNeural(neuralTagger && neuralFoldFiles.length ? crossFitted(neuralTagger, neuralFoldFiles.map((f) => readBiLstmTaggerFile(f, modelDir))) : neuralTagger);
/** Bumped when `neuralGapFeatures` reads slots otherwise (2: the marks' classes by `writtenMarkClass`, as training read them). */
const NEURAL_FEATURES_VERSION = 2;
/** In the cache's name of examples that carry the gap tagger's features: their version and the tagger file's hash. */
const neuralTag = opt['neural-gaps'] ? `-ng${NEURAL_FEATURES_VERSION}-${createHash('sha256').update(fs.readFileSync(opt['neural-gaps'])).digest('hex').slice(0, 8)}` : '';

interface PartData {
  corrupted: LabelledSentence[];
  clean: LabelledSentence[];
}

/** The part's documents, or with `docsEvery` > 1 every such share of them (documents taken ten at a time). */
function suiteDocuments(part: EditedPart, docsEvery: number): ReturnType<typeof loadSuiteDocuments> {
  return loadSuiteDocuments(part, docsEvery > 1 ? (_, index) => Math.floor(index / 10) % docsEvery === 0 : undefined);
}

function build(part: EditedPart, perKind: number, seed: number, cleanEvery: number, docsEvery: number): PartData {
  const tag = `-${opt.candidates}${FEATURES_VERSION}${gapTag}${part === 'train' ? crossFitTag + neuralFoldTag : ''}`;
  const file = partFile(path.join(defaultSilverDir(), `scorer-examples-${part}-${perKind}-${seed}-${cleanEvery}-${docsEvery}-${parser.version.length}${tag}`));
  if (fs.existsSync(file) && !opt.rebuild) return readPart(file);
  const t0 = Date.now();
  const docs = suiteDocuments(part, docsEvery);
  const items = buildEditedSuite(docs, BENCH_KINDS, perKind, seed);
  const { sentences: corrupted, skipped } = labelledItems(items, model, cal, parser);
  const clean = labelledClean(docs, model, cal, parser, cleanEvery);
  console.log(`${part}: ${docs.length} documents, ${corrupted.length} corrupted sentences (${skipped} not parsed as one sentence), ${clean.length} written (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  const data = { corrupted, clean };
  writePart(file, data);
  return data;
}

/**
 * Model files the examples do not depend on: the scorer's own (its JSON and the sidecar made from it), the BiLSTM gap
 * tagger (examples that read it are cached apart, by its hash: `--neural-gaps`), restoration's models and the audience
 * decision (a document's, after every sentence's examples).
 */
const notHashed = (name: string) => name === 'lint-scorer.json' || name === 'lint-scorer.weights.bin' || name === LINT_GAP_TAGGER_FILE || name.startsWith('restore-') || name === AUDIENCE_FILE;

/** Bumped when the features change, so cached examples are rebuilt. */
const FEATURES_VERSION = 8;
/** The comma-gap model's version in the cache's name (its refit changes the feature). */
const gapTag = (gapModel ? `-gaps${gapModel.version.replace(/[^\w.-]/g, '')}` : '') + (setOffModel ? `-setoff${setOffModel.version.replace(/[^\w.-]/g, '')}` : '') + `-m${modelsHash()}` + neuralTag;

/**
 * A hash of the model files the examples are computed from (every file of the models' manifest but the scorer's own),
 * so that after a new punctuation, calibration, set-off or gap model `npm run train:scorer` builds its examples anew
 * instead of reading stale ones.
 */
function modelsHash(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(modelDir, 'manifest.json'), 'utf8')) as { files: Record<string, { sha256: string }> };
  const h = createHash('sha256');
  for (const [name, { sha256 }] of Object.entries(manifest.files).sort(([a], [b]) => (a < b ? -1 : 1))) if (!notHashed(name)) h.update(`${name} ${sha256}\n`);
  return h.digest('hex').slice(0, 8);
}
/** Bumped when `learnerShapes.ts` makes other shapes, so their cached examples are rebuilt. */
const LEARNER_SHAPES_VERSION = 2;
/** Bumped when `verbGroupSlots` makes other shapes. */
const VERB_GROUP_SHAPES_VERSION = 1;
/** Bumped when `questionSlots` makes other shapes. */
const QUESTION_SHAPES_VERSION = 1;

/** In the cache's name of train examples whose gap tagger's features are cross-fitted: the fold taggers' hash. */
const neuralFoldTag = neuralFoldFiles.length ? `-ngx${createHash('sha256').update(Buffer.concat(neuralFoldFiles.map((f) => fs.readFileSync(f)))).digest('hex').slice(0, 8)}` : '';
/** In the cache's name of the examples whose gap probability is cross-fitted. */
const crossFitTag = crossFit || (setOffModel && !opt['no-cross-fit']) ? `-xfit${GAP_FOLDS}` : '';

/** A part's examples on disk: feature ids written as the names' positions in `names`. */
/**
 * Where a part's examples are cached: an older cache written as one JSON document (`.json`) is still read; new ones
 * are written one sentence a line (`.jsonl`), since a train part of 1,000 items a kind is longer than the longest
 * string V8 holds (about 512 M characters), which one `JSON.stringify` would have to be.
 */
function partFile(base: string): string {
  return fs.existsSync(`${base}.json`) ? `${base}.json` : `${base}.jsonl`;
}

type PlainSentence = Omit<LabelledSentence, 'edits'> & { edits: Array<Omit<ScoredEdit, 'features'> & { features: { idx: number[]; val: number[] } }> };

const plainSentence = (x: LabelledSentence): PlainSentence => ({ ...x, edits: x.edits.map((e) => ({ ...e, features: { idx: [...e.features.idx], val: [...e.features.val] } })) });

function writePart(file: string, data: PartData): void {
  if (file.endsWith('.json')) {
    fs.writeFileSync(file, JSON.stringify({ names: featureTable.names, corrupted: data.corrupted.map(plainSentence), clean: data.clean.map(plainSentence) }));
    return;
  }
  // A line per sentence ("c" corrupted, "w" as written), the feature names last (known only once every line is made).
  const fd = fs.openSync(`${file}.partial`, 'w');
  for (const [tag, ss] of [['c', data.corrupted], ['w', data.clean]] as const) for (const x of ss) fs.writeSync(fd, `${JSON.stringify({ [tag]: plainSentence(x) })}\n`);
  fs.writeSync(fd, `${JSON.stringify({ names: featureTable.names })}\n`);
  fs.closeSync(fd);
  fs.renameSync(`${file}.partial`, file);
}

function readPart(file: string): PartData {
  const back = (ids: number[], x: PlainSentence): LabelledSentence => ({
    ...x,
    edits: x.edits.map((e) => ({ ...e, features: { idx: Int32Array.from(e.features.idx, (k) => ids[k]), val: Float32Array.from(e.features.val) } })),
  });
  if (file.endsWith('.json')) {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as { names: string[]; corrupted: PlainSentence[]; clean: PlainSentence[] };
    const ids = raw.names.map((n) => featureTable.id(n));
    return { corrupted: raw.corrupted.map((x) => back(ids, x)), clean: raw.clean.map((x) => back(ids, x)) };
  }
  const bytes = fs.readFileSync(file);
  const lastLine = bytes.lastIndexOf(10, bytes.length - 2) + 1;
  const ids = (JSON.parse(bytes.toString('utf8', lastLine)) as { names: string[] }).names.map((n) => featureTable.id(n));
  const data: PartData = { corrupted: [], clean: [] };
  for (let at = 0; at < lastLine; ) {
    const end = bytes.indexOf(10, at);
    const line = JSON.parse(bytes.toString('utf8', at, end)) as { c?: PlainSentence; w?: PlainSentence };
    if (line.c) data.corrupted.push(back(ids, line.c));
    else data.clean.push(back(ids, line.w!));
    at = end + 1;
  }
  return data;
}

type Decide = (e: ScoredEdit) => { p: number; threshold: number };

/** The selected edits of one sentence: most confident first, at or above threshold, no slot touched twice. */
function select(edits: readonly ScoredEdit[], decide: Decide): ScoredEdit[] {
  const used = new Set<number>();
  const out: ScoredEdit[] = [];
  const scored = edits.map((e) => ({ e, ...decide(e) })).sort((a, b) => b.p - a.p);
  for (const { e, p, threshold } of scored) {
    if (p < threshold) continue;
    if (e.changes.some(([i]) => used.has(i))) continue;
    e.changes.forEach(([i]) => used.add(i));
    out.push(e);
  }
  return out;
}

function judgeSentence(s: LabelledSentence, chosen: readonly ScoredEdit[]): Tally {
  const gold = new Map(s.gold ?? []);
  let tp = 0;
  let fp = 0;
  const hit = new Set<number>();
  for (const e of chosen)
    for (const [i, m] of e.changes) {
      if (gold.get(i)?.includes(m)) {
        tp++;
        hit.add(i);
      } else fp++;
    }
  return { tp, fp, fn: [...gold.keys()].filter((i) => !hit.has(i)).length };
}

function evaluate(data: PartData, decide: Decide): { perKind: Map<ErrorKind, Tally>; cleanFindings: number; cleanSentences: number } {
  const perKind = new Map<ErrorKind, Tally>();
  for (const s of data.corrupted) {
    const t = judgeSentence(s, select(s.edits, decide));
    const k = perKind.get(s.error!) ?? { tp: 0, fp: 0, fn: 0 };
    k.tp += t.tp;
    k.fp += t.fp;
    k.fn += t.fn;
    perKind.set(s.error!, k);
  }
  let cleanFindings = 0;
  for (const s of data.clean) cleanFindings += select(s.edits, decide).length;
  return { perKind, cleanFindings, cleanSentences: data.clean.length };
}

function weighted(perKind: Map<ErrorKind, Tally>, items: Map<ErrorKind, number>): Tally {
  const w: Tally = { tp: 0, fp: 0, fn: 0 };
  for (const [k, t] of perKind) {
    const x = WRITER_ERROR_RATES[k]!.per1k / (items.get(k) ?? 1);
    w.tp += x * t.tp;
    w.fp += x * t.fp;
    w.fn += x * t.fn;
  }
  return w;
}

/** Kinds only the text rules (doubled marks, brackets, quotes) can repair: the scorer does not decide them. */
const TEXT_RULE_KINDS: ReadonlySet<ErrorKind> = new Set(['quote-transposition', 'doubled-mark', 'stacked-marks', 'unbalanced-bracket', 'semicolon-colon-confusion']);
const TEXT_RULES = new Set(['doubled-mark', 'unbalanced-pair', 'quote-placement', 'mark-spacing', 'repeated-end-marks']);

interface BenchJson {
  clean: { sentences: number; byRule: Record<string, number> };
  corrupted: { results: Record<string, Tally & { items: number }> };
}

/**
 * The engine if the scorer replaced its decision: the scorer's edits for the kinds candidates make, the shipped text
 * rules' (from bench:edited's run of the shipped engine on the same part and draw) for the others; clean findings the
 * scorer's plus the text rules'. An estimate: the two runs analyse sentences alike, but the text rules run on whole
 * documents.
 */
function replacement(r: ReturnType<typeof evaluate>, bench: BenchJson): { mix: number; all: number; cleanPer1k: number } {
  const perKind = new Map<ErrorKind, Tally>();
  const items = new Map<ErrorKind, number>();
  for (const [k, t] of Object.entries(bench.corrupted.results) as Array<[ErrorKind, Tally & { items: number }]>) {
    items.set(k, t.items);
    perKind.set(k, TEXT_RULE_KINDS.has(k) ? t : (r.perKind.get(k) ?? { tp: 0, fp: 0, fn: t.tp + t.fn }));
  }
  const sum = [...perKind.values()].reduce((s, t) => ({ tp: s.tp + t.tp, fp: s.fp + t.fp, fn: s.fn + t.fn }), { tp: 0, fp: 0, fn: 0 });
  const textClean = Object.entries(bench.clean.byRule).reduce((s, [rule, c]) => s + (TEXT_RULES.has(rule) ? c : 0), 0);
  return { mix: f05(weighted(perKind, items)).f05, all: f05(sum).f05, cleanPer1k: (1000 * r.cleanFindings) / r.cleanSentences + (1000 * textClean) / bench.clean.sentences };
}

/**
 * EWT dev as written, every sentence parsed as the linter gets it (cached), and the limit on the scorer's findings
 * there: the default's findings in `--ewt-dev-clean` whose rule the scorer does not decide, left out.
 */
function ewtDevClean(): { data: PartData; limit: number } {
  const file = path.join(defaultSilverDir(), `scorer-examples-ewtdev-${parser.version.length}-${opt.candidates}${FEATURES_VERSION}${gapTag}.json`);
  let data: PartData;
  if (fs.existsSync(file) && !opt.rebuild) data = readPart(file);
  else {
    const t0 = Date.now();
    const pieces = ewtTrainDocuments(1, EWT_DEV).flatMap((d) => d.paragraphs.map((text, p) => ({ id: `${d.key}/${p}`, text })));
    data = { corrupted: [], clean: labelledParsed(pieces, model, cal, parser) };
    writePart(file, data);
    console.log(`EWT dev as written: ${data.clean.length} sentences (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  const bench = JSON.parse(fs.readFileSync(opt['ewt-dev-clean']!, 'utf8')) as { clean: Record<string, { list: Array<{ ruleId: string }> }> };
  const list = Object.values(bench.clean)[0].list;
  const decided = list.filter((f) => !TEXT_RULES.has(f.ruleId) && !NOT_SCORED_RULES.has(f.ruleId)).length;
  const limit = decided - Number(opt['ewt-dev-margin']);
  console.log(`EWT dev: the default's findings ${list.length}, of them ${decided} of rules the scorer decides: limit ${limit}`);
  return { data, limit };
}

/** Rules of the default's EWT dev findings the scorer's candidates never make (marks run together, dates' commas). */
const NOT_SCORED_RULES = new Set(['mark-absorption', 'date-comma']);

let ewtDevData: PartData | undefined;
/**
 * The scorer's findings on EWT dev as written. A missing final period is left out: the engine reports it only in an
 * error-prone document (`learnedDecision.ts`), and web writers leave it off so often that it made four fifths of the
 * count (87 for 19 end to end at s1's thresholds, journal "The learned scorer as the default?").
 */
function ewtDevFindings(d: Decide): number {
  let n = 0;
  for (const s of ewtDevData!.clean) n += select(s.edits, d).filter((e) => !e.key.startsWith('sentence-final/insert')).length;
  return n;
}

const benchDevOf = (): BenchJson | undefined => (opt['bench-dev'] ? (JSON.parse(fs.readFileSync(opt['bench-dev'], 'utf8')) as BenchJson) : undefined);

function main(): void {
  const docsEvery = Number(opt['train-docs-every']);
  const given = opt.weights ? (JSON.parse(fs.readFileSync(opt.weights, 'utf8')) as { weights: Record<string, number>; threshold: number; thresholds?: Record<string, number>; note?: string }) : undefined;
  const train = given ? { corrupted: [], clean: [] } : build('train', Number(opt['per-kind-train']), Number(opt['train-seed']), Number(opt['clean-every-train']), docsEvery);
  const ewtPerKind = given ? 0 : Number(opt['ewt-per-kind']);
  if (ewtPerKind > 0) {
    // EWT's writers are not edited, so only its corrupted sentences join (the slot corrupted is the label's point);
    // its sentences as written would teach that the commas web writers leave out are right.
    const file = path.join(defaultSilverDir(), `scorer-examples-ewt-${ewtPerKind}-13-${parser.version.length}-${opt.candidates}${FEATURES_VERSION}${gapTag}.json`);
    let ewt: PartData;
    if (fs.existsSync(file) && !opt.rebuild) ewt = readPart(file);
    else {
      const t0 = Date.now();
      const { sentences, skipped } = labelledItems(buildEditedSuite(ewtTrainDocuments(), BENCH_KINDS, ewtPerKind, 13), model, cal, parser);
      ewt = { corrupted: sentences, clean: [] };
      writePart(file, ewt);
      console.log(`EWT train: ${sentences.length} corrupted sentences (${skipped} not parsed as one sentence) (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
    if (opt['writer-labels'] !== undefined) {
      const c = writerConsistentLabels(ewt.corrupted, ewtCommaHabits(EWT_TRAIN), Number(opt['writer-labels']), Number(opt['writer-rate']));
      console.log(`EWT omissions by the writer's own commas: ${c.kept} kept as positives, ${c.changed} with no comma of their kind elsewhere in the document (weight ${opt['writer-labels']}, rate ≥ ${opt['writer-rate']})`);
    }
    train.corrupted.push(...ewt.corrupted);
  }
  // Learner-shaped commas planted in edited-english train and EWT train sentences (`learnerShapes.ts`), labelled once
  // and cached under `name`; each family is drawn with its own seeds.
  const learnerExamples = (name: string, label: string, count: number, seeds: [number, number], slotsOf: Parameters<typeof learnerShapeItems>[3], tag: string): LabelledSentence[] => {
    const file = path.join(defaultSilverDir(), `scorer-examples-${name}-${docsEvery}-${parser.version.length}-${opt.candidates}${FEATURES_VERSION}${gapTag}${crossFitTag}${neuralFoldTag}.json`);
    if (fs.existsSync(file) && !opt.rebuild) return readPart(file).corrupted;
    const t0 = Date.now();
    const editedDocs = suiteDocuments('train', docsEvery);
    const items = [...learnerShapeItems(editedDocs, count, seeds[0], slotsOf, tag), ...learnerShapeItems(ewtTrainDocuments(), count, seeds[1], slotsOf, tag)];
    const { sentences, skipped } = labelledItems(items, model, cal, parser);
    writePart(file, { corrupted: sentences, clean: [] });
    console.log(`${label}: ${sentences.length} corrupted sentences (${skipped} not parsed as one sentence) (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    return sentences;
  };
  const shapes = given ? 0 : Number(opt['learner-shapes']);
  if (shapes > 0) {
    const learner = learnerExamples(`learner${LEARNER_SHAPES_VERSION}-${shapes}-17`, 'learner-shaped commas', shapes, [17, 18], learnerShapeSlots, 'learner');
    for (let k = 0; k < Number(opt['learner-weight']); k++) train.corrupted.push(...learner);
  }
  if (!given && opt['extra-train']) {
    for (const [kind, count] of opt['extra-train'].split(',').map((x) => x.split('='))) {
      const file = partFile(path.join(defaultSilverDir(), `scorer-examples-extra-${kind}-${count}-31-${docsEvery}-${parser.version.length}-${opt.candidates}${FEATURES_VERSION}${gapTag}${crossFitTag}${neuralFoldTag}`));
      let extra: LabelledSentence[];
      if (fs.existsSync(file) && !opt.rebuild) extra = readPart(file).corrupted;
      else {
        const t0 = Date.now();
        const docs = suiteDocuments('train', docsEvery);
        const { sentences, skipped } = labelledItems(buildEditedSuite(docs, [kind as ErrorKind], Number(count), 31), model, cal, parser);
        extra = sentences;
        writePart(file, { corrupted: extra, clean: [] });
        console.log(`extra ${kind}: ${sentences.length} corrupted sentences (${skipped} not parsed as one sentence) (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
      }
      train.corrupted.push(...extra);
    }
  }
  const verbGroup = given ? 0 : Number(opt['verb-group-shapes']);
  if (verbGroup > 0) {
    const learner = learnerExamples(`verbgroup${VERB_GROUP_SHAPES_VERSION}-${verbGroup}`, 'learner commas inside a verb group', verbGroup, [19, 20], verbGroupSlots, 'verb-group');
    for (let k = 0; k < Number(opt['verb-group-weight'] ?? opt['learner-weight']); k++) train.corrupted.push(...learner);
  }
  const questions = given ? 0 : Number(opt['question-shapes']);
  if (questions > 0) {
    const learner = learnerExamples(`question${QUESTION_SHAPES_VERSION}-${questions}`, 'questions written with a period', questions, [21, 22], questionSlots, 'question');
    for (let k = 0; k < Number(opt['question-weight']); k++) train.corrupted.push(...learner);
  }
  const ewtCleanEvery = given ? 0 : Number(opt['ewt-clean-every']);
  if (ewtCleanEvery > 0) {
    const file = path.join(defaultSilverDir(), `scorer-examples-ewtclean-${ewtCleanEvery}-${parser.version.length}-${opt.candidates}${FEATURES_VERSION}${gapTag}.json`);
    let clean: LabelledSentence[];
    if (fs.existsSync(file) && !opt.rebuild) clean = readPart(file).clean;
    else {
      const t0 = Date.now();
      clean = labelledClean(ewtTrainDocuments(), model, cal, parser, ewtCleanEvery);
      writePart(file, { corrupted: [], clean });
      console.log(`EWT train as written: ${clean.length} sentences (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
    train.clean.push(...clean);
  }
  const dev = build('dev', Number(opt['per-kind-dev']), 12, Number(opt['clean-every-dev']), 1);
  const ewtDev = opt['ewt-dev-clean'] ? ewtDevClean() : undefined;
  ewtDevData = ewtDev?.data;
  const held = opt['no-heldout'] ? { corrupted: [], clean: [] } : build('heldout', Number(opt['held-per-kind']), 1, Number(opt['held-clean-every']), 1);
  // The learner-shaped sentences are in the train part several times (`--learner-weight`): each is given its
  // document's features once.
  const once = <T>(xs: readonly T[]) => [...new Set(xs)];
  if (opt['document-register']) {
    const edited = editedRegisters(opt['no-heldout'] ? ['train', 'dev'] : ['train', 'dev', 'heldout']);
    const withEwt = (file: string) => new Map([...edited, ...ewtRegisters(file)]);
    const missing =
      addDocumentRegister(once([...train.corrupted, ...train.clean]), withEwt(EWT_TRAIN), Number(opt['register-alone']) > 0 ? { share: Number(opt['register-alone']), bins: sentenceRegisters(['train'], EWT_TRAIN) } : undefined) +
      addDocumentRegister([...dev.corrupted, ...dev.clean, ...held.corrupted, ...held.clean], edited) +
      (ewtDev ? addDocumentRegister(ewtDev.data.clean, ewtRegisters(EWT_DEV)) : 0);
    console.log(`document register added (${missing} sentences with no document found)`);
  }
  if (opt['document-which']) {
    const edited = editedWhichOthers(opt['no-heldout'] ? ['train', 'dev'] : ['train', 'dev', 'heldout']);
    const ewtTrain = ewtWhichOthers(EWT_TRAIN);
    const trainOthers = (id: string) => (id.startsWith('ewt#') ? ewtTrain(id) : edited(id));
    const missing =
      addWhichHabit(once([...train.corrupted, ...train.clean]), trainOthers) +
      addWhichHabit([...dev.corrupted, ...dev.clean, ...held.corrupted, ...held.clean], edited) +
      (ewtDev ? addWhichHabit(ewtDev.data.clean, ewtWhichOthers(EWT_DEV)) : 0);
    console.log(`the writer's habit before "which" added (${missing} sentences with such an edit and no document found)`);
  }
  if (opt['key-conjoin']) {
    // Each edit once (parts may share sentences), its conjoined features appended as the lint emits them.
    const seen = new Set<ScoredEdit>();
    for (const d of [train, dev, held, ...(ewtDev ? [ewtDev.data] : [])])
      for (const s of [...d.corrupted, ...d.clean])
        for (const e of s.edits) {
          if (seen.has(e)) continue;
          seen.add(e);
          const named: FeatureVector = [...e.features.idx].map((id, j) => [featureTable.names[id], e.features.val[j]]);
          const added = featureTable.encode(keyConjoinedFeatures(e.key, named));
          e.features = { idx: Int32Array.from([...e.features.idx, ...added.idx]), val: Float32Array.from([...e.features.val, ...added.val]) };
        }
    console.log(`slot structure conjoined with the kind: ${seen.size} candidates`);
  }
  const dropped = [...(opt['drop-features'] ? [opt['drop-features']] : []), ...(opt['pair-features'] ? [] : ['^pair'])];
  if (dropped.length) {
    const drop = new RegExp(dropped.map((r) => `(?:${r})`).join('|'));
    const keep = (e: ScoredEdit) => {
      const k = [...e.features.idx].map((id, j) => j).filter((j) => !drop.test(featureTable.names[e.features.idx[j]]));
      e.features = { idx: Int32Array.from(k, (j) => e.features.idx[j]), val: Float32Array.from(k, (j) => e.features.val[j]) };
    };
    for (const d of [train, dev, held, ...(ewtDev ? [ewtDev.data] : [])]) for (const s of [...d.corrupted, ...d.clean]) s.edits.forEach(keep);
  }
  const flat = (d: PartData) => [...d.corrupted, ...d.clean].flatMap((s) => s.edits);
  const trainEdits = flat(train);
  for (const spec of opt['clean-repeat'] ?? []) {
    const [g, k] = spec.split('=');
    const times = Number(k);
    if (!g || !Number.isInteger(times) || times < 1) throw new Error(`--clean-repeat GROUP=K (K a whole number ≥ 1), not ${spec}`);
    const written = train.clean.flatMap((s) => s.edits.filter((e) => thresholdGroup(e.key) === g));
    for (let r = 1; r < times; r++) trainEdits.push(...written);
    console.log(`${g} in written train sentences: ${written.length} candidates (${written.filter((e) => e.label).length} right), each counted ${times} times`);
  }
  const devEdits = flat(dev);
  console.log(`train: ${trainEdits.length} candidates (${trainEdits.filter((e) => e.label).length} right); dev: ${devEdits.length} (${devEdits.filter((e) => e.label).length} right)`);
  const scorer: LogisticModel = given ? { weights: given.weights, note: `${given.note?.replace(/; threshold [\d.]+ chosen on .*$/, '') ?? 'the weights given'}, thresholds chosen again` } : trainEncoded(trainEdits, devEdits, featureTable, {
        ...DEFAULT_TRAIN,
        l2: Number(opt.l2),
        patience: Number(opt.patience),
        learningRate: Number(opt['learning-rate']),
        log: (l) => console.log(`  ${l}`),
        ...(opt['init-weights'] ? { init: (JSON.parse(fs.readFileSync(opt['init-weights'], 'utf8')) as { weights: Record<string, number> }).weights } : {}),
        ...(opt['train-only'] ? { trainOnly: new RegExp(opt['train-only']) } : {}),
      });
  console.log(scorer.note);
  const w = featureTable.weightsOf(scorer);
  const predict = (_: LogisticModel, f: Encoded) => predictEncoded(w, f);

  // One threshold, chosen on dev: corrupted items' edits and written sentences' findings together.
  const shipped: Decide = (e) => ({ p: e.confidence, threshold: thresholdFor(cal, e.key) });
  // Each edit's probability, computed once (the sweeps below decide thousands of times).
  const probOf = new Map<ScoredEdit, number>();
  for (const e of [...flat(dev), ...flat(held), ...(ewtDev ? flat(ewtDev.data) : [])]) probOf.set(e, predict(scorer, e.features));
  const pOf = (e: ScoredEdit) => probOf.get(e) ?? predict(scorer, e.features);
  const learned = (t: number, perKind?: ReadonlyMap<string, number>): Decide => (e) => ({ p: pOf(e), threshold: perKind?.get(thresholdGroup(e.key)) ?? t });
  const devItems = new Map<ErrorKind, number>();
  for (const s of dev.corrupted) devItems.set(s.error!, (devItems.get(s.error!) ?? 0) + 1);
  const devScore = (d: Decide) => {
    const r = evaluate(dev, d);
    const all: Tally = { tp: 0, fp: r.cleanFindings, fn: 0 };
    for (const t of r.perKind.values()) {
      all.tp += t.tp;
      all.fp += t.fp;
      all.fn += t.fn;
    }
    return { f: f05(all).f05, mix: f05(weighted(r.perKind, devItems)).f05, cleanPer1k: (1000 * r.cleanFindings) / r.cleanSentences };
  };
  // The threshold: the best dev F0.5 (writers' mix) whose findings on written dev sentences stay within
  // --max-clean per 1,000 (issue 29's goal of 3 false alarms per 1,000 by default).
  if (given) {
    const own = learned(given.threshold, new Map(Object.entries(given.thresholds ?? {})));
    const rep = benchDevOf() ? replacement(evaluate(dev, own), benchDevOf()!) : undefined;
    console.log(`${opt.weights} at its own thresholds: dev ${JSON.stringify(devScore(own))}${rep ? `; as a replacement: mix ${rep.mix.toFixed(3)}, clean ${rep.cleanPer1k.toFixed(2)} per 1,000` : ''}${ewtDev ? `; EWT dev as written: ${ewtDevFindings(own)} findings` : ''}`);
  }
  let bestT = 0.99;
  let bestF = -1;
  const maxClean = Number(opt['max-clean']);
  const benchDev = benchDevOf();
  for (let t = 0.3; t <= 0.991; t += 0.01) {
    const s = devScore(learned(t));
    const rep = benchDev ? replacement(evaluate(dev, learned(t)), benchDev) : undefined;
    console.log(`  t ${t.toFixed(2)}: dev F0.5 ${s.f.toFixed(3)} (mix ${s.mix.toFixed(3)}), clean ${s.cleanPer1k.toFixed(2)} per 1,000${rep ? `; as a replacement: F0.5 ${rep.all.toFixed(3)} (mix ${rep.mix.toFixed(3)}), clean ${rep.cleanPer1k.toFixed(2)} per 1,000` : ''}`);
    // With the shipped engine's dev run: the replacement's own criterion (its clean findings within the engine's).
    const [mix, clean, limit] = rep && benchDev ? [rep.mix, rep.cleanPer1k, (1000 * Object.values(benchDev.clean.byRule).reduce((a, c) => a + c, 0)) / benchDev.clean.sentences - Number(opt['clean-margin'])] : [s.mix, s.cleanPer1k, maxClean];
    const ewt = ewtDev ? ewtDevFindings(learned(t)) : 0;
    if (ewtDev) console.log(`    EWT dev as written: ${ewt} findings (limit ${ewtDev.limit})`);
    if (clean <= limit && ewt <= (ewtDev?.limit ?? 0) && mix > bestF) {
      bestF = mix;
      bestT = t;
    }
  }
  if (opt.threshold) bestT = Number(opt.threshold);
  // Per kind of edit (`thresholdGroup`): one pass of coordinate ascent from the global threshold, each kind's
  // threshold moved to the value that most raises the dev criterion's F0.5 within the same clean-findings limit.
  // Thresholds set by hand (`--set-threshold GROUP=VALUE`): the sweep chooses the other kinds beside them.
  const setByHand = new Map<string, number>();
  for (const spec of opt['set-threshold'] ?? []) {
    const [g, t] = spec.split('=');
    if (!g || !Number.isFinite(Number(t))) throw new Error(`--set-threshold GROUP=VALUE, not ${spec}`);
    setByHand.set(g, Number(t));
  }
  const heldKinds = new Set((opt['hold-kinds'] ?? '').split(',').filter(Boolean));
  let perKind = new Map<string, number>();
  if (opt['per-kind-thresholds'] && benchDev) {
    const limit = (1000 * Object.values(benchDev.clean.byRule).reduce((a, c) => a + c, 0)) / benchDev.clean.sentences - Number(opt['clean-margin']);
    const groups = [...new Set(flat(dev).map((e) => thresholdGroup(e.key)))].sort();
    // One pass of coordinate ascent over `part` (dev, or a resample of it); `say` logs each kind's choice. The kinds
    // set by hand (`--set-threshold`) keep their values throughout, so that the others are chosen beside them.
    const sweep = (part: PartData, say: boolean): Map<string, number> => {
      const chosen = new Map<string, number>(setByHand);
      const score = () => replacement(evaluate(part, learned(bestT, chosen)), benchDev);
      let cur = score();
      for (const g of groups) {
        if (setByHand.has(g) || heldKinds.has(g)) continue;
        let best = chosen.get(g) ?? bestT;
        for (let t = 0.5; t <= 0.991; t += 0.02) {
          chosen.set(g, t);
          const r = score();
          if (r.cleanPer1k <= limit && (!ewtDev || ewtDevFindings(learned(bestT, chosen)) <= ewtDev.limit) && r.mix > cur.mix + 1e-9) {
            cur = r;
            best = t;
          }
        }
        chosen.set(g, best);
        if (say) console.log(`  threshold ${g}: ${best.toFixed(2)} (dev as a replacement: mix ${cur.mix.toFixed(3)}, clean ${cur.cleanPer1k.toFixed(2)} per 1,000${ewtDev ? `; EWT dev ${ewtDevFindings(learned(bestT, chosen))}` : ''})`);
      }
      return chosen;
    };
    const bags = Number(opt['bag-thresholds']);
    if (!(bags > 0)) perKind = sweep(dev, true);
    else {
      const rand = seededRng(Number(opt['bag-seed']));
      const draw = <T>(xs: readonly T[]) => Array.from(xs, () => xs[Math.floor(rand() * xs.length)]);
      const choices = new Map<string, number[]>(groups.map((g) => [g, []]));
      for (let b = 0; b < bags; b++) {
        const chosen = sweep({ corrupted: draw(dev.corrupted), clean: draw(dev.clean) }, false);
        for (const g of groups) choices.get(g)!.push(chosen.get(g)!);
        console.log(`  resample ${b + 1}/${bags}: ${groups.map((g) => `${g} ${chosen.get(g)!.toFixed(2)}`).join(', ')}`);
      }
      for (const g of groups) {
        const ts = choices.get(g)!.sort((a, b) => a - b);
        perKind.set(g, ts[Math.floor(ts.length / 2)]);
      }
      const r = replacement(evaluate(dev, learned(bestT, perKind)), benchDev);
      for (const g of groups) {
        const ts = choices.get(g)!;
        console.log(`  threshold ${g}: ${perKind.get(g)!.toFixed(2)} (median of ${bags} resamples; quartiles ${ts[Math.floor(ts.length / 4)].toFixed(2)}–${ts[Math.floor((3 * ts.length) / 4)].toFixed(2)})`);
      }
      console.log(`  bagged thresholds on dev as a replacement: mix ${r.mix.toFixed(3)}, clean ${r.cleanPer1k.toFixed(2)} per 1,000 (limit ${limit.toFixed(2)})${ewtDev ? `; EWT dev ${ewtDevFindings(learned(bestT, perKind))} (limit ${ewtDev.limit})` : ''}`);
    }
    for (const [g, t] of [...perKind]) if (Math.abs(t - bestT) < 1e-9) perKind.delete(g);
  }
  // Thresholds set by hand, each with its measured reason in the journal.
  for (const [g, t] of setByHand) {
    perKind.set(g, t);
    console.log(`  threshold ${g}: ${t.toFixed(2)} (set by --set-threshold)`);
  }
  const devShipped = devScore(shipped);
  const devLearned = devScore(learned(bestT, perKind));
  console.log(`dev: threshold ${bestT.toFixed(2)}; model-only shipped decision F0.5 ${devShipped.f.toFixed(3)} (mix ${devShipped.mix.toFixed(3)}), clean ${devShipped.cleanPer1k.toFixed(2)}/1k; scorer F0.5 ${devLearned.f.toFixed(3)} (mix ${devLearned.mix.toFixed(3)}), clean ${devLearned.cleanPer1k.toFixed(2)}/1k`);

  // Held-out: per kind, side by side.
  const heldItems = new Map<ErrorKind, number>();
  for (const s of held.corrupted) heldItems.set(s.error!, (heldItems.get(s.error!) ?? 0) + 1);
  const a = evaluate(held, shipped);
  const b = evaluate(held, learned(bestT, perKind));
  const pc = (x: number) => x.toFixed(3);
  const lines = ['| error kind | items | model-only P | R | F0.5 | scorer P | R | F0.5 |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'];
  for (const k of BENCH_KINDS) {
    const x = a.perKind.get(k);
    const y = b.perKind.get(k);
    if (!x || !y) continue;
    const [sx, sy] = [f05(x), f05(y)];
    lines.push(`| ${k} | ${heldItems.get(k)} | ${pc(sx.precision)} | ${pc(sx.recall)} | ${pc(sx.f05)} | ${pc(sy.precision)} | ${pc(sy.recall)} | ${pc(sy.f05)} |`);
  }
  const sum = (m: Map<ErrorKind, Tally>) => [...m.values()].reduce((s, t) => ({ tp: s.tp + t.tp, fp: s.fp + t.fp, fn: s.fn + t.fn }), { tp: 0, fp: 0, fn: 0 });
  const [oa, ob] = [f05(sum(a.perKind)), f05(sum(b.perKind))];
  const [wa, wb] = [f05(weighted(a.perKind, heldItems)), f05(weighted(b.perKind, heldItems))];
  lines.push(`| overall, every kind alike | ${held.corrupted.length} | ${pc(oa.precision)} | ${pc(oa.recall)} | ${pc(oa.f05)} | ${pc(ob.precision)} | ${pc(ob.recall)} | ${pc(ob.f05)} |`);
  lines.push(`| overall, writers' mix | | ${pc(wa.precision)} | ${pc(wa.recall)} | ${pc(wa.f05)} | ${pc(wb.precision)} | ${pc(wb.recall)} | ${pc(wb.f05)} |`);
  const heldEdits = flat(held);
  const ys = heldEdits.map((e) => e.label);
  const eceShipped = expectedCalibrationError(heldEdits.map((e) => e.confidence), ys);
  const eceLearned = expectedCalibrationError(heldEdits.map(pOf), ys);
  const devFlat = flat(dev);
  const eceDev = expectedCalibrationError(devFlat.map(pOf), devFlat.map((e) => e.label));
  const eceDevShipped = expectedCalibrationError(devFlat.map((e) => e.confidence), devFlat.map((e) => e.label));
  lines.push(
    '',
    `Written held-out sentences (${a.cleanSentences}): model-only ${((1000 * a.cleanFindings) / a.cleanSentences).toFixed(2)} findings per 1,000, scorer ${((1000 * b.cleanFindings) / b.cleanSentences).toFixed(2)}.`,
    `ECE over all ${heldEdits.length} held-out candidates (10 bins): shipped calibration ${eceShipped.toFixed(4)}, scorer ${eceLearned.toFixed(4)}.`,
    `ECE over all ${devFlat.length} dev candidates (10 bins): shipped calibration ${eceDevShipped.toFixed(4)}, scorer ${eceDev.toFixed(4)}.`,
    `Dev (threshold ${bestT.toFixed(2)} chosen there): model-only F0.5 ${devShipped.f.toFixed(3)} (writers' mix ${devShipped.mix.toFixed(3)}), clean ${devShipped.cleanPer1k.toFixed(2)} per 1,000; scorer ${devLearned.f.toFixed(3)} (mix ${devLearned.mix.toFixed(3)}), clean ${devLearned.cleanPer1k.toFixed(2)} per 1,000.`,
  );
  if (opt['bench-heldout']) {
    const rep = replacement(b, JSON.parse(fs.readFileSync(opt['bench-heldout'], 'utf8')) as BenchJson);
    lines.push(`As a replacement of the decision (the scorer's edits, the shipped text rules' for quotes, doubled marks and brackets), held-out: F0.5 ${rep.all.toFixed(3)} every kind alike, ${rep.mix.toFixed(3)} in the writers' mix; ${rep.cleanPer1k.toFixed(2)} findings per 1,000 written sentences.`);
  }
  console.log(lines.join('\n'));
  const top = Object.entries(scorer.weights).sort((x, y) => Math.abs(y[1]) - Math.abs(x[1])).slice(0, 25);
  console.log('largest weights:\n' + top.map(([n, w]) => `  ${w.toFixed(3)}\t${n}`).join('\n'));
  const hand = opt.hand ? (JSON.parse(fs.readFileSync(opt.hand, 'utf8')) as { weights: Record<string, number>; threshold: number; note?: string }) : undefined;
  const flags = {
    ...(Object.keys(scorer.weights).some((n) => /^doc:/.test(n)) ? { documentRegister: true } : {}),
    ...(Object.keys(scorer.weights).some((n) => /^docWhich=/.test(n)) ? { documentWhich: true } : {}),
    ...(Object.keys(scorer.weights).some((n) => /^(nGap|noNGap)/.test(n)) ? { neuralGaps: true } : {}),
  };
  const rounded = Object.fromEntries(Object.entries(scorer.weights).map(([n, w]) => [n, Number(w.toPrecision(5))]));
  if (opt['keep-thresholds']) {
    if (!opt['init-weights'] || !opt['train-only']) throw new Error('--keep-thresholds goes with --init-weights and --train-only');
    const init = JSON.parse(fs.readFileSync(opt['init-weights'], 'utf8')) as { note?: string };
    fs.writeFileSync(opt.out!, JSON.stringify({ ...init, ...flags, note: `${init.note ?? ''}; then ${opt['train-only']} fitted on top (${scorer.note}), every other weight and threshold as they were`, weights: rounded }));
    console.log(`wrote ${opt.out} (the thresholds of ${opt['init-weights']})`);
    return;
  }
  if (opt['keep-thresholds-of']) {
    if (!opt['init-weights']) throw new Error('--keep-thresholds-of goes with --init-weights');
    const init = JSON.parse(fs.readFileSync(opt['init-weights'], 'utf8')) as { threshold: number; thresholds?: Record<string, number> };
    for (const g of opt['keep-thresholds-of'].split(',').filter(Boolean)) {
      // A kind with no threshold of its own took the scorer's global one.
      const t = init.thresholds?.[g] ?? init.threshold;
      if (t === bestT) perKind.delete(g);
      else perKind.set(g, t);
      console.log(`  threshold ${g}: ${t.toFixed(2)} (kept from ${opt['init-weights']})`);
    }
  }
  fs.writeFileSync(opt.out!, JSON.stringify({ ...(opt.candidates === 'dense' ? { candidates: 'dense' } : {}), ...(gapModel && Object.keys(scorer.weights).some((n) => /^gap/.test(n)) ? { gapFeature: true } : {}), ...flags, ...(setOffModel && Object.keys(scorer.weights).some((n) => /^(setOff|noSetOff)/.test(n)) ? { setOffFeature: true } : {}), ...(hand ? { hand: { weights: hand.weights, threshold: hand.threshold } } : {}), note: `${scorer.note}; threshold ${bestT.toFixed(2)} chosen on edited-english dev${opt.threshold ? ' end to end' : ''}`, threshold: Number(bestT.toFixed(2)), ...(perKind.size ? { thresholds: Object.fromEntries([...perKind].map(([g, t]) => [g, Number(t.toFixed(2))])) } : {}), weights: rounded }));
  fs.writeFileSync(path.join(defaultSilverDir(), 'scorer-report.md'), lines.join('\n') + '\n');
}

main();
