/**
 * Every tag, head and relation the parser gives on EWT sentences, one line per sentence, from the parser modules of
 * one checkout (passed in, so that the code before a speed change and after it can be run by the same lines).
 *
 * Each depunctuated tree is parsed in three views (punctuation kept, removed, corrupted with seed 13) through the
 * model's pipeline (tagger → transition parser with its arc labeller → top-down relabeller), and every sentence
 * through `parseTokens` (gold tokens, the CLI's path, including the sentences `depunctuate` drops).
 */
import * as path from 'path';
import { EWT_DIR } from '../../ewt';
import type * as treebank from '../../../server/src/data/treebank';
import type * as modelFile from '../../../server/src/parser/modelFile';
import type * as parserModels from '../../../server/src/parser/parserModels';
import type * as dependencyParser from '../../../server/src/parser/dependencyParser';
import type * as encoding from '../../../server/src/parser/encoding';
import type * as views from '../../../server/src/training/parser/views';
import type * as index from '../../../server/src/parser/index';

export interface ParserModules {
  treebank: typeof treebank;
  modelFile: typeof modelFile;
  parserModels: typeof parserModels;
  dependencyParser: typeof dependencyParser;
  encoding: typeof encoding;
  views: typeof views;
  index: typeof index;
}

/** The modules of the checkout at `root` (its TypeScript sources, or with build 'out' its compiled JavaScript). */
export function modulesAt(root: string, build: 'src' | 'out' = 'src'): ParserModules {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = (m: string) => require(path.join(root, 'server', build, m));
  const loadEither = (m: string, older: string) => {
    try {
      return load(m);
    } catch {
      return load(older);
    }
  };
  return {
    treebank: load('data/treebank'),
    modelFile: load('parser/modelFile'),
    parserModels: load('parser/parserModels'),
    dependencyParser: load('parser/dependencyParser'),
    encoding: load('parser/encoding'),
    // Moved with the parser's training; an older checkout keeps it beside the parser.
    views: loadEither('training/parser/views', 'parser/views'),
    index: load('parser/index'),
  };
}

export interface LinesOptions {
  modelDir: string;
  /** Only the first `limit` sentences of each file. */
  limit?: number;
  /** A neural scorer model and its weight: transition scores are the perceptron's plus weight × the neural ones. */
  neural?: { file: string; weight: number };
}

export function parseLines(mods: ParserModules, o: LinesOptions): string[] {
  const dp = mods.dependencyParser;
  const base = mods.parserModels.parserModels(mods.modelFile.readModel(path.join(o.modelDir, 'parser.bin')));
  const m = o.neural
    ? { ...base, neural: mods.parserModels.parserModels(mods.modelFile.readModel(o.neural.file)).neural, neuralWeight: o.neural.weight }
    : base;
  const lookup = dp.clusterLookup(m.clusters);
  const arcs = dp.arcLabeller(m);
  const parser = o.neural ? undefined : mods.index.loadParser(o.modelDir);
  const out: string[] = [];
  for (const split of ['dev', 'test']) {
    const bank = mods.treebank.readTreebank(path.join(EWT_DIR, `en_ewt-ud-${split}.conllu`));
    const trees = bank.trees.slice(0, o.limit);
    for (const kind of ['kept', 'removed', 'corrupted'] as const) {
      const rand = mods.views.seededRandom(13);
      trees.forEach((tree, k) => {
        const e = mods.encoding.encodeSentence(mods.views.viewOf(tree, kind, rand), lookup);
        const tags = m.tagger.tag(e);
        const head = dp.predictHeads(m, e, tags, undefined, arcs);
        const rel = dp.labelArcs(m.labels, m.deprels, m.tagger.tags.upos, e, tags, head);
        out.push(`${split} ${kind} ${k}\t${tags.xpos.join(' ')}\t${tags.upos.join(' ')}\t${head.join(' ')}\t${rel.join(' ')}`);
      });
    }
    if (parser)
      bank.sentences.slice(0, o.limit).forEach((s, k) => {
        const p = parser.parseTokens(s.words.map((w) => w.form));
        out.push(`${split} tokens ${k}\t${p.upos.join(' ')}\t${p.head.join(' ')}\t${p.deprel.join(' ')}`);
      });
  }
  return out;
}
