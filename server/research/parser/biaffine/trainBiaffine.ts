/**
 * Trains the graph-based parser of `biaffineParser.ts` on EWT train (issue #34), as the neural transition scorer is
 * trained (`train.ts`' trainNeuralParser): each sentence in one of the three punctuation views at random, its tags
 * from the jackknife fold tagger of a tagger cache that did not see it, word dropout, Adam over mini-batches, a
 * moving average of θ that is evaluated and kept. After every epoch: dev UAS/LAS (gold tokens, the kept view, tags
 * from the shipped model's tagger, as `evaluateTrees` measures the shipped parser) and the training state
 * (`trainingState.ts`): a run that finds its --state file continues from it and ends as an uninterrupted run would.
 *
 *   npx tsx server/research/parser/biaffine/trainBiaffine.ts --tagger-cache FILE --pretrained WINK_JSON --state FILE \
 *     [--epochs 12] [--seed 1] [--lstm 128] [--layers 2] [--arc 128] [--label 96] [--limit N] [--dev-limit N] \
 *     [--workers N] [--init parser-graph.bin.gz --first-epoch K] \
 *     [--silver A.jsonl --silver-agree B.jsonl --silver-sentences N [--silver-weight 1]]
 *
 * Random draws: the main stream (seeded by --seed) builds the setup, shuffles each epoch and draws one seed per
 * sentence in the epoch's order; everything drawn for a sentence (its view, word dropout, dropout masks) comes from a
 * generator of that seed alone (`biaffineTask.ts`). (Before --workers, a sentence's draws came from the main stream
 * itself: a state written by that older script resumes, but not into what it would have trained.)
 *
 * `--workers N`: each batch is cut into N contiguous runs of about equal words, whose gradients N threads (the main
 * one and N − 1 workers, `gradientPool.ts`) compute over one θ in shared memory, summed in thread order; each worker
 * rebuilds this setup (~15 s; the process held 2.4 GB with N = 2) and must agree on its signature. The seeds are the
 * same whatever N: N threads train what one does to float64 rounding of the gradient's order of addition (the runs'
 * sums added, not each sentence in turn), and a given N is reproducible and resumes byte for byte (checked for N = 1
 * and 2: --limit 120, 2 epochs straight = 1 + 1 resumed). Threads help only where cores are free.
 *
 * `--init FILE`: a fresh run starts from the θ of a graph parser model file (`exportBiaffine.ts`' output, θ float16
 * or float32) instead of a random one, with a fresh Adam and average; the file must have been trained over this setup
 * (dims, vocabularies, relations, tag sets; `biaffineInit.ts` refuses otherwise). `--first-epoch K` (the file's
 * epochs) continues the learning-rate schedule (lr × decay^epoch) and the epoch count from K; the file's dev score is
 * logged and is the best to beat. The fixed pretrained vectors are --pretrained's full table, not the file's pruned
 * rows. A state file, when there is one, wins over --init (the run resumes).
 *
 * `--silver …` (`biaffineTask.ts`): N silver sentences of text two parsers parsed, supervised where they agree, are
 * added to every epoch's training sentences (after --limit's cut), shuffled in with them. Without it nothing is drawn
 * for them: a run trains as it did before the option.
 *
 * `--measure` (same data options and --state): no training; the state's best θ is evaluated on --dev (and on
 * `--test FILE` when given) and the time of tagging + parsing is measured on one thread (warm, three rounds over the
 * dev sentences); `--baseline` also evaluates the shipped parser with the same function.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../../../src/data/treebank';
import { PunctuatedTree } from '../../../src/data/depunct';
import { encodeSentence } from '../../../src/parser/encoding';
import { Adam } from '../../../src/training/parser/adam';
import { readTrainingState, writeTrainingState } from '../../../src/training/parser/trainingState';
import { evaluateTrees } from '../../../src/training/parser/train';
import { seededRandom, viewOf } from '../../../src/training/parser/views';
import { loadParser, Parser } from '../../../src/parser';
import { parseConllu } from '../../../src/data/conllu';
import { BiaffineParser } from '../../../src/parser/graph/graphParser';
import { corruptWithSeed, depunctuatedTrees, removeAll, scoreGoldTokens, uasWithPunctuation } from '../evaluation';
import { biaffineTask, SentenceOptions, silverSentences } from './biaffineTask';
import { initialTheta } from './biaffineInit';
import { GradientPool } from './gradientPool';
import { asTokenParser, biaffineSetup, devTrees, evaluate as evaluateOn, SETUP_OPTIONS } from './biaffineSetup';

const { values } = parseArgs({
  options: {
    ...SETUP_OPTIONS,
    test: { type: 'string' },
    state: { type: 'string' },
    epochs: { type: 'string', default: '12' },
    limit: { type: 'string' },
    'dev-limit': { type: 'string' },
    lr: { type: 'string', default: '0.002' },
    'lr-decay': { type: 'string', default: '0.9' },
    batch: { type: 'string', default: '16' },
    'word-dropout': { type: 'string', default: '0.25' },
    'input-dropout': { type: 'string', default: '0.33' },
    'output-dropout': { type: 'string', default: '0.33' },
    average: { type: 'string', default: '0.999' },
    // Progress lines every this many sentences (with the time per sentence, for an epoch's estimate).
    'log-every': { type: 'string', default: '1000' },
    measure: { type: 'boolean' },
    baseline: { type: 'boolean' },
    // Threads computing each batch's gradient (the main one included); any count gives the same training.
    workers: { type: 'string', default: '1' },
    // A graph parser model file whose θ training starts from, and the epochs it was trained for (the schedule's).
    init: { type: 'string' },
    'first-epoch': { type: 'string', default: '0' },
    // Silver sentences (`silverArcs.ts`): the two parsers' files, how many to draw, their losses' weight.
    silver: { type: 'string' },
    'silver-agree': { type: 'string' },
    'silver-sentences': { type: 'string' },
    'silver-weight': { type: 'string', default: '1' },
  },
});
const num = (k: keyof typeof values) => Number(values[k]);
const t0 = Date.now();
const log = (m: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s] ${m}`);

if (!values.state) throw new Error('--state is required');
const dev = devTrees(values, values['dev-limit'] ? num('dev-limit') : undefined);
const setup = biaffineSetup(values, log);
const { gold, lookup } = setup.prepared;
const { runModel, runTagger, rootRelation, rand, parser } = setup;
log(`dev ${dev.length} trees`);
const evaluate = (bp: BiaffineParser, trees: readonly PunctuatedTree[], kind?: Parameters<typeof evaluateOn>[3]) => evaluateOn(setup, bp, trees, kind);

/** Milliseconds per sentence of tagging + parsing over `trees` (kept view), the best of three warm rounds. */
function timePerSentence(bp: BiaffineParser, trees: readonly PunctuatedTree[]): { tagMs: number; parseMs: number; encoderMs: number; sentencesPerSecond: number } {
  const encoded = trees.map((t) => encodeSentence(viewOf(t, 'kept', seededRandom(7)), lookup));
  for (const e of encoded.slice(0, 200)) bp.parse(e, runTagger.tag(e), rootRelation);
  let best = { tagMs: Infinity, parseMs: Infinity };
  for (let round = 0; round < 3; round++) {
    const a = process.hrtime.bigint();
    const tags = encoded.map((e) => runTagger.tag(e));
    const b = process.hrtime.bigint();
    encoded.forEach((e, i) => bp.parse(e, tags[i], rootRelation));
    const c = process.hrtime.bigint();
    const tagMs = Number(b - a) / 1e6 / encoded.length, parseMs = Number(c - b) / 1e6 / encoded.length;
    if (tagMs + parseMs < best.tagMs + best.parseMs) best = { tagMs, parseMs };
  }
  // The parse's share that is the encoder (the run-time BiLSTM), the rest being the heads and Eisner.
  const inputs = encoded.map((e) => bp.net.input(e, runTagger.tag(e)));
  const a = process.hrtime.bigint();
  for (const x of inputs) bp.net.forward(x);
  const encoderMs = Number(process.hrtime.bigint() - a) / 1e6 / encoded.length;
  return { ...best, encoderMs, sentencesPerSecond: 1000 / (best.tagMs + best.parseMs) };
}

