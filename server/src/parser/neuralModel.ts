/**
 * The neural scorer in the model file: dims and table sizes in the header (`info.neural`), θ as float32 and the
 * vocabularies as int32 dense arrays (`modelFile.ts`). Loading copies everything, so nothing holds on to the file's
 * buffer. θ is widened to float64, the precision training updates it in, unless it is loaded for parsing only: then
 * it stays float32 (memory: the same values, since the file holds float32 or float16, in half the
 * memory; every product widens them exactly, so parses are the same bit for bit).
 */
import { ModelContents } from './modelFile';
import { NEURAL_ARRAYS, NeuralInfo, neuralLayout, VocabIndex } from './neuralNet';
import { NeuralScorer } from './neuralScorer';
import { FixedVectors } from './pretrainedVectors';

/** Int8 codes four to an int32 (the model file holds float32 and int32 arrays), zero-padded to a multiple of 4. */
export function packCodes(codes: Int8Array): Int32Array {
  const padded = new Int8Array(Math.ceil(codes.length / 4) * 4);
  padded.set(codes);
  return new Int32Array(padded.buffer);
}

/** The first `length` int8 codes that `packCodes` packed (a view, not a copy). */
export function unpackCodes(packed: Int32Array, length: number): Int8Array {
  return new Int8Array(packed.buffer, packed.byteOffset, length);
}

export function neuralArrays(net: NeuralScorer): { info: NeuralInfo; dense: Record<string, Float32Array | Int32Array> } {
  const v = net.vocab.vocab;
  const dense: Record<string, Float32Array | Int32Array> = {
    [NEURAL_ARRAYS.theta]: Float32Array.from(net.theta),
    [NEURAL_ARRAYS.words]: v.words,
    [NEURAL_ARRAYS.slots]: v.slots,
  };
  // Only what the layout reads: older models' files stay as they were.
  if (net.layout.eSuffix.cols && v.suffixes) dense[NEURAL_ARRAYS.suffixes] = v.suffixes;
  if (net.layout.eShape.cols && v.shapes) dense[NEURAL_ARRAYS.shapes] = v.shapes;
  if (net.fixed && v.pretrained) {
    dense[NEURAL_ARRAYS.pretrainedWords] = v.pretrained;
    dense[NEURAL_ARRAYS.pretrainedCodes] = packCodes(net.fixed.codes);
    dense[NEURAL_ARRAYS.pretrainedScales] = net.fixed.scales;
  }
  return { info: { dims: net.layout.dims, sizes: net.layout.sizes }, dense };
}

/**
 * The model's neural scorer, or undefined for a perceptron-only model; `parsing`: θ stays float32 (not trainable).
 * `encoderTheta`: the encoder's θ from elsewhere than NEURAL_ARRAYS.theta, kept as it is (the graph parser's file
 * holds encoder and heads in one array, `graph/graphModel.ts`, and the scorer reads a view of its first block).
 */
export function neuralFromModel(m: ModelContents, parsing = false, encoderTheta?: Float32Array): NeuralScorer | undefined {
  const info = m.header.info.neural as NeuralInfo | undefined;
  if (!info || !m.dense) return undefined;
  const theta = encoderTheta ?? m.dense[NEURAL_ARRAYS.theta];
  const words = m.dense[NEURAL_ARRAYS.words];
  const slots = m.dense[NEURAL_ARRAYS.slots];
  if (!(theta instanceof Float32Array) || !(words instanceof Int32Array) || !(slots instanceof Int32Array)) throw new Error('neural model arrays missing');
  const layout = neuralLayout(info.dims, info.sizes);
  if (theta.length !== layout.size) throw new Error(`neural θ has ${theta.length} entries, its layout ${layout.size}`);
  const ints = (name: string) => {
    const a = m.dense![name];
    return a instanceof Int32Array ? a.slice() : undefined;
  };
  const scales = m.dense[NEURAL_ARRAYS.pretrainedScales];
  const codes = ints(NEURAL_ARRAYS.pretrainedCodes);
  const dim = layout.ePretrained.cols;
  const fixed = dim && codes && scales instanceof Float32Array ? new FixedVectors(dim, unpackCodes(codes, scales.length * dim), scales.slice()) : undefined;
  const vocab = { words: words.slice(), slots: slots.slice(), suffixes: ints(NEURAL_ARRAYS.suffixes), shapes: ints(NEURAL_ARRAYS.shapes), pretrained: ints(NEURAL_ARRAYS.pretrainedWords) };
  // A θ that fills its own buffer (unpacked from float16, `withFloat32Theta`) is not a view of the file, nor is one the
  // caller gives: no copy.
  const own = encoderTheta !== undefined || (theta.byteOffset === 0 && theta.byteLength === theta.buffer.byteLength);
  return new NeuralScorer(layout, parsing ? (own ? theta : theta.slice()) : Float64Array.from(theta), new VocabIndex(vocab), fixed);
}
