/**
 * The neural transition scorer's parameters (Kiperwasser & Goldberg 2016): one flat Float64Array θ holding word,
 * tag, cluster and punctuation-slot embeddings, a BiLSTM of one or more stacked layers and an MLP over the BiLSTM vectors of s2, s1, s0
 * and b0. One flat array keeps Adam, gradient checks and the model file to a single loop each; `NeuralLayout` names
 * the tensors inside it.
 */
import { EncodedSentence } from './encoding';
import { TagIds } from './parseFeatures';
import { HashIndex } from './hashIndex';

export interface NeuralDims {
  /** Embedding sizes: word (lower-cased, digits as 0), UPOS, XPOS, fine word cluster, punctuation slot. */
  word: number;
  upos: number;
  xpos: number;
  cluster: number;
  slot: number;
  /** LSTM state size per direction (the BiLSTM vector of a word has 2·lstm entries). */
  lstm: number;
  /**
   * Stacked BiLSTM layers (absent: 1). Layer k > 1 reads layer k − 1's BiLSTM vectors (2·lstm wide); the MLP reads the
   * top layer's. One layer of 32 is what the first neural parsers could afford; the published EWT parsers of ~88 UAS
   * stack two.
   */
  layers?: number;
  /** MLP hidden units. */
  hidden: number;
  /** Embeddings of the last three letters (normalised word) and of the word's shape (`wordShape`); 0 or absent: none. */
  suffix?: number;
  shape?: number;
  /** Width of the fixed pretrained word vectors (`pretrainedVectors.ts`), which are read but not trained; 0 or absent: none. */
  pretrained?: number;
}

/** Table sizes, fixed by the vocabularies. */
export interface NeuralVocabSizes {
  words: number;
  upos: number;
  xpos: number;
  clusters: number;
  slots: number;
  suffixes?: number;
  shapes?: number;
  /** Rows of the fixed pretrained table (row 0: a word without a vector, all zeros). */
  pretrained?: number;
}

/** Feature positions the MLP reads: s2, s1, s0, b0 (arc-hybrid, as in Kiperwasser & Goldberg). */
export const N_POSITIONS = 4;
export const N_OUT = 3;

export interface Tensor {
  offset: number;
  rows: number;
  cols: number;
}

export interface NeuralLayout {
  dims: NeuralDims;
  sizes: NeuralVocabSizes;
  /** Input width of the LSTM: word, UPOS, XPOS, cluster, slot before, slot after, suffix, shape, pretrained. */
  D: number;
  eWord: Tensor;
  eUpos: Tensor;
  eXpos: Tensor;
  eCluster: Tensor;
  eSlot: Tensor;
  eSuffix: Tensor;
  eShape: Tensor;
  /** The pretrained vectors: offset into the fixed table (`FixedVectors`), not into θ. */
  ePretrained: Tensor;
  /** Per direction (0 = left to right, 1 = right to left): gate pre-activations = Wx·x + Wh·h + b, gates i f o g. */
  wx: [Tensor, Tensor];
  wh: [Tensor, Tensor];
  bias: [Tensor, Tensor];
  /** Layers 2, 3, … (`dims.layers`), each as the first but with Wx of 4H × 2H over the layer below's vectors. */
  upper: LstmLayerTensors[];
  /** Learned BiLSTM vectors for the root (b0 at the end) and for an empty position. */
  root: Tensor;
  empty: Tensor;
  /** N_POSITIONS blocks of hidden × 2·lstm. */
  w1: Tensor;
  b1: Tensor;
  w2: Tensor;
  b2: Tensor;
  size: number;
}

/** One stacked BiLSTM layer's tensors per direction. */
export interface LstmLayerTensors {
  wx: [Tensor, Tensor];
  wh: [Tensor, Tensor];
  bias: [Tensor, Tensor];
}

