/**
 * A tiny graph-based parser over the storm sentence (`stormSentence.ts`) for the exact tests: two stacked layers,
 * suffix and shape embeddings (every part of the encoder the parser trains), non-zero biaffine weights.
 */
import { BiaffineParser } from '../../server/src/parser/graph/graphParser';
import { encodeSentence, normaliseWord } from '../../server/src/parser/encoding';
import { NeuralDims } from '../../server/src/parser/neuralNet';
import { FixedVectors } from '../../server/src/parser/pretrainedVectors';
import { buildAffixVocab, buildVocab } from '../../server/src/training/parser/neuralTrain';
import { seededRandom } from '../../server/src/training/parser/views';
import { newBiaffineParser } from '../../server/research/parser/biaffine/biaffineParser';
import { forms, slots, tags } from './stormSentence';

export const TINY: NeuralDims = { word: 3, upos: 2, xpos: 2, cluster: 2, slot: 2, lstm: 3, hidden: 1, layers: 2, suffix: 2, shape: 2 };
export const RELATIONS = 6;

/** `fixed`: fixed pretrained vectors too, for the rows of `hashes` (normalised words' `hashString`). */
export function tinyGraphParser(seed: number, fixed?: { hashes: Int32Array; vectors: FixedVectors }): { p: BiaffineParser; input: ReturnType<BiaffineParser['net']['input']> } {
  const sentence = { forms, slots };
  const { vocab } = buildVocab([sentence, sentence], normaliseWord);
  Object.assign(vocab, buildAffixVocab([sentence, sentence], 1));
  if (fixed) vocab.pretrained = fixed.hashes;
  const dims = fixed ? { ...TINY, pretrained: fixed.vectors.dim } : TINY;
  const p = newBiaffineParser(vocab, { upos: 4, xpos: 4 }, dims, { arc: 4, label: 5 }, RELATIONS, seededRandom(seed), fixed?.vectors);
  // Non-zero biaffine weights, so that their gradient and the one through them are both exercised.
  const r = seededRandom(seed + 1);
  const h = p.heads;
  for (const [at, size] of [[h.U, h.dims.arc * h.dims.arc], [h.u, h.dims.arc], [h.bh, h.dims.arc], [h.lb, h.dims.label]]) {
    for (let i = 0; i < size; i++) p.theta[p.headsAt + at + i] = r() - 0.5;
  }
  const input = p.net.input(encodeSentence(sentence, () => ({ fine: 5, coarse: 1 })), tags);
  return { p, input };
}

