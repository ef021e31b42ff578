/**
 * What training the graph-based parser (`trainBiaffine.ts`) and writing its model file (`exportBiaffine.ts`) both
 * build from the same options: the training data with its jackknifed tags, the relations and tag sets, the run-time
 * tagger, the vocabularies and the pretrained table, and a fresh parser of the options' dims, all drawn from one
 * counted generator in one order (so that a resumed run draws what an uninterrupted one would, and the exporter
 * rebuilds exactly the vocabularies a state's θ was trained over). Also the scoring both report.
 */
import * as path from 'path';
import { readTreebank } from '../../../src/data/treebank';
import { PunctuatedTree } from '../../../src/data/depunct';
import { readModel } from '../../../src/parser/modelFile';
import { parserModels } from '../../../src/parser/parserModels';
import { readClusters } from '../../../src/parser/wordClusters';
import { encodeSentence, normaliseWord } from '../../../src/parser/encoding';
import { Tagger } from '../../../src/parser/tagger';
import { taggerFromScorers } from '../../../src/parser/taggerScorers';
import { NeuralDims } from '../../../src/parser/neuralNet';
import { BiaffineParser } from '../../../src/parser/graph/graphParser';
import { buildAffixVocab, buildVocab } from '../../../src/training/parser/neuralTrain';
import { readPretrained } from '../../../src/training/parser/readPretrained';
import { countingRng } from '../../../src/training/parser/trainingState';
import { DEFAULT_TRAIN_OPTIONS, prepare } from '../../../src/training/parser/train';
import { seededRandom, viewOf, ViewKind } from '../../../src/training/parser/views';
import { Parser } from '../../../src/parser';
import { isPunctForm } from '../../../src/tokenize';
import { slotSentence } from '../../../src/parser/sentenceBuilder';
import { newBiaffineParser } from './biaffineParser';

const ROOT = path.resolve(__dirname, '../../../..');
const DATA = path.resolve(ROOT, '../shared/data/ud-english-ewt');

/** The options (`util.parseArgs`) that decide the data, the vocabularies and the parser's shape. */
export const SETUP_OPTIONS = {
  train: { type: 'string', default: path.join(DATA, 'en_ewt-ud-train.conllu') },
  dev: { type: 'string', default: path.join(DATA, 'en_ewt-ud-dev.conllu') },
  'tagger-cache': { type: 'string' },
  // The model whose tagger tags dev (and test) as at run time, and whose word clusters every sentence is encoded with.
  'run-model': { type: 'string', default: path.join(ROOT, 'models/en/parser.bin') },
  clusters: { type: 'string', default: path.join(ROOT, 'models/en/parser-clusters.bin.gz') },
  pretrained: { type: 'string' },
  'pretrained-top': { type: 'string', default: '30000' },
  seed: { type: 'string', default: '1' },
  // Encoder (the transition scorer's options) and heads.
  'word-dim': { type: 'string', default: '64' },
  lstm: { type: 'string', default: '128' },
  layers: { type: 'string', default: '2' },
  'suffix-dim': { type: 'string', default: '16' },
  'shape-dim': { type: 'string', default: '8' },
  arc: { type: 'string', default: '128' },
  label: { type: 'string', default: '96' },
} as const;

export type SetupValues = { [K in keyof typeof SETUP_OPTIONS]?: string };

/** The full tagger and the jackknife's fold taggers of a tagger cache (`train-parser.ts --tagger-cache`). */
function loadTaggers(file: string): Tagger[] {
  const m = readModel(file);
  const tags = { upos: m.header.upos, xpos: m.header.xpos };
  const count = Object.keys(m.scorers).filter((k) => /^xpos\d+$/.test(k)).length;
  const weights = m.header.info.firstWeights as number[] | undefined;
  const tagPairs = m.header.info.tagPairs;
  return Array.from({ length: count }, (_, k) =>
    taggerFromScorers(m.scorers, tags, String(k), m.joined, { ...(weights ? { refiner: { firstWeight: weights[k] } } : {}), ...(tagPairs ? { tagPairs } : {}) }),
  );
}

