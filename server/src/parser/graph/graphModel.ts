/**
 * The graph-based parser's file: `parser-graph.bin.gz` beside `parser.bin` in a model directory, optional (a directory
 * without it parses with the transition parser). A parser model file (`modelFile.ts`) with no scorers: the encoder's
 * arrays as `neuralArrays` writes a transition scorer's (vocabularies, fixed pretrained rows) with `info.neural` its
 * dims and table sizes, `info.graphHeads` the heads' dims, θ (encoder then heads) as float16 (`float16.ts`) or float32,
 * the header's `deprels` the relations in the heads' order and `upos`/`xpos` the tag sets the encoder was trained on,
 * which must be the tagger's of `parser.bin` (the encoder reads its tag ids).
 *
 * The file may keep fewer fixed pretrained rows (the training words' and the most frequent others, as the combined
 * file does, `combinedModel.ts withPrunedPretrained`): a word whose row is dropped reads row 0, as a word the embeddings
 * never had.
 */
import { GRAPH_PARSER_FILE } from '../../data/modelDir';
import { packHalves, unpackHalves } from '../float16';
import { withPrunedPretrained } from '../combinedModel';
import { ModelContents, readModelBeside } from '../modelFile';
import { NEURAL_ARRAYS, NeuralInfo, neuralLayout } from '../neuralNet';
import { neuralArrays, neuralFromModel } from '../neuralModel';
import { HeadDims, headLayout } from './graphHeads';
import { BiaffineParser } from './graphParser';
import { CaseConstraint, caseConstraint } from './caseConstraint';

/** θ, encoder then heads, as float16 (two to an int32) or as float32. */
const THETA16 = 'graphTheta16';
const THETA32 = 'graphTheta';

export interface GraphFileOptions {
  /** Store θ as float16 (else float32, exactly the snapshot's). */
  theta16?: boolean;
  /** With trainingWords: keep only the training words' pretrained rows and this many most frequent others. */
  pretrainedOthers?: number;
  /** Hashes of the normalised training words (`hashString(normaliseWord(form))`). */
  trainingWords?: ReadonlySet<number>;
}

/** What the file says besides θ: the relations, the tag sets and a version naming the model (seed, epoch, dims). */
export interface GraphDescription {
  version: string;
  deprels: readonly string[];
  tags: { upos: readonly string[]; xpos: readonly string[] };
  /** Training settings and dev scores, for the record. */
  training?: Record<string, unknown>;
}

/** A loaded graph parser with what parsing needs to name its output. */
export interface GraphModel {
  parser: BiaffineParser;
  version: string;
  deprels: readonly string[];
  /** The id of `root`, the relation of the root's one child and of no other word. */
  rootRelation: number;
  tags: { upos: readonly string[]; xpos: readonly string[] };
  /** No core argument with a case marker before it (`caseConstraint.ts`). */
  constraint?: CaseConstraint;
}

export function graphContents(p: BiaffineParser, d: GraphDescription, o: GraphFileOptions = {}): ModelContents {
  if (p.heads.dims.relations !== d.deprels.length) throw new Error(`the heads score ${p.heads.dims.relations} relations, the list has ${d.deprels.length}`);
  if (!d.deprels.includes('root')) throw new Error('the relations have no root');
  const { info, dense: arrays } = neuralArrays(p.net);
  const { [NEURAL_ARRAYS.theta]: _encoder, ...rest } = arrays;
  const { dense, sizes } = withPrunedPretrained(rest, info, o);
  dense[o.theta16 ? THETA16 : THETA32] = o.theta16 ? packHalves(p.theta) : Float32Array.from(p.theta);
  // The version names the storage too: caches keyed on the parser's version must not take one variant for another.
  const version = `${d.version}${o.theta16 ? '-f16' : ''}${o.pretrainedOthers !== undefined ? `-top${o.pretrainedOthers}` : ''}`;
  const graphHeads: HeadDims = p.heads.dims;
  return {
    header: {
      version,
      upos: [...d.tags.upos],
      xpos: [...d.tags.xpos],
      deprels: [...d.deprels],
      info: { neural: { ...info, sizes }, graphHeads, ...(d.training ? { training: d.training } : {}) },
    },
    scorers: {},
    dense,
  };
}

/** The parser of a graph file's contents, its θ float32 (for parsing only); `name` says which file in errors. */
export function graphFromContents(m: ModelContents, name = GRAPH_PARSER_FILE): GraphModel {
  const info = m.header.info.neural as NeuralInfo | undefined;
  const dims = m.header.info.graphHeads as HeadDims | undefined;
  if (!info || !dims || !m.dense) throw new Error(`${name} is not a graph parser file`);
  const heads = headLayout(dims);
  const size = neuralLayout(info.dims, info.sizes).size + heads.size;
  const packed = m.dense[THETA16];
  const stored = m.dense[THETA32];
  // θ in memory of its own (never a view of the file's buffer): unpacked from halves, or a copy.
  let theta: Float32Array;
  if (packed instanceof Int32Array && (packed.length === size / 2 || packed.length === (size + 1) / 2)) theta = unpackHalves(packed, size);
  else if (stored instanceof Float32Array && stored.length === size) theta = stored.slice();
  else throw new Error(`${name}: θ missing or not of the ${size} entries its dims give`);
  if (heads.dims.relations !== m.header.deprels.length) throw new Error(`${name}: the heads score ${heads.dims.relations} relations, the file lists ${m.header.deprels.length}`);
  const rootRelation = m.header.deprels.indexOf('root');
  if (rootRelation < 0) throw new Error(`${name}: no root relation`);
  const net = neuralFromModel(m, true, theta.subarray(0, size - heads.size));
  if (!net || 2 * net.layout.dims.lstm !== dims.V) throw new Error(`${name}: the heads read vectors of ${dims.V}, not the encoder's`);
  return {
    parser: new BiaffineParser(net, heads, theta, true),
    version: m.header.version,
    deprels: m.header.deprels,
    rootRelation,
    tags: { upos: m.header.upos, xpos: m.header.xpos },
    constraint: caseConstraint(m.header.deprels),
  };
}

/** The contents of the graph parser file in a model directory, or undefined when it has none (`readModelBeside`). */
export function readGraphBeside(modelDir: string): ModelContents | undefined {
  return readModelBeside(modelDir, GRAPH_PARSER_FILE);
}
