/**
 * One sentence's loss and gradient for the BiLSTM tagger (`trainBilstmTagger.ts`): the parser's encoder read by the
 * tag head (`parser/biaffine/tagHead.ts`), the cross-entropies of every word's gold XPOS and UPOS summed. θ is the
 * encoder's block then the head's; the head's gradient with respect to each word's vector enters the encoder's
 * backward pass (`backpropSentence`) as the gradient of its vectors. Checked against finite differences in
 * `test/research/bilstmTagGradient.test.ts`.
 */
import { N_POSITIONS, NeuralInput } from '../../src/parser/neuralNet';
import { NeuralScorer } from '../../src/parser/neuralScorer';
import { Dropout, trainingForward } from '../../src/training/parser/neuralForward';
import { backpropSentence } from '../../src/training/parser/neuralTrain';
import { TagHeadLayout, tagHeadWork } from '../../src/parser/tagHead';
import { tagHeadGradient } from '../parser/biaffine/tagHeadGradient';

export function bilstmTagGradient(
  net: NeuralScorer,
  head: TagHeadLayout,
  /** The head's θ (a view of θ after the encoder's block). */
  headTheta: Float64Array,
  input: NeuralInput,
  /** Word ids after word dropout. */
  word: Int32Array,
  gold: { xpos: Int32Array; upos: Int32Array },
  dropout: Dropout | undefined,
  /** The encoder's block of the gradient, then the head's. */
  grad: { encoder: Float64Array; head: Float64Array },
): number {
  const n = input.n;
  const V = 2 * net.layout.dims.lstm;
  const fw = trainingForward(net, input, word, dropout);
  const dV = new Float64Array((n + 2) * V);
  const work = tagHeadWork(head);
  const dh = new Float64Array(head.dims.hidden);
  const scratch = new Float64Array(head.size);
  let loss = 0;
  for (let i = 0; i < n; i++) {
    scratch.fill(0);
    loss += tagHeadGradient(head, headTheta, fw.mlpIn, i * V, input.xpos[i], input.upos[i], gold.xpos[i], gold.upos[i], work, dh, scratch);
    for (let k = 0; k < head.size; k++) grad.head[k] += scratch[k];
    // The gradient of the head's input row: W1ᵀ · (its pre-activation's gradient, which is b1's).
    for (let k = 0; k < head.dims.hidden; k++) {
      const dpre = scratch[head.b1 + k];
      if (dpre === 0) continue;
      const row = head.w1 + k * V;
      for (let j = 0; j < V; j++) dV[i * V + j] += headTheta[row + j] * dpre;
    }
  }
  // backpropSentence applies the output dropout's mask to dV itself.
  backpropSentence(net, grad.encoder, fw, word, new Float64Array(0), new Uint8Array(N_POSITIONS * (n + 2)), dV);
  return loss;
}
