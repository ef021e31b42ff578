/**
 * `npm run train:punct` — trains the punctuation model on UD English EWT train (gold trees), selects epochs on dev,
 * and writes models/en/punct-attach.json (identity-channel ablation) and models/en/punct.json (full model), in the
 * three phases described at `Phase` below. `--only attach|full` runs one phase (with `--warm`/`--continue`).
 *
 * Options (all optional): --only attach|full  --dir L|R  --xi X  --sigma S  --lr R  --lr-channel R  --decay D  --batch B  --spe N (sentences
 * per epoch)  --epochs E  --minutes M (per model)  --out DIR  --seed N  --data DIR  --dev-sentences N  --tag NAME
 * (writes punct-NAME.json instead, for tuning runs)  --warm (start the full model's θ from the Attach model)
 * --continue (start the Attach model from its own saved weights: the ablation gets the full model's extra budget)
 * --rules-sentences N (training trees whose MAP underlying trees give the bigram counts of `eval rules`)
 * --keep-bias B (added to the initial keep logits of φ)  --rules-only (only recompute those statistics for an existing punct.json)
 * --resume FILE (start the full model's θ and φ from a saved full model, e.g. to continue a run with a smaller rate, or to
 * fine-tune the shipped model on other data; the vocabulary is then the file's)
 * --bos-commas-only (the initial mark ∘ may absorb only a comma, as in the paper's App. notes: fixes every other ∘ window to keep)
 * --nunberg (the channel may only make Nunberg's kinds of rewrite: a point mark absorbed by an equal or stronger one next to it
 * or by a bracket or quote; a period or comma transposed with a closing quote; brackets, quotes and symbols never deleted)
 * --outer-left-comma (a comma at a left edge a node shares with its head belongs to the head: `ModelCore.outerLeftComma`)
 * --paired-commas (the posterior regulariser also counts one-sided commas of relative clauses and appositions inside the
 * sentence: `ModelCore.pairedSupplementCommas`)  --supplement-right-comma (`ModelCore.supplementRightComma`).
 * --final-mark-on-root (the sentence's terminal mark is the root's, and there is one: `ModelCore.finalMarkOnRoot`)
 * --keep-abbrev-dot (the channel never deletes an abbreviation's own dot `<.>`: it absorbs a period, never the reverse)
 * --final-point-on-root (the same for every point mark: the root's right puncteme holds one at most, and another node
 * ending the sentence none but a comma: `ModelCore.finalPointOnRoot`)
 * --edited (also train on the silver trees of edited-english's train part, `server/research/silverTrees.ts`; epochs
 * are then scored on EWT dev and edited-english's dev part pooled, `--dev-sentences` of each)
 * --edited-weight W (each edited-english tree counts W times an EWT tree; default 1)  --edited-sentences N (use only
 * the first N edited-english train trees)
 * --channel-only-marks MARKS (only φ's windows with one of these marks on either side train, every other channel
 * logit stays the starting model's exactly: e.g. '“”‘’"' with --resume and --lr 0 teaches the shipped channel quote
 * placement while its comma and period rewrites stay byte for byte; a straight quote stands for both directions)
 * --channel-keep-deletions (with --channel-only-marks: those windows keep the starting model's deletion probabilities,
 * only keep against swap is learned: the quote windows of the silver edited-english trees otherwise learn to drop
 * quotes, and an underlying quote dropped moves the comma probabilities of sentences without any)
 * --resume-state FILE (go on from a training checkpoint: every run writes one, `punct[-TAG].json.ckpt`, after each epoch,
 * with θ, φ, Adam's moments and the epochs done; give the same data and model options and a larger --epochs, and the
 * run continues its schedule where it stopped: a cold start too long for one session is trained over several)  --edited-dev-final N (edited-english dev trees of the final dev report, spread over its sources; 3000)  --silver DIR (where the silver trees are; default /work/cache/edited-english)
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../server/src/data/treebank';
import { DEL_L, DEL_R, Direction, newChannel, paramIndex, SWAP, windowParamsInvolving, keepDeletionsProjection } from '../server/src/model/channel';
import { ABBREV_DOT, BOS_MARK, CLOSE_DOUBLE, CLOSE_SINGLE, CLOSERS, MIRROR, normalisePunct, SYMBOL } from '../server/src/data/punctTokens';
import { ModelCore } from '../server/src/model/model';
import { coreToJson, readModelJson, writeModelJson, coreFromJson } from '../server/src/model/modelFile';
import { attachVocabFromJson, modelAlphabet } from '../server/src/model/vocabulary';
import { buildModelVocab } from '../server/src/training/model/buildModelVocab';
import { PunctModelImpl, seededRng } from '../server/src/model';
import { perplexity } from '../server/src/training/model/evaluate';
import { trainModel } from '../server/src/training/model/train';
import { readCheckpoint, writeCheckpoint } from '../server/src/training/model/trainCheckpoint';
import { ruleStats } from '../server/src/training/model/rules';
import type { PunctuatedTree } from '../server/src/data/depunct';
import { defaultSilverDir, readSilverTrees } from '../server/research/silverTrees';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    dir: { type: 'string', default: 'R' },
    xi: { type: 'string', default: '1' },
    sigma: { type: 'string' },
    lr: { type: 'string' },
    decay: { type: 'string' },
    'lr-channel': { type: 'string' },
    'keep-bias': { type: 'string' },
    batch: { type: 'string', default: '10' },
    spe: { type: 'string' },
    epochs: { type: 'string' },
    minutes: { type: 'string' },
    out: { type: 'string', default: path.resolve(__dirname, '../models/en') },
    seed: { type: 'string', default: '42' },
    data: { type: 'string', default: path.resolve(__dirname, '../../shared/data/ud-english-ewt') },
    'dev-sentences': { type: 'string', default: '600' },
    tag: { type: 'string' },
    warm: { type: 'boolean', default: false },
    continue: { type: 'boolean', default: false },
    bits: { type: 'string', default: '22' },
    'rules-sentences': { type: 'string', default: '4000' },
    'rules-only': { type: 'boolean', default: false },
    resume: { type: 'string' },
    'bos-commas-only': { type: 'boolean', default: false },
    nunberg: { type: 'boolean', default: false },
    'outer-left-comma': { type: 'boolean', default: false },
    'paired-commas': { type: 'boolean', default: false },
    'supplement-right-comma': { type: 'boolean', default: false },
    'final-mark-on-root': { type: 'boolean', default: false },
    'final-point-on-root': { type: 'boolean', default: false },
    'keep-abbrev-dot': { type: 'boolean', default: false },
    edited: { type: 'boolean', default: false },
    'edited-weight': { type: 'string', default: '1' },
    'edited-sentences': { type: 'string' },
    'edited-dev-final': { type: 'string', default: '3000' },
    silver: { type: 'string', default: defaultSilverDir() },
    'resume-state': { type: 'string' },
    'channel-only-marks': { type: 'string' },
    'channel-keep-deletions': { type: 'boolean', default: false },
  },
});

/**
 * The default pipeline (what `npm run train:punct` runs), tuned on dev: (1) Attach from θ = 0; (2) the full model,
 * θ warm-started from (1), φ ~ N(0,1) with +3 on keep, a small θ rate and a larger φ rate; (3) the Attach ablation
 * continued with (2)'s schedule and number of epochs, so that both get the same training budget. `--minutes` caps
 * each phase (then the machine's speed decides where it stops; the model file records the epochs it ran).
 */