export function neuralLayout(dims: NeuralDims, sizes: NeuralVocabSizes): NeuralLayout {
  let offset = 0;
  const t = (rows: number, cols: number): Tensor => {
    const x = { offset, rows, cols };
    offset += rows * cols;
    return x;
  };
  const suffix = dims.suffix ?? 0, shape = dims.shape ?? 0, pretrained = dims.pretrained ?? 0;
  const D = dims.word + dims.upos + dims.xpos + dims.cluster + 2 * dims.slot + suffix + shape + pretrained;
  const H = dims.lstm;
  const V = 2 * H;
  const layers = dims.layers ?? 1;
  if (!Number.isInteger(layers) || layers < 1) throw new Error(`a BiLSTM needs a whole number of layers ≥ 1, not ${layers}`);
  const l: Omit<NeuralLayout, 'size'> = {
    dims,
    sizes,
    D,
    eWord: t(sizes.words, dims.word),
    eUpos: t(sizes.upos, dims.upos),
    eXpos: t(sizes.xpos, dims.xpos),
    eCluster: t(sizes.clusters, dims.cluster),
    eSlot: t(sizes.slots, dims.slot),
    // Absent in older models: zero-sized, so their θ keeps its layout.
    eSuffix: t(suffix ? sizes.suffixes ?? 0 : 0, suffix),
    eShape: t(shape ? sizes.shapes ?? 0 : 0, shape),
    ePretrained: { offset: 0, rows: pretrained ? sizes.pretrained ?? 0 : 0, cols: pretrained },
    wx: [t(4 * H, D), t(4 * H, D)],
    wh: [t(4 * H, H), t(4 * H, H)],
    bias: [t(1, 4 * H), t(1, 4 * H)],
    // After the first layer's tensors: a one-layer model's θ keeps its layout.
    upper: Array.from({ length: layers - 1 }, () => ({
      wx: [t(4 * H, V), t(4 * H, V)] as [Tensor, Tensor],
      wh: [t(4 * H, H), t(4 * H, H)] as [Tensor, Tensor],
      bias: [t(1, 4 * H), t(1, 4 * H)] as [Tensor, Tensor],
    })),
    root: t(1, V),
    empty: t(1, V),
    w1: t(N_POSITIONS * dims.hidden, V),
    b1: t(1, dims.hidden),
    w2: t(N_OUT, dims.hidden),
    b2: t(1, N_OUT),
  };
  return { ...l, size: offset };
}

/**
 * Word and slot vocabularies: hashes of normalised words (`EncodedSentence.lower`) and of slot contents
 * (`EncodedSentence.slot`), in id order. Word id 0 is the unknown word; slot id 0 the empty slot, 1 an unknown one.
 */
export interface NeuralVocab {
  words: Int32Array;
  slots: Int32Array;
  /** Hashes of last-three-letter suffixes and of word shapes (id = index + 1; 0 unknown), when the model reads them. */
  suffixes?: Int32Array;
  shapes?: Int32Array;
  /** Hashes of the normalised words with a pretrained vector, in the fixed table's row order (row = index + 1). */
  pretrained?: Int32Array;
}

export const UNKNOWN_WORD = 0;
const EMPTY_SLOT = 0;
const UNKNOWN_SLOT = 1;

/** The lookups of a vocabulary, built once per model. */
export class VocabIndex {
  private readonly words: HashIndex;
  private readonly slots: HashIndex;
  private readonly suffixes: HashIndex;
  private readonly shapes: HashIndex;
  private readonly pretrained: HashIndex;

  constructor(readonly vocab: NeuralVocab) {
    const none = new Int32Array(0);
    this.words = new HashIndex(vocab.words);
    this.slots = new HashIndex(vocab.slots);
    this.suffixes = new HashIndex(vocab.suffixes ?? none);
    this.shapes = new HashIndex(vocab.shapes ?? none);
    this.pretrained = new HashIndex(vocab.pretrained ?? none);
  }

  get suffixCount(): number {
    return (this.vocab.suffixes?.length ?? 0) + 1;
  }

  get shapeCount(): number {
    return (this.vocab.shapes?.length ?? 0) + 1;
  }

  get pretrainedCount(): number {
    return (this.vocab.pretrained?.length ?? 0) + 1;
  }

  // Positions are ids less one (id 0 is the unknown one), −1 for an absent hash: id 0.
  suffix(hash: number): number {
    return this.suffixes.get(hash) + 1;
  }

  shape(hash: number): number {
    return this.shapes.get(hash) + 1;
  }

  pretrainedRow(hash: number): number {
    return this.pretrained.get(hash) + 1;
  }

  get wordCount(): number {
    return this.vocab.words.length + 1;
  }

