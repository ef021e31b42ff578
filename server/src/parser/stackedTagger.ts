/**
 * The stacked tagger: a BiLSTM encoder (the parser's `NeuralScorer`: words, fixed pretrained vectors, clusters,
 * punctuation slots, suffixes, shapes, and the perceptron tagger's XPOS and UPOS as embeddings) read by a tag head
 * (`tagHead.ts`), which tags again with the perceptron's tags as input. The perceptron decides greedily from a window
 * of features; the BiLSTM reads the whole sentence and pretrained vectors of words EWT never had, where the tagger's
 * errors cost both parsers about 2 UAS and 3 LAS on EWT dev (journal, "How much the parsers lose to the tagger").
 *
 * Optional: `parser-tagger.bin.gz` beside `parser.bin`; a model directory without it tags with the perceptron alone.
 * The file is a parser model file (`modelFile.ts`) with no scorers: the encoder's arrays as `neuralArrays` writes them
 * (`info.neural`), the head's dims (`info.tagHead`) and θ (`tagHeadTheta`, float32), and the tag sets it was trained
 * on, which must be the perceptron's. Trained by `server/research/tagger/trainBilstmTagger.ts`, written by
 * `exportStackedTagger.ts` there.
 */
import { STACKED_TAGGER_FILE } from '../data/modelDir';
import { EncodedSentence } from './encoding';
import { F32Encoder } from './graph/f32Encoder';
import { ModelContents, readModelBeside } from './modelFile';
import { neuralArrays, neuralFromModel } from './neuralModel';
import { NeuralScorer } from './neuralScorer';
import { TagIds } from './parseFeatures';
import { TagHeadDims, TagHeadLayout, tagHeadLayout, tagHeadTags } from './tagHead';

const HEAD_THETA = 'tagHeadTheta';

export class StackedTagger {
  /** The encoder in float32 SIMD where WebAssembly SIMD is available (made on first use), else null. */
  private fast: F32Encoder | null | undefined;
  readonly head: TagHeadLayout;

  constructor(
    readonly version: string,
    readonly net: NeuralScorer,
    headDims: TagHeadDims,
    readonly headTheta: Float32Array,
    readonly tags: { upos: readonly string[]; xpos: readonly string[] },
  ) {
    this.head = tagHeadLayout(headDims);
    if (headTheta.length !== this.head.size) throw new Error(`tag head θ of ${headTheta.length} entries, its dims give ${this.head.size}`);
    if (headDims.input !== 2 * net.layout.dims.lstm) throw new Error(`the tag head reads vectors of ${headDims.input}, the encoder's are ${2 * net.layout.dims.lstm}`);
  }

  /** The sentence's tags, given the perceptron's (`first`). */
  tag(e: EncodedSentence, first: TagIds): TagIds {
    const input = this.net.input(e, first);
    if (this.fast === undefined) this.fast = F32Encoder.create(this.net);
    const v = this.fast ? this.fast.forward(input) : this.net.forward(input).v;
    return tagHeadTags(this.head, this.headTheta, v, this.head.dims.input, e.n, first);
  }
}

export function stackedTaggerContents(net: NeuralScorer, headDims: TagHeadDims, headTheta: ArrayLike<number>, d: { version: string; tags: { upos: readonly string[]; xpos: readonly string[] }; training?: Record<string, unknown> }): ModelContents {
  const { info, dense } = neuralArrays(net);
  dense[HEAD_THETA] = Float32Array.from(headTheta);
  return {
    header: { version: d.version, upos: [...d.tags.upos], xpos: [...d.tags.xpos], deprels: [], info: { neural: info, tagHead: headDims, ...(d.training ? { training: d.training } : {}) } },
    scorers: {},
    dense,
  };
}

/** The stacked tagger of a file's contents; `name` says which file in errors. */
export function stackedTaggerFromContents(m: ModelContents, name = STACKED_TAGGER_FILE): StackedTagger {
  const dims = m.header.info.tagHead as TagHeadDims | undefined;
  const theta = m.dense?.[HEAD_THETA];
  if (!dims || !(theta instanceof Float32Array)) throw new Error(`${name} is not a stacked tagger file`);
  const net = neuralFromModel(m, true);
  if (!net) throw new Error(`${name}: no encoder`);
  return new StackedTagger(m.header.version, net, dims, theta.slice(), { upos: m.header.upos, xpos: m.header.xpos });
}

/** The contents of the stacked tagger's file in a model directory, or undefined when it has none (`readModelBeside`). */
export function readStackedTaggerBeside(modelDir: string): ModelContents | undefined {
  return readModelBeside(modelDir, STACKED_TAGGER_FILE);
}
