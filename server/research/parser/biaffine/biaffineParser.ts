/**
 * A graph-based dependency parser (Dozat & Manning 2017) over the neural transition scorer's encoder: the same
 * embeddings (words, tags, clusters, punctuation slots, suffixes, shapes, fixed pretrained vectors) and stacked
 * BiLSTM (`NeuralScorer`), read by the biaffine arc scorer and relation MLP of `biaffineHeads.ts`; trees by Eisner's
 * algorithm (`eisner.ts`). θ is one flat array, the encoder's block first (the `NeuralScorer` holds a view of it; its
 * transition MLP is left at one hidden unit and never trained), then the heads'.
 *
 * Research code: nothing here ships. Training's forward and backward passes are the transition scorer's
 * (`neuralForward.ts`, `backpropSentence`), with the heads' gradient entering as the gradient of the vectors.
 */
import { N_POSITIONS, NeuralDims, NeuralInput, NeuralVocab } from '../../../src/parser/neuralNet';
import { NeuralScorer } from '../../../src/parser/neuralScorer';
import { FixedVectors } from '../../../src/parser/pretrainedVectors';
import { EncodedSentence } from '../../../src/parser/encoding';
import { TagIds } from '../../../src/parser/parseFeatures';
import { backpropSentence, newNeuralScorer } from '../../../src/training/parser/neuralTrain';
import { trainingForward } from '../../../src/training/parser/neuralForward';
import { arcScores, headForward, HeadKernels, headKernels, headLayout, HeadLayout, headLoss, initialHeads, labelScores } from './biaffineHeads';
import { eisner } from './eisner';

export interface BiaffineDims {
  /** Units of each arc projection and of the relation MLP. */
  arc: number;
  label: number;
}

export class BiaffineParser {
  readonly net: NeuralScorer;
  readonly heads: HeadLayout;
  /** Where the heads' block starts in θ (the encoder's size). */
  readonly headsAt: number;
  /** A snapshot's products in WebAssembly, made on its first parse (a snapshot's θ never changes). */
  private kernels: HeadKernels | undefined;
  private readonly frozen: boolean;

  constructor(
    net: NeuralScorer,
    heads: HeadLayout,
    /** Encoder then heads; `net.theta` must be a view of its first block. */
    readonly theta: Float64Array | Float32Array,
    frozen = false,
  ) {
    this.frozen = frozen;
    this.net = net;
    this.heads = heads;
    this.headsAt = net.layout.size;
    if (theta.length !== net.layout.size + heads.size) throw new Error(`θ of ${theta.length} entries, encoder and heads ${net.layout.size + heads.size}`);
  }

  /** A parser over a copy of θ (float32 for parsing, as a loaded model holds it): later training does not change it. */
  snapshot(float32 = true): BiaffineParser {
    const theta = float32 ? Float32Array.from(this.theta) : Float64Array.from(this.theta);
    const net = new NeuralScorer(this.net.layout, theta.subarray(0, this.headsAt), this.net.vocab, this.net.fixed);
    return new BiaffineParser(net, this.heads, theta, true);
  }

  /**
   * Heads (n = the root) and relation ids of one sentence from its vectors `v` (rows of 2H: the words, then the root):
   * Eisner over the arc scores, then each arc's best relation (`rootRelation` exactly when the head is the root).
   */
  decode(v: Float64Array, n: number, rootRelation: number): { head: Int32Array; deprel: Int32Array } {
    if (this.frozen) this.kernels ??= headKernels(this.theta, this.headsAt, this.heads);
    const k = this.kernels;
    const f = headForward(this.theta, this.headsAt, this.heads, v, n, k);
    const head = eisner(arcScores(this.heads, f), n);
    const K = this.heads.dims.relations;
    const hidden = new Float64Array(this.heads.dims.label);
    const s = new Float64Array(K);
    const deprel = new Int32Array(n);
    for (let d = 0; d < n; d++) {
      if (head[d] === n) {
        deprel[d] = rootRelation;
        continue;
      }
      labelScores(this.theta, this.headsAt, this.heads, f, head[d], d, hidden, s, k);
      let best = -1;
      for (let c = 0; c < K; c++) if (c !== rootRelation && (best < 0 || s[c] > s[best])) best = c;
      deprel[d] = best;
    }
    return { head, deprel };
  }

  /** Parses with the run-time encoder (`NeuralScorer.forward`: WebAssembly LSTM kernels, fast activations). */
  parse(e: EncodedSentence, tags: TagIds, rootRelation: number): { head: Int32Array; deprel: Int32Array } {
    const fw = this.net.forward(this.net.input(e, tags));
    return this.decode(fw.v, e.n, rootRelation);
  }
}

/** A fresh parser: the encoder as `newNeuralScorer` initialises it, the heads by `initialHeads`. */
export function newBiaffineParser(
  vocab: NeuralVocab,
  tagSizes: { upos: number; xpos: number },
  dims: NeuralDims,
  headDims: BiaffineDims,
  relations: number,
  rand: () => number,
  fixed?: FixedVectors,
): BiaffineParser {
  const enc = newNeuralScorer(vocab, tagSizes, dims, rand, fixed);
  const heads = headLayout({ V: 2 * dims.lstm, arc: headDims.arc, label: headDims.label, relations });
  const theta = new Float64Array(enc.layout.size + heads.size);
  theta.set(enc.theta);
  initialHeads(heads, theta, enc.layout.size, rand);
  const net = new NeuralScorer(enc.layout, theta.subarray(0, enc.layout.size), enc.vocab, enc.fixed);
  return new BiaffineParser(net, heads, theta);
}

/** Training's dropout rates: on the LSTM inputs (every entry of the embeddings) and on the vectors the heads read. */
export interface BiaffineDropout {
  input: number;
  output: number;
}

/**
 * One sentence's losses (arc and relation cross-entropies, summed over its words) with their gradient added into
 * `grad` (θ's layout); `word` are the word ids after word dropout, `rand` draws the dropout masks.
 */
export function biaffineGradient(
  p: BiaffineParser,
  grad: Float64Array,
  input: NeuralInput,
  word: Int32Array,
  gold: { head: Int32Array; deprel: Int32Array },
  dropout: BiaffineDropout,
  rand: () => number,
): { arc: number; label: number } {
  if (!(p.theta instanceof Float64Array)) throw new Error('training needs θ in float64');
  const n = input.n;
  const fw = trainingForward(p.net, input, word, { p: dropout.output, input: dropout.input, rand });
  const V = 2 * p.net.layout.dims.lstm;
  const dV = new Float64Array((n + 2) * V);
  const loss = headLoss(p.theta, grad, p.headsAt, p.heads, fw.mlpIn, n, gold.head, gold.deprel, dV);
  // No transition was scored: nothing in dA is touched, and the vectors' gradient is the heads'.
  backpropSentence(p.net, grad.subarray(0, p.headsAt), fw, word, new Float64Array(0), new Uint8Array(N_POSITIONS * (n + 2)), dV);
  return loss;
}
