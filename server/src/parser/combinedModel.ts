/**
 * One model file holding both transition scorers: a perceptron model (taggers, transitions, labeller, clusters) with a
 * neural model's dense arrays and `info.neural`, and the weight of the neural scores in `info.neuralWeight`
 * (`dependencyParser.predictHeads` adds perceptron + weight × neural), with `info.neuralGate` when the neural scorer
 * alone decides where it is sure enough (`ParserModels.neuralGate`). Only the neural model's scorer is taken: its
 * taggers and labeller would repeat the perceptron model's.
 *
 * Two optional ways to make the file smaller (`train-parser --combine-into`, sizes and dev costs in BENCHMARKS):
 * - fewer fixed pretrained rows: the training words' rows and the `pretrainedOthers` most frequent others. A word
 *   whose row is dropped reads row 0 at run time, exactly as a word the embeddings never had;
 * - θ as float16 (`float16.ts`), two values to an int32 under `neuralTheta16`, widened back to float32 at load.
 */
import { ModelContents, ModelHeader } from './modelFile';
import { NEURAL_ARRAYS, NeuralInfo, neuralLayout } from './neuralNet';
import { packHalves, unpackHalves } from './float16';
import { packCodes, unpackCodes } from './neuralModel';

/** The dense array of θ stored as float16 (instead of NEURAL_ARRAYS.theta). */
export const THETA16 = 'neuralTheta16';

export interface CombineOptions {
  /** Weight of the neural transition scores added to the perceptron's (> 0). */
  weight: number;
  /** With trainingWords: keep only the training words' pretrained rows and this many most frequent others. */
  pretrainedOthers?: number;
  /** Hashes of the normalised training words (`hashString(normaliseWord(form))`), as training chose its rows by. */
  trainingWords?: ReadonlySet<number>;
  /** Store θ as float16. */
  theta16?: boolean;
  /** The neural scorer's margin at which the perceptron is not consulted (absent: always consulted). */
  gate?: number;
}

/** The neural weight a model file records, or undefined (older files, single-scorer models). */
export function neuralWeightOf(header: ModelHeader): number | undefined {
  const w = header.info.neuralWeight;
  return typeof w === 'number' && w > 0 ? w : undefined;
}

/** The neural gate a model file records, or undefined (the perceptron is always consulted). */
export function neuralGateOf(header: ModelHeader): number | undefined {
  const g = header.info.neuralGate;
  return typeof g === 'number' && g > 0 ? g : undefined;
}

export function combineModels(perceptron: ModelContents, neural: ModelContents, o: CombineOptions): ModelContents {
  const info = neural.header.info.neural as NeuralInfo | undefined;
  if (!info || !neural.dense) throw new Error('the neural model has no neural scorer');
  if (!perceptron.scorers.transitions) throw new Error('the perceptron model has no transition scorer');
  if (!(o.weight > 0)) throw new Error(`neural weight must be positive, not ${o.weight}`);
  if (o.gate !== undefined && !(o.gate > 0 && Number.isFinite(o.gate))) throw new Error(`neural gate must be a positive number, not ${o.gate}`);
  const pruned = withPrunedPretrained({ ...neural.dense }, info, o);
  let dense = pruned.dense;
  const sizes = pruned.sizes;
  if (o.theta16) {
    const { [NEURAL_ARRAYS.theta]: theta, ...rest } = dense;
    dense = { ...rest, [THETA16]: packHalves(theta) };
  }
  // A version of its own, so that nothing keyed on the parser's version takes it for the perceptron model alone.
  const variant = `${o.theta16 ? '-f16' : ''}${o.pretrainedOthers !== undefined ? `-top${o.pretrainedOthers}` : ''}${o.gate !== undefined ? `-g${o.gate}` : ''}`;
  // A stacked encoder's shape is named too: the neural model's own version names its seed and epoch only.
  const layers = info.dims.layers ?? 1;
  const encoder = layers > 1 ? `-l${layers}h${info.dims.lstm}` : '';
  const version = `${perceptron.header.version}+${neural.header.version}${encoder}x${o.weight}${variant}`;
  // A combined file given as the perceptron keeps its perceptron; its own neural gate goes with its neural scorer.
  const { neuralGate: _oldGate, ...perceptronInfo } = perceptron.header.info;
  const header = { ...perceptron.header, version, info: { ...perceptronInfo, neural: { ...info, sizes }, neuralWeight: o.weight, ...(o.gate !== undefined ? { neuralGate: o.gate } : {}) } };
  return { ...perceptron, header, dense };
}

