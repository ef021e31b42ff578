/** Shared fixtures of the model tests: real EWT sentences and small randomly initialised models. */
import * as path from 'path';
import { PunctuatedTree } from '../../server/src/data/depunct';
import { readTreebank } from '../../server/src/data/treebank';
import { Direction, newChannel } from '../../server/src/model/channel';
import { ModelCore } from '../../server/src/model/model';
import { attachVocabFromJson, modelAlphabet } from '../../server/src/model/vocabulary';
import { buildModelVocab } from '../../server/src/training/model/buildModelVocab';
import { seededRng } from '../../server/src/model';
import { EWT_DIR } from '../ewt';

export const EWT = EWT_DIR;

let dev: PunctuatedTree[] | undefined;
export function devTrees(): PunctuatedTree[] {
  return (dev ??= readTreebank(path.join(EWT, 'en_ewt-ud-dev.conllu')).trees);
}

export function gaussian(rng: () => number): number {
  const u = Math.max(rng(), 1e-12), v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A model whose vocabularies come from `vocabTrees`, with random Attach weights and channel logits. */
export function randomCore(
  vocabTrees: PunctuatedTree[],
  seed: number,
  direction: Direction,
  identity: boolean,
  bits = 12,
  outerLeftComma = false,
  supplementRightComma = false,
  finalMarkOnRoot = false,
  finalPointOnRoot = false,
): ModelCore {
  const rng = seededRng(seed);
  const alphabet = modelAlphabet();
  const vj = buildModelVocab(vocabTrees);
  const vocab = attachVocabFromJson(vj, alphabet);
  const logits = new Float64Array(alphabet.size * alphabet.size * 4).map(() => gaussian(rng));
  const channel = newChannel(alphabet, direction, identity, logits);
  const weights = new Float64Array(1 << bits).map(() => 0.7 * gaussian(rng));
  return new ModelCore({ vocab, channel, weights, eta: 1e-3, outerLeftComma, supplementRightComma, finalMarkOnRoot, finalPointOnRoot });
}

/** Short dev sentences with some punctuation inside (not only the final period). */
export function smallSentences(maxWords: number, count: number): PunctuatedTree[] {
  return devTrees()
    .filter((t) => t.words.length <= maxWords && t.words.length >= 3 && t.slots.slice(0, -1).some((s) => s.length > 0))
    .slice(0, count);
}
