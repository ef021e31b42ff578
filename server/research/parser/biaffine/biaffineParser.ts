/**
 * Training's part of the graph-based parser (`server/src/parser/graph/graphParser.ts`, which parses): a fresh parser
 * and one sentence's losses with their gradient. Training's forward and backward passes are the transition scorer's
 * (`neuralForward.ts`, `backpropSentence`), with the heads' gradient entering as the gradient of the vectors.
 */
import { N_POSITIONS, NeuralDims, NeuralInput, NeuralVocab } from '../../../src/parser/neuralNet';
import { NeuralScorer } from '../../../src/parser/neuralScorer';
import { FixedVectors } from '../../../src/parser/pretrainedVectors';
import { BiaffineParser } from '../../../src/parser/graph/graphParser';
import { headLayout } from '../../../src/parser/graph/graphHeads';
import { backpropSentence, newNeuralScorer } from '../../../src/training/parser/neuralTrain';
import { trainingForward } from '../../../src/training/parser/neuralForward';
import { headLoss, initialHeads } from './biaffineHeads';

export interface BiaffineDims {
  /** Units of each arc projection and of the relation MLP. */
  arc: number;
  label: number;
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
 * `grad` (θ's layout); `word` are the word ids after word dropout, `rand` draws the dropout masks. `gold.mask`: only
 * the words it marks 1 are supervised; `gold.weight` scales the losses (`headLoss`).
 */
export function biaffineGradient(
  p: BiaffineParser,
  grad: Float64Array,
  input: NeuralInput,
  word: Int32Array,
  gold: { head: Int32Array; deprel: Int32Array; mask?: Uint8Array; weight?: number },
  dropout: BiaffineDropout,
  rand: () => number,
): { arc: number; label: number } {
  if (!(p.theta instanceof Float64Array)) throw new Error('training needs θ in float64');
  const n = input.n;
  const fw = trainingForward(p.net, input, word, { p: dropout.output, input: dropout.input, rand });
  const V = 2 * p.net.layout.dims.lstm;
  const dV = new Float64Array((n + 2) * V);
  const loss = headLoss(p.theta, grad, p.headsAt, p.heads, fw.mlpIn, n, gold.head, gold.deprel, dV, gold.mask, gold.weight);
  // No transition was scored: nothing in dA is touched, and the vectors' gradient is the heads'.
  backpropSentence(p.net, grad.subarray(0, p.headsAt), fw, word, new Float64Array(0), new Uint8Array(N_POSITIONS * (n + 2)), dV);
  return loss;
}