interface Phase {
  lr: number;
  lrChannel?: number;
  decay: number;
  sigma: number;
  spe: number;
  epochs: number;
  minutes: number;
  keepBias: number;
}
const num = (v: string | undefined, d: number | undefined) => (v === undefined ? d : Number(v));
function phase(base: Phase): Phase {
  return {
    lr: num(values.lr, base.lr)!,
    lrChannel: num(values['lr-channel'], base.lrChannel),
    decay: num(values.decay, base.decay)!,
    sigma: num(values.sigma, base.sigma)!,
    spe: num(values.spe, base.spe)!,
    epochs: num(values.epochs, base.epochs)!,
    minutes: num(values.minutes, base.minutes)!,
    keepBias: num(values['keep-bias'], base.keepBias)!,
  };
}
const ATTACH: Phase = { lr: 0.03, decay: 0.5, sigma: 1e-5, spe: 3000, epochs: 3, minutes: 10, keepBias: 0 };
const FULL: Phase = { lr: 0.004, lrChannel: 0.05, decay: 0.8, sigma: 1e-5, spe: 1000, epochs: 8, minutes: 28, keepBias: 3 };

const log = (s: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${s}`);
const t0 = Date.now();
const train = readTreebank(path.join(values.data!, 'en_ewt-ud-train.conllu'));
const dev = readTreebank(path.join(values.data!, 'en_ewt-ud-dev.conllu'));
const devSubset = dev.trees.slice(0, Number(values['dev-sentences']));
log(`train ${train.trees.length} trees (${train.omitted} omitted), dev ${dev.trees.length}; scoring epochs on ${devSubset.length} dev trees`);
/** Silver trees whose every slot is empty carry no punctuation to learn from (and none to score); none are dropped otherwise. */
const silver = (part: 'train' | 'dev'): PunctuatedTree[] => readSilverTrees(part, values.silver).map((s) => s.tree);
const editedTrain = values.edited ? silver('train').slice(0, values['edited-sentences'] ? Number(values['edited-sentences']) : undefined) : [];
/** n trees spread evenly over the list (the parts are in source order: a prefix would be one source). */
const spread = <T>(xs: readonly T[], n: number): T[] => (n >= xs.length ? [...xs] : Array.from({ length: n }, (_, i) => xs[Math.floor((i * xs.length) / n)]));
// The final report scores --edited-dev-final trees of the dev part (all 8,886 cost minutes per model).
const editedDev = values.edited ? spread(silver('dev'), Number(values['edited-dev-final'])) : [];
const editedDevSubset = spread(editedDev, Number(values['dev-sentences']));
const editedWeight = Number(values['edited-weight']);
if (values.edited) log(`edited-english: ${editedTrain.length} silver train trees (weight ${editedWeight}), ${editedDev.length} dev; scoring epochs on ${editedDevSubset.length} of them too`);
const trainTrees = [...train.trees, ...editedTrain];
const sources = values.edited ? [{ count: train.trees.length, weight: 1 }, { count: editedTrain.length, weight: editedWeight }] : undefined;
// θ's features are indexed by the vocabulary's puncteme and pair ids, so a model resumed from a file keeps that file's
// vocabulary: one rebuilt from other data (the shipped EWT model resumed on EWT + edited-english) renumbers them, and
// the resumed θ then scores the wrong pairs (dev perplexity 1.43 → 7.6 after 30 sentences, measured). Punctemes the
// file's vocabulary lacks fall to its fallback, as unseen ones do at run time.
const vocabJson = values.resume ? readModelJson(values.resume).vocab : buildModelVocab(trainTrees);
const alphabet = modelAlphabet();
fs.mkdirSync(values.out!, { recursive: true });

function gaussian(rng: () => number): number {
  const u = Math.max(rng(), 1e-12), v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * The paper's initial mark ∘ exists to absorb a sentence-initial comma (∘ , ↦ ∘). Left free, a cold-started channel
 * also learns to delete underlying opening quotes, dashes and symbols after ∘, which explains surfaces with
 * implausible underlying trees (a whole sentence quoted, its opening quote absorbed). A logit of −10⁴ makes an edit's
 * probability exactly 0 in float64, so its gradient is 0 and training never revives it.
 */
const NEVER = -1e4;
function fixBosWindows(logits: Float64Array): void {
  const S = alphabet.size;
  const bos = alphabet.id(BOS_MARK);
  for (let b = 0; b < S; b++) {
    if (alphabet.tokens[b] === ',') continue;
    for (const e of [DEL_L, DEL_R, SWAP]) logits[paramIndex(S, bos, b, e)] = NEVER;
  }
}

/**
 * Strength of the point marks in Nunberg's hierarchy (paper Table 1): a mark may be absorbed by an adjacent one at
 * least as strong (`,. ↦ .`, `.? ↦ ?`, `... .` ↦ `...`), never the reverse (the cold channel otherwise explains a
 * final period as an underlying `. ?` or `... .` whose stronger mark vanished).
 */
const POINT_STRENGTH: Record<string, number> = { ',': 1, '-': 2, '—': 2, ';': 2, ':': 3, '<.>': 4, '.': 4, '?': 5, '!': 5, '?!': 5, '...': 5 };
const QUOTES_CLOSE = new Set([CLOSE_DOUBLE, CLOSE_SINGLE]);
function restrictToNunberg(logits: Float64Array): void {
  const S = alphabet.size;
  const tok = alphabet.tokens;
  const bos = alphabet.id(BOS_MARK);
  const strength = (t: string) => POINT_STRENGTH[t];
  const bracket = (t: string) => MIRROR.has(t) || CLOSERS.has(t);
  for (let a = 0; a < S; a++) {
    for (let b = 0; b < S; b++) {
      if (a === bos) continue; // fixBosWindows' business
      const [ta, tb] = [tok[a], tok[b]];
      const sa = strength(ta), sb = strength(tb);
      // delL (ab ↦ b) deletes a; delR (ab ↦ a) deletes b.
      const delL = sa !== undefined && ((sb !== undefined && sa <= sb) || bracket(tb));
      const delR = sb !== undefined && ((sa !== undefined && sb <= sa) || bracket(ta));
      const swap = (QUOTES_CLOSE.has(ta) && (tb === '.' || tb === ',')) || (QUOTES_CLOSE.has(tb) && (ta === '.' || ta === ','));
      if (!delL) logits[paramIndex(S, a, b, DEL_L)] = NEVER;
      if (!delR) logits[paramIndex(S, a, b, DEL_R)] = NEVER;
      if (!swap) logits[paramIndex(S, a, b, SWAP)] = NEVER;
    }
  }
}

/**
 * An abbreviation's own dot (`<.>`, split off `etc.`) is part of the word's spelling: Nunberg's rule is that it absorbs
 * a following period (`<.>. ↦ <.>`), never that a mark absorbs it. `restrictToNunberg` gives it a period's strength, so
 * a period or question mark could also absorb it, and with the end-of-sentence constraint (`--final-point-on-root`)
 * cold-started training moved its degenerate final marks there: an invented `<.>` before the final `?` or `.`, deleted
 * (`<.>? ↦ ?` 26 and `<.>. ↦ .` 13 uses in the MAP trees of 300 EWT dev trees after one epoch). Fixing every
 * deletion of `<.>` to never leaves the surface `<.>` as the only trace of an underlying one.
 */
function keepAbbrevDot(logits: Float64Array): void {
  const S = alphabet.size;
  const dot = alphabet.id(ABBREV_DOT);
  for (let b = 0; b < S; b++) logits[paramIndex(S, dot, b, DEL_L)] = NEVER;
  for (let a = 0; a < S; a++) logits[paramIndex(S, a, dot, DEL_R)] = NEVER;
}

function trainOne(identity: boolean, file: string, ph: Phase, warmFrom?: string, resumeFrom?: string): number {
  const seed = Number(values.seed);
  const rng = seededRng(seed);
  const dir = values.dir as Direction;
  // φ ~ N(0, 1) as in the paper; θ starts at 0 (uniform over W_d) or from the Attach model.
  // --keep-bias adds to the keep logits, so that a warm-started model begins close to its Attach model.
  const keepBias = ph.keepBias;
  const logits = new Float64Array(alphabet.size * alphabet.size * 4).map((_, i) => gaussian(rng) + (i % 4 === 0 ? keepBias : 0));
  const weights = new Float64Array(1 << Number(values.bits));
  if (warmFrom && fs.existsSync(warmFrom)) weights.set(coreFromJson(readModelJson(warmFrom)).weights);
  if (resumeFrom) {
    const saved = coreFromJson(readModelJson(resumeFrom));
    if (saved.channel.direction !== dir) throw new Error(`${resumeFrom} was trained in direction ${saved.channel.direction}, not ${dir}`);
    weights.set(saved.weights);
    logits.set(saved.channel.logits);
  }
  if (values['bos-commas-only']) fixBosWindows(logits);
  if (values.nunberg) restrictToNunberg(logits);
  if (values['keep-abbrev-dot']) keepAbbrevDot(logits);
  const channel = newChannel(alphabet, dir, identity, logits);
  const core = new ModelCore({
    vocab: attachVocabFromJson(vocabJson, alphabet),
    channel,
    weights,
    eta: 1e-4,
    outerLeftComma: values['outer-left-comma'],
    supplementRightComma: values['supplement-right-comma'],
    finalMarkOnRoot: values['final-mark-on-root'],
    finalPointOnRoot: values['final-point-on-root'],
  });
  core.pairedSupplementCommas = values['paired-commas'];
  const model = new PunctModelImpl(core, 'training');
  const onlyMarks = channelOnlyMarks();
  const opts = {
    xi: Number(values.xi),
    sigma: ph.sigma,
    lr: ph.lr,
    decay: ph.decay,
    lrChannel: ph.lrChannel,
    batch: Number(values.batch),
    sentencesPerEpoch: ph.spe,
    epochs: ph.epochs,
    seed,
    maxMinutes: ph.minutes,
    channelTrainable: onlyMarks ? windowParamsInvolving(alphabet, onlyMarks) : undefined,
  };
  if (values['channel-keep-deletions'] && !opts.channelTrainable) throw new Error('--channel-keep-deletions needs --channel-only-marks');
  const project = values['channel-keep-deletions'] ? keepDeletionsProjection(logits.slice(), opts.channelTrainable!.filter((i) => i % 4 === 0)) : undefined;
  const name = identity ? 'Attach (identity channel)' : `Attach + NoisyChannel (${dir})`;
  log(`training ${name}: ${JSON.stringify({ ...opts, channelTrainable: opts.channelTrainable?.length })}${warmFrom ? ` warm start from ${path.basename(warmFrom)}` : ''}${resumeFrom ? ` resumed from ${resumeFrom}` : ''}`);
  const version = `punct-en-${identity ? 'attach' : 'nc'}-${new Date().toISOString().slice(0, 10)}`;
  // What must be equal for a checkpoint to be continued: the data, the model's definition and the vocabulary built from the data.
  const identityOfRun = {
    identity,
    direction: dir,
    edited: values.edited,
    editedWeight,
    editedTrain: editedTrain.length,
    ewtTrain: train.trees.length,
    punctemes: vocabJson.punctemes.length,
    pairs: vocabJson.pairs.length,
    bits: Number(values.bits),
    bosCommasOnly: values['bos-commas-only'],
    nunberg: values.nunberg,
    outerLeftComma: values['outer-left-comma'],
    supplementRightComma: values['supplement-right-comma'],
    finalMarkOnRoot: values['final-mark-on-root'],
    // Only when set, so that checkpoints written before the option existed still continue.
    ...(values['final-point-on-root'] ? { finalPointOnRoot: true } : {}),
    ...(values['keep-abbrev-dot'] ? { keepAbbrevDot: true } : {}),
  };
  let resumeState;
  if (values['resume-state']) {
    const { state, meta } = readCheckpoint(values['resume-state']);
    for (const [k, v] of Object.entries(identityOfRun)) {
      if (meta[k] !== v) throw new Error(`${values['resume-state']} was trained with ${k} = ${JSON.stringify(meta[k])}, not ${JSON.stringify(v)}`);
    }
    resumeState = state;
  }
  const res = trainModel(core, trainTrees, {
    ...opts,
    channelProject: project,
    log,
    sources,
    resume: resumeState,
    onCheckpoint: (st) => writeCheckpoint(`${file}.ckpt`, st, identityOfRun),
    devScore: () => devPerplexity(model, devSubset, editedDevSubset),
    onEpoch: (e) => writeModelJson(`${file}.epoch${e}`, coreToJson(core, vocabJson, version)),
  });
  const full = perplexity(model, dev.trees, { checkSmoothing: true });
  log(`${name}: best epoch ${res.bestEpoch}, dev perplexity ${full.perplexity.toFixed(4)} on ${full.slots} slots, ${res.seconds.toFixed(0)} s`);
  const editedFull = values.edited ? perplexity(model, editedDev) : undefined;
  if (editedFull) log(`${name}: edited-english dev perplexity ${editedFull.perplexity.toFixed(4)} on ${editedFull.slots} slots`);
  writeModelJson(
    file,
    coreToJson(core, vocabJson, version, {
      ...opts,
      channelTrainable: undefined,
      channelOnlyMarks: onlyMarks ?? null,
      channelKeepDeletions: values['channel-keep-deletions'],
      direction: dir,
      identity,
      warmStart: warmFrom ? path.basename(warmFrom) : null,
      resumedFrom: resumeFrom ? path.basename(resumeFrom) : null,
      bosCommasOnly: values['bos-commas-only'],
      nunberg: values.nunberg,
      outerLeftComma: values['outer-left-comma'],
      pairedCommas: values['paired-commas'],
      supplementRightComma: values['supplement-right-comma'],
      finalMarkOnRoot: values['final-mark-on-root'],
      finalPointOnRoot: values['final-point-on-root'],
      keepAbbrevDot: values['keep-abbrev-dot'],
      keepBias,
      trainSentences: train.trees.length,
      ...(values.edited ? { editedTrainSentences: editedTrain.length, editedWeight, editedDevPerplexity: editedFull!.perplexity, editedDevSlots: editedFull!.slots } : {}),
      devPerplexity: full.perplexity,
      devSlots: full.slots,
      bestEpoch: res.bestEpoch,
      epochs: res.epochs,
      seconds: res.seconds,
      date: new Date().toISOString(),
    }),
  );
  for (const f of fs.readdirSync(path.dirname(file))) if (f.startsWith(path.basename(file) + '.epoch')) fs.unlinkSync(path.join(path.dirname(file), f));
  log(`wrote ${file} (${(fs.statSync(file).size / 1e6).toFixed(2)} MB)`);
  if (!identity) storeRuleStats(file);
  return res.epochs.length;
}

/**
 * `--channel-only-marks`: the Σ tokens whose windows train. A straight quote stands for both of its directional
 * forms (Σ has only directional quotes); a mark outside Σ is an error, not silently ignored.
 */
function channelOnlyMarks(): string[] | undefined {
  const arg = values['channel-only-marks'];
  if (arg === undefined) return undefined;
  const marks = new Set<string>();
  for (const c of [...arg]) {
    for (const m of new Set([normalisePunct(c, 'open'), normalisePunct(c, 'close')])) {
      if (!alphabet.has(m) || m === SYMBOL) throw new Error(`--channel-only-marks: "${c}" is not a punctuation mark of Σ`);
      marks.add(m);
    }
  }
  if (!marks.size) throw new Error('--channel-only-marks: no marks given');
  return [...marks].sort();
}

/**
 * Perplexity per slot of EWT dev and, with `--edited`, edited-english dev pooled (both logged): the score that selects
 * epochs, so that neither source's dev part alone decides.
 */
function devPerplexity(model: PunctModelImpl, ewt: readonly PunctuatedTree[], edited: readonly PunctuatedTree[]): number {
  const a = perplexity(model, ewt);
  if (!edited.length) return a.perplexity;
  const b = perplexity(model, edited);
  const pooled = Math.exp((Math.log(a.perplexity) * a.slots + Math.log(b.perplexity) * b.slots) / (a.slots + b.slots));
  log(`  dev: EWT ${a.perplexity.toFixed(4)}, edited-english ${b.perplexity.toFixed(4)}, pooled ${pooled.toFixed(4)}`);
  return pooled;
}

/** Stores the statistics `npm run dev -- eval rules` prints (MAP underlying bigram counts, Table 4 pairs) in the model. */
function storeRuleStats(file: string): void {
  const t = Date.now();
  const j = readModelJson(file);
  const model = new PunctModelImpl(coreFromJson(j), j.version);
  const trees = train.trees.slice(0, Number(values['rules-sentences']));
  const stats = ruleStats(model, trees);
  j.training = { ...(j.training ?? {}), rules: stats };
  writeModelJson(file, j);
  log(`rule statistics from ${trees.length} training trees stored in ${path.basename(file)} (${((Date.now() - t) / 1000).toFixed(0)} s)`);
}

const suffix = values.tag ? `-${values.tag}` : '';
const attachFile = path.join(values.out!, `punct-attach${suffix}.json`);
const fullFile = path.join(values.out!, `punct${suffix}.json`);
if (values['rules-only']) storeRuleStats(fullFile);
else if (values.only === 'attach') trainOne(true, attachFile, phase(values.continue ? FULL : ATTACH), values.continue ? attachFile : undefined);
else if (values.only === 'full') trainOne(false, fullFile, phase(FULL), values.warm ? attachFile : undefined, values.resume);
else {
  trainOne(true, attachFile, phase(ATTACH));
  const epochs = trainOne(false, fullFile, phase(FULL), attachFile);
  trainOne(true, attachFile, { ...phase(FULL), epochs, minutes: 60 }, attachFile);
}
log(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