const stateFile = values.state!;
if (values.measure) {
  const s = readTrainingState(stateFile);
  if (s.best.length !== parser.theta.length) throw new Error(`${stateFile}: θ of ${s.best.length} entries, this parser's ${parser.theta.length}`);
  (parser.theta as Float64Array).set(s.best);
  const bp = parser.snapshot();
  log(`best epoch ${s.bestEpoch} of ${s.epoch}`);
  const d = evaluate(bp, dev);
  const u = evaluate(bp, dev, 'removed');
  log(`dev (${d.words} words): UAS ${d.uas} LAS ${d.las}; unpunctuated UAS ${u.uas} LAS ${u.las}`);
  // (parseConllu keeps sentences the treebank reader leaves out: --dev-limit cuts its own count.)
  const allDev = parseConllu(fs.readFileSync(values.dev!, 'utf8'), values.dev!);
  const devSentences = values['dev-limit'] ? allDev.slice(0, num('dev-limit')) : allDev;
  const ds = scoreGoldTokens(asTokenParser(setup, bp), devSentences);
  // eval parser's robustness rows: punctuation removed, and corrupted with its default seed (13).
  const robustness = (pp: Parser) => {
    const trees = depunctuatedTrees(devSentences);
    return `punctuation removed UAS ${uasWithPunctuation(pp, trees, removeAll)}, corrupted UAS ${uasWithPunctuation(pp, trees, corruptWithSeed(13))}`;
  };
  log(`dev, eval parser's scoring (${ds.words} words): UAS ${ds.uas} LAS ${ds.las}; ${robustness(asTokenParser(setup, bp))}`);
  if (values.test) {
    const t = evaluate(bp, readTreebank(values.test).trees);
    const tg = scoreGoldTokens(asTokenParser(setup, bp), parseConllu(fs.readFileSync(values.test, 'utf8'), values.test));
    log(`test (${t.words} words): UAS ${t.uas} LAS ${t.las}; eval parser's scoring (${tg.words} words): UAS ${tg.uas} LAS ${tg.las}`);
  }
  if (values.baseline) {
    // The shipped parser as the product's evaluation scores it (`eval parser`: tokens with punctuation, repairs, the
    // neural labeller), and through this script's own function (the tree of depunctuated words, no repairs).
    const shipped = loadParser(path.dirname(values['run-model']!));
    const g = scoreGoldTokens(shipped, devSentences);
    log(`shipped parser, eval parser's scoring (${g.words} words): UAS ${g.uas} LAS ${g.las}; ${(g.sentences / g.parseSeconds).toFixed(0)} sentences/s (one pass, cold); ${robustness(shipped)}`);
    const b = evaluateTrees(runModel, dev, 'kept');
    log(`shipped parser's tagger, transitions and perceptron labeller, this script's scoring: UAS ${b.uas} LAS ${b.las}`);
  }
  const sp = timePerSentence(bp, dev);
  log(`time per sentence (dev, warm, one thread): tagging ${sp.tagMs.toFixed(3)} ms + parsing ${sp.parseMs.toFixed(3)} ms (of which the encoder ${sp.encoderMs.toFixed(3)} ms) = ${sp.sentencesPerSecond.toFixed(0)} sentences/s`);
  process.exit(0);
}