  get slotCount(): number {
    return this.vocab.slots.length + 2;
  }

  word(hash: number): number {
    return this.words.get(hash) + 1; // UNKNOWN_WORD (0) when absent
  }

  slot(hash: number): number {
    if (hash === 0) return EMPTY_SLOT;
    const p = this.slots.get(hash);
    return p < 0 ? UNKNOWN_SLOT : p + 2;
  }
}

/** Integer inputs of one sentence: per word its word, tags, cluster, and the slots before and after it. */
export interface NeuralInput {
  n: number;
  word: Int32Array;
  upos: Int32Array;
  xpos: Int32Array;
  cluster: Int32Array;
  slotBefore: Int32Array;
  slotAfter: Int32Array;
  suffix: Int32Array;
  shape: Int32Array;
  pretrained: Int32Array;
}

/** One part of the LSTM input x: its embedding table, the column where it starts in x, and each word's row. */
export interface InputPart {
  table: Tensor;
  col: number;
  ids: Int32Array;
  /** The table is the fixed pretrained one (`FixedVectors`), not a tensor of θ: read, never trained. */
  fixed: boolean;
}

/**
 * The parts of x in order — word, UPOS, XPOS, cluster, slot before, slot after, suffix, shape, pretrained — the one
 * place that order is written (the parts older models lack have width 0):
 * the forward gather (`NeuralScorer.embed`), its gradient (`backpropSentence`) and the run-time input tables read it.
 * `word` may replace the input's word ids (word dropout).
 */
export function inputParts(l: NeuralLayout, input: NeuralInput, word: Int32Array = input.word): InputPart[] {
  const tables: Array<[Tensor, Int32Array]> = [
    [l.eWord, word],
    [l.eUpos, input.upos],
    [l.eXpos, input.xpos],
    [l.eCluster, input.cluster],
    [l.eSlot, input.slotBefore],
    [l.eSlot, input.slotAfter],
    [l.eSuffix, input.suffix],
    [l.eShape, input.shape],
    // Last: training's backward pass stops dx before the fixed table's columns.
    [l.ePretrained, input.pretrained],
  ];
  let col = 0;
  return tables.map(([table, ids]) => {
    const part = { table, col, ids, fixed: table === l.ePretrained };
    col += table.cols;
    return part;
  });
}

export function neuralInput(v: VocabIndex, e: EncodedSentence, tags: TagIds): NeuralInput {
  const n = e.n;
  // One allocation for the six id arrays (views of it).
  const ids = new Int32Array(6 * n);
  const x: NeuralInput = {
    n,
    word: ids.subarray(0, n),
    upos: tags.upos,
    xpos: tags.xpos,
    cluster: e.cluster,
    slotBefore: ids.subarray(n, 2 * n),
    slotAfter: ids.subarray(2 * n, 3 * n),
    suffix: ids.subarray(3 * n, 4 * n),
    shape: ids.subarray(4 * n, 5 * n),
    pretrained: ids.subarray(5 * n, 6 * n),
  };
  for (let i = 0; i < n; i++) {
    x.word[i] = v.word(e.lower[i]);
    x.slotBefore[i] = v.slot(e.slot[i]);
    x.slotAfter[i] = v.slot(e.slot[i + 1]);
    x.suffix[i] = v.suffix(e.suffix3[i]);
    x.shape[i] = v.shape(e.shape[i]);
    x.pretrained[i] = v.pretrainedRow(e.lower[i]);
  }
  return x;
}

/** What the model file's header records of a neural scorer (`info.neural`); θ and the vocabularies go in dense arrays. */
export interface NeuralInfo {
  dims: NeuralDims;
  sizes: NeuralVocabSizes;
}

export const NEURAL_ARRAYS = {
  theta: 'neuralTheta',
  words: 'neuralWords',
  slots: 'neuralSlots',
  suffixes: 'neuralSuffixes',
  shapes: 'neuralShapes',
  pretrainedWords: 'neuralPretrainedWords',
  /** The fixed vectors as int8 (four to an int32) and one float32 scale per row (`FixedVectors`). */
  pretrainedCodes: 'neuralPretrainedCodes',
  pretrainedScales: 'neuralPretrainedScales',
} as const;