export function biaffineSetup(values: SetupValues, log: (m: string) => void) {
  if (!values['tagger-cache'] || !values.pretrained) throw new Error('--tagger-cache and --pretrained are required');
  const num = (k: keyof SetupValues) => Number(values[k]);
  const seed = num('seed');
  const train = readTreebank(values.train!).trees;
  const clusters = readClusters(values.clusters!);
  const cacheFile = values['tagger-cache'];
  const p = prepare(train, { ...DEFAULT_TRAIN_OPTIONS, seed, log, clusters, taggerCache: { load: () => loadTaggers(cacheFile), save: () => undefined } });
  const { gold, tagSet, rels } = p;
  const runModel = parserModels(readModel(values['run-model']!));
  const runTagger = runModel.tagger;
  if (runTagger.tags.upos.join(' ') !== tagSet.upos.join(' ') || runTagger.tags.xpos.join(' ') !== tagSet.xpos.join(' ')) throw new Error('the run-time tagger has other tag sets than the training data');
  log(`train ${gold.length} trees; ${rels.list.length} relations; taggers from ${cacheFile}`);

  // Vocabularies and the pretrained table exactly as the transition scorer's training builds them.
  const rand = countingRng(seededRandom(seed));
  const kept = gold.map((g) => viewOf(g.tree, 'kept', rand));
  const { vocab, wordCounts } = buildVocab(kept, normaliseWord);
  vocab.slots = buildVocab([...kept, ...gold.map((g) => viewOf(g.tree, 'corrupted', rand, g.keep, g.learner, g.writers))], normaliseWord).vocab.slots;
  Object.assign(vocab, buildAffixVocab(kept));
  const trainingWords = new Set(wordCounts.keys());
  const pre = readPretrained(values.pretrained, trainingWords, num('pretrained-top'));
  vocab.pretrained = pre.hashes;
  const dims: NeuralDims = {
    word: num('word-dim'), upos: 16, xpos: 16, cluster: 16, slot: 12, lstm: num('lstm'), layers: num('layers'), hidden: 1,
    suffix: num('suffix-dim'), shape: num('shape-dim'), pretrained: pre.vectors.dim,
  };
  const headDims = { arc: num('arc'), label: num('label') };
  const parser = newBiaffineParser(vocab, { upos: tagSet.upos.length, xpos: tagSet.xpos.length }, dims, headDims, rels.list.length, rand, pre.vectors);
  log(`θ ${parser.theta.length} (encoder ${parser.headsAt}, heads ${parser.heads.size}); ${vocab.words.length} words, ${vocab.pretrained.length} pretrained vectors; ${JSON.stringify(dims)}, arc ${headDims.arc}, label ${headDims.label}`);
  return { prepared: p, runModel, runTagger, rootRelation: rels.id('root'), rand, vocab, wordCounts, trainingWords, dims, headDims, parser, seed };
}

export type BiaffineSetup = ReturnType<typeof biaffineSetup>;

/** Dev trees (the first `limit` when given). */
export function devTrees(values: SetupValues, limit?: number): PunctuatedTree[] {
  const dev = readTreebank(values.dev!).trees;
  return limit === undefined ? dev : dev.slice(0, limit);
}

export interface Scores {
  words: number;
  uas: number;
  las: number;
}

/** UAS/LAS (percent) over the words of gold trees in one view, tagged by the run-time tagger (as `evaluateTrees`). */
export function evaluate(s: BiaffineSetup, bp: BiaffineParser, trees: readonly PunctuatedTree[], kind: ViewKind = 'kept'): Scores {
  const { lookup, rels } = s.prepared;
  const r = seededRandom(7);
  let words = 0, uh = 0, lh = 0;
  for (const tree of trees) {
    const e = encodeSentence(viewOf(tree, kind, r), lookup);
    const { head, deprel } = bp.parse(e, s.runTagger.tag(e), s.rootRelation);
    tree.words.forEach((w, i) => {
      words++;
      if ((head[i] === e.n ? 0 : head[i] + 1) === w.head) {
        uh++;
        if (rels.list[deprel[i]] === w.deprel) lh++;
      }
    });
  }
  const pct = (x: number) => Math.round((10000 * x) / Math.max(1, words)) / 100;
  return { words, uas: pct(uh), las: pct(lh) };
}

/**
 * The biaffine parser behind `Parser.parseTokens` as the shipped parser answers it (gold tokens laid out with single
 * spaces, `slotSentence`, punctuation hung off the root word), so that `eval parser`'s own scoring (`scoreGoldTokens`)
 * reads it; without the shipped parser's repairs.
 */
export function asTokenParser(s: BiaffineSetup, bp: BiaffineParser): Parser {
  const { lookup, rels, tagSet } = s.prepared;
  const parseTokens = (forms: string[]) => {
    let pos = 0;
    const tokens = forms.map((text) => {
      const t = { text, start: pos, end: pos + text.length, punct: isPunctForm(text) };
      pos += text.length + 1;
      return t;
    });
    const upos = forms.map(() => 'PUNCT'), xpos = forms.map(() => 'PUNCT'), deprel = forms.map(() => 'punct');
    const head = forms.map(() => 0);
    const ss = slotSentence(tokens);
    if (ss.forms.length === 0) return { upos, xpos, head, deprel };
    const e = encodeSentence(ss, lookup);
    const tags = s.runTagger.tag(e);
    const p = bp.parse(e, tags, s.rootRelation);
    let rootToken = 0;
    ss.wordTokens.forEach((k, i) => {
      upos[k] = tagSet.upos[tags.upos[i]];
      xpos[k] = tagSet.xpos[tags.xpos[i]];
      deprel[k] = rels.list[p.deprel[i]];
      head[k] = p.head[i] === e.n ? 0 : ss.wordTokens[p.head[i]] + 1;
      if (p.head[i] === e.n) rootToken = k + 1;
    });
    tokens.forEach((t, k) => {
      if (t.punct) head[k] = rootToken;
    });
    return { upos, xpos, head, deprel };
  };
  return { parseTokens } as unknown as Parser;
}