// Training.
async function train(): Promise<void> {
  const silver = silverSentences(setup, values as SentenceOptions, log);
  const pool = await GradientPool.start(biaffineTask(setup, values as SentenceOptions, silver), path.join(__dirname, 'biaffineTask.ts'), values, num('workers'));
  if (num('workers') > 1) log(`${num('workers')} threads (the main one and ${num('workers') - 1} workers), each over the same setup`);
  const parser = pool.parser;
  const theta = parser.theta as Float64Array;
  const grad = new Float64Array(theta.length);
  const adam = new Adam(theta.length, num('lr'));
  const decay = num('average');
  // --limit N (a probe of the time per sentence) trains on the first N sentences; tag sets, relations, vocabularies
  // and the jackknife's folds stay those of the whole training set. Silver sentences are indices gold.length on.
  const trainCount = values.limit ? Math.min(num('limit'), gold.length) : gold.length;
  const order = Int32Array.from({ length: trainCount + silver.length }, (_, i) => (i < trainCount ? i : gold.length + i - trainCount));
  let average = theta.slice();
  let best = theta.slice();
  let bestScore = -Infinity, bestEpoch = 0, firstEpoch = 0;
  if (fs.existsSync(stateFile)) {
    const s = readTrainingState(stateFile);
    if (s.theta.length !== theta.length || s.order.length !== order.length) throw new Error(`${stateFile} is the state of another parser or training set`);
    theta.set(s.theta);
    average = s.average.slice();
    adam.restore({ m: s.adamM, v: s.adamV, t: s.adamT });
    order.set(s.order);
    rand.advanceTo(s.draws);
    best = s.best.slice();
    bestScore = s.bestScore;
    bestEpoch = s.bestEpoch;
    firstEpoch = s.epoch;
    log(`resumed from ${stateFile} after epoch ${firstEpoch} (best so far: epoch ${bestEpoch})`);
  } else if (values.init) {
    // A warm start: the file's θ, a fresh Adam and average, the schedule from --first-epoch on; the file's θ and its
    // dev score are the best so far.
    const init = initialTheta(values.init, setup);
    theta.set(init.theta);
    average = theta.slice();
    best = theta.slice();
    firstEpoch = num('first-epoch');
    const d = evaluate(parser.snapshot(), dev);
    bestScore = d.las * 1000 + d.uas;
    bestEpoch = firstEpoch;
    log(`θ from ${values.init} (${init.version}), training from epoch ${firstEpoch + 1}: dev UAS ${d.uas} LAS ${d.las}`);
  }
  const step = () => {
    adam.step(theta, grad);
    // The average's decay warms up with the steps (as TensorFlow's ExponentialMovingAverage with num_updates): at 0.999
    // from the start, the first epoch's ~800 steps would leave nearly half of the random initial θ in it.
    const t = adam.snapshot().t;
    const d = Math.min(decay, (1 + t) / (10 + t));
    for (let i = 0; i < theta.length; i++) average[i] = d * average[i] + (1 - d) * theta[i];
  };
  const logEvery = num('log-every');
  const batch = num('batch');
  for (let epoch = firstEpoch; epoch < num('epochs'); epoch++) {
    const te = Date.now();
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    adam.lr = num('lr') * Math.pow(num('lr-decay'), epoch);
    let arcLoss = 0, labelLoss = 0, words = 0, done = 0;
    for (let b = 0; b < order.length; b += batch) {
      // One seed per sentence from the main stream, in the epoch's order: a sentence's draws are its seed's alone.
      const items = Array.from(order.subarray(b, b + batch), (index) => ({ index, seed: Math.floor(rand() * 0x100000000) }));
      const r = await pool.batch(items, grad);
      step();
      arcLoss += r.arc;
      labelLoss += r.label;
      words += r.words;
      const before = done;
      done += items.length;
      if (Math.floor(done / logEvery) > Math.floor(before / logEvery)) {
        const ms = (Date.now() - te) / done;
        log(`  epoch ${epoch + 1}: ${done} sentences, ${ms.toFixed(1)} ms/sentence (epoch ≈ ${((ms * order.length) / 60000).toFixed(1)} min${trainCount < gold.length ? `, of the whole training set ≈ ${((ms * gold.length) / 60000).toFixed(1)} min` : ''}), loss per word: arc ${(arcLoss / words).toFixed(3)}, relation ${(labelLoss / words).toFixed(3)}`);
      }
    }
    const trainMs = Date.now() - te;
    const snapshot = new BiaffineParser(parser.net, parser.heads, average).snapshot();
    const d = evaluate(snapshot, dev);
    const score = d.las * 1000 + d.uas;
    if (score >= bestScore) {
      bestScore = score;
      bestEpoch = epoch + 1;
      best = average.slice();
    }
    log(
      `epoch ${epoch + 1}: loss per word arc ${(arcLoss / words).toFixed(3)}, relation ${(labelLoss / words).toFixed(3)}; dev UAS ${d.uas} LAS ${d.las}` +
        ` (best: epoch ${bestEpoch}); ${((Date.now() - te) / 60000).toFixed(1)} min (training ${(trainMs / order.length).toFixed(1)} ms/sentence)`,
    );
    const a = adam.snapshot();
    writeTrainingState(stateFile, { epoch: epoch + 1, draws: rand.draws(), bestScore, bestEpoch, adamT: a.t, theta, average, adamM: a.m, adamV: a.v, best, order });
    log(`wrote ${stateFile}`);
  }
  await pool.close();
  log('done');
}

train().catch((e) => {
  console.error(e);
  process.exit(1);
});
