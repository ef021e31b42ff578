/** The picture's input from an analysed sentence and the model's T′, or from a re-punctuated tree. */
import { projectiveTree } from '../../model/projective';
import { EngineModel } from '../punctModel';
import type { RepunctuatedTree } from '../repunctuate';
import { AnalysedSentence } from '../sentence';
import { PictureInput } from './underlyingSvg';

/** The sentence as written: T′ is the MAP underlying tree of its marks; the heads are the model's projective ones. */
export function sentencePicture(text: string, s: AnalysedSentence, model: EngineModel): PictureInput {
  const t = model.viterbi(s.tree);
  const info = projectiveTree(s.tree);
  return {
    words: s.tree.words.map((w, k) => ({ form: w.form, head: info.head(k + 1), deprel: w.deprel })),
    pairs: t.pairs,
    underlying: t.underlying,
    surface: s.tree.slots,
    caption: text.slice(s.start, s.end),
  };
}

/** What an edit made of the sentence: the edited T′ and the channel's new surface. */
export function repunctuationPicture(r: RepunctuatedTree, caption?: string): PictureInput {
  return {
    words: r.tree.nodes.map((n) => ({ form: n.word.form, head: n.word.head, deprel: n.word.deprel })),
    pairs: r.tree.nodes.map((n) => ({ l: n.l, r: n.r })),
    underlying: r.underlying,
    surface: r.surface,
    caption,
  };
}