/**
 * A neural scorer's arrays with the fixed pretrained rows pruned when `o.pretrainedOthers` asks (the training words'
 * rows and that many most frequent others), and the table sizes that go with them; unchanged otherwise.
 */
export function withPrunedPretrained(
  dense: Record<string, Float32Array | Int32Array>,
  info: NeuralInfo,
  o: Pick<CombineOptions, 'pretrainedOthers' | 'trainingWords'>,
): { dense: Record<string, Float32Array | Int32Array>; sizes: NeuralInfo['sizes'] } {
  if (o.pretrainedOthers === undefined || !dense[NEURAL_ARRAYS.pretrainedWords]) return { dense, sizes: info.sizes };
  if (!o.trainingWords) throw new Error('pruning the pretrained rows needs the training words');
  const pruned = prunePretrained(dense, info.dims.pretrained ?? 0, o.trainingWords, o.pretrainedOthers);
  return { dense: pruned.dense, sizes: { ...info.sizes, pretrained: pruned.rows } };
}

/** Keeps the pretrained rows of training words and the first `others` other rows (the table is most frequent first). */
function prunePretrained(dense: Record<string, Float32Array | Int32Array>, dim: number, training: ReadonlySet<number>, others: number) {
  const hashes = dense[NEURAL_ARRAYS.pretrainedWords] as Int32Array;
  const scales = dense[NEURAL_ARRAYS.pretrainedScales] as Float32Array;
  const packed = dense[NEURAL_ARRAYS.pretrainedCodes] as Int32Array;
  const codes = unpackCodes(packed, scales.length * dim);
  const kept: number[] = [];
  let extra = 0;
  hashes.forEach((h, i) => {
    if (training.has(h)) kept.push(i);
    else if (extra < others) {
      extra++;
      kept.push(i);
    }
  });
  const rows = kept.length + 1;
  const newCodes = new Int8Array(rows * dim);
  const newScales = new Float32Array(rows);
  // Row 0, a word without a vector, stays first; row r of the table is hashes[r - 1].
  newCodes.set(codes.subarray(0, dim));
  newScales[0] = scales[0];
  kept.forEach((i, k) => {
    newCodes.set(codes.subarray((i + 1) * dim, (i + 2) * dim), (k + 1) * dim);
    newScales[k + 1] = scales[i + 1];
  });
  return {
    rows,
    dense: {
      ...dense,
      [NEURAL_ARRAYS.pretrainedWords]: Int32Array.from(kept, (i) => hashes[i]),
      [NEURAL_ARRAYS.pretrainedCodes]: packCodes(newCodes),
      [NEURAL_ARRAYS.pretrainedScales]: newScales,
    },
  };
}

/** The model with θ as float32 under NEURAL_ARRAYS.theta, as `neuralFromModel` reads it; unchanged if it was. */
export function withFloat32Theta(m: ModelContents): ModelContents {
  const packed = m.dense?.[THETA16];
  if (!(packed instanceof Int32Array)) return m;
  const { [THETA16]: _, ...rest } = m.dense!;
  const info = m.header.info.neural as NeuralInfo;
  return { ...m, dense: { ...rest, [NEURAL_ARRAYS.theta]: unpackHalves(packed, neuralLayout(info.dims, info.sizes).size) } };
}
