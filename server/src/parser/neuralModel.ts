/**
 * The neural scorer in the model file: dims and table sizes in the header (`info.neural`), θ as float32 and the
 * vocabularies as int32 dense arrays (`modelFile.ts`). Loading widens θ to float64, the precision it was trained in,
 * and copies everything, so nothing holds on to the file's buffer.
 */
import { ModelContents } from './modelFile';
import { NEURAL_ARRAYS, NeuralInfo, neuralLayout, VocabIndex } from './neuralNet';
import { NeuralScorer } from './neuralScorer';

export function neuralArrays(net: NeuralScorer): { info: NeuralInfo; dense: Record<string, Float32Array | Int32Array> } {
  return {
    info: { dims: net.layout.dims, sizes: net.layout.sizes },
    dense: {
      [NEURAL_ARRAYS.theta]: Float32Array.from(net.theta),
      [NEURAL_ARRAYS.words]: net.vocab.vocab.words,
      [NEURAL_ARRAYS.slots]: net.vocab.vocab.slots,
    },
  };
}

/** The model's neural scorer, or undefined for a perceptron-only model. */
export function neuralFromModel(m: ModelContents): NeuralScorer | undefined {
  const info = m.header.info.neural as NeuralInfo | undefined;
  if (!info || !m.dense) return undefined;
  const theta = m.dense[NEURAL_ARRAYS.theta];
  const words = m.dense[NEURAL_ARRAYS.words];
  const slots = m.dense[NEURAL_ARRAYS.slots];
  if (!(theta instanceof Float32Array) || !(words instanceof Int32Array) || !(slots instanceof Int32Array)) throw new Error('neural model arrays missing');
  const layout = neuralLayout(info.dims, info.sizes);
  if (theta.length !== layout.size) throw new Error(`neural θ has ${theta.length} entries, its layout ${layout.size}`);
  return new NeuralScorer(layout, Float64Array.from(theta), new VocabIndex({ words: words.slice(), slots: slots.slice() }));
}
