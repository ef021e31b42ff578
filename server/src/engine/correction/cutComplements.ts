/**
 * Whether a comma cuts a word from what it needs: the word before it is a function word that leads into what follows
 * ("in‸, a while", "It is‸, a starting place", "can‸, lay", "the‸, End", "and‸, small"), a modifier or title of a head
 * after the comma ("1‸, cup", "Great Neighborhood‸, Hangout", "President‸, Obama"), the first part of a name, or a verb
 * whose complement begins after the comma ("He wants‸, to stay up late"). Nothing a writer sets off starts there.
 *
 * The error model's plain comma deletion (`comma`, no convention behind it) is weighed only at such commas. Its
 * training corruption puts commas between random words, which lands mostly at these; a writer's own comma stands at a
 * constituent's edge ("The children cowered‸, terrified by this fearsome beast", "not to try‸, to be aware", "Then‸, to
 * run tests"), where the model, calibrated on the random ones, called it unnecessary at 0.86–0.88 and was nearly always
 * wrong on other genres (BENCHMARKS, session 17).
 */
import { PunctuatedTree } from '../../data/depunct';
import { TreeInfo } from '../treeInfo';

/** Parts of speech that lead into a phrase or clause after them. */
const FUNCTION_UPOS: ReadonlySet<string> = new Set(['ADP', 'DET', 'AUX', 'CCONJ', 'SCONJ']);
/** Fine tags of the same: the infinitive "to" and the possessives. */
const FUNCTION_XPOS: ReadonlySet<string> = new Set(['TO', 'PRP$', 'POS']);
/** Relations of a word inside its head's phrase, before the head. */
const PHRASE_RELATIONS: ReadonlySet<string> = new Set(['det', 'amod', 'compound', 'nummod', 'case', 'mark', 'cc', 'aux', 'cop']);

/** A possessor or a title before its noun ("President‸, Obama": UD's `nmod:desc`). */
const TITLE_OR_POSSESSOR: ReadonlySet<string> = new Set(['nmod:poss', 'nmod:desc']);
/** A verb's complements: cut from it by a comma, the verb is left without what it needs. */
const COMPLEMENTS: ReadonlySet<string> = new Set(['obj', 'iobj', 'xcomp', 'ccomp']);
/** Relations that continue the word before them into one name or expression. */
const WORD_CONTINUATIONS: ReadonlySet<string> = new Set(['flat', 'fixed']);

/** The comma at slot i (after word i, 1-based) cuts word i from what it needs (see the file's comment). */
export function commaCutsWordAt(tree: PunctuatedTree, info: TreeInfo, i: number): boolean {
  const w = tree.words[i - 1];
  if (!w || i >= tree.words.length) return false;
  if (FUNCTION_UPOS.has(w.upos) || FUNCTION_XPOS.has(w.xpos)) return true;
  if (w.head > i && (PHRASE_RELATIONS.has(info.base(i)) || TITLE_OR_POSSESSOR.has(info.rel(i)))) return true;
  // Or a verb whose complement begins right after the comma ("He wants‸, to stay up late").
  if (w.upos === 'VERB' && info.children[i].some((c) => COMPLEMENTS.has(info.base(c)) && info.span[c][0] === i + 1)) return true;
  // Or the word after it continues a name or fixed expression that this word begins ("Barack‸, Obama").
  return tree.words[i].head === i && WORD_CONTINUATIONS.has(info.base(i + 1));
}
