/**
 * Whether a comma cuts a word from what it needs: the word before it is a function word that leads into what follows
 * ("in‸, a while", "It is‸, a starting place", "can‸, lay", "the‸, End", "and‸, small"), a modifier or title of a head
 * after the comma ("1‸, cup", "Great Neighborhood‸, Hangout", "President‸, Obama"), the first part of a name, or a verb
 * that needs the infinitive after the comma ("He wants‸, to stay up late"). Nothing a writer sets off starts there.
 *
 * The error model's plain comma deletion (`comma`, no convention behind it) is weighed only at such commas. Its
 * training corruption puts commas between random words, which lands mostly at these; a writer's own comma stands at a
 * constituent's edge ("The children cowered‸, terrified by this fearsome beast", "not to try‸, to be aware", "Then‸, to
 * run tests"), where the model, calibrated on the random ones, called it unnecessary at 0.86–0.88 and was nearly always
 * wrong on other genres (BENCHMARKS, session 17).
 */
import { PunctuatedTree } from '../../../data/depunct';
import { TreeInfo } from '../../treeInfo';

/** Parts of speech that lead into a phrase or clause after them. */
const FUNCTION_UPOS: ReadonlySet<string> = new Set(['ADP', 'DET', 'AUX', 'CCONJ', 'SCONJ']);
/** Fine tags of the same: the infinitive "to" and the possessives. */
const FUNCTION_XPOS: ReadonlySet<string> = new Set(['TO', 'PRP$', 'POS']);
/** Relations of a word inside its head's phrase, before the head. */
const PHRASE_RELATIONS: ReadonlySet<string> = new Set(['det', 'amod', 'compound', 'nummod', 'case', 'mark', 'cc', 'aux', 'cop']);

/** A possessor or a title before its noun ("President‸, Obama": UD's `nmod:desc`). */
const TITLE_OR_POSSESSOR: ReadonlySet<string> = new Set(['nmod:poss', 'nmod:desc']);
/**
 * Verbs that need an infinitive after them ("want to", "decide to"), in their common forms. An infinitive after the
 * comma of another verb may be a purpose adjunct or the next item of a series ("is sometimes used‸, to form …", "not to
 * try‸, to be aware …"), which writers set off; the parse calls both `xcomp` (BENCHMARKS, session 17, E3).
 */
const CATENATIVES: ReadonlySet<string> = new Set([
  'want', 'wants', 'wanted', 'wanting', 'need', 'needs', 'needed', 'decide', 'decides', 'decided', 'hope', 'hopes',
  'hoped', 'plan', 'plans', 'planned', 'planning', 'agree', 'agrees', 'agreed', 'refuse', 'refuses', 'refused',
  'expect', 'expects', 'expected', 'learn', 'learns', 'learned', 'learnt', 'promise', 'promises', 'promised', 'manage',
  'manages', 'managed', 'fail', 'fails', 'failed', 'wish', 'wishes', 'wished', 'intend', 'intends', 'intended', 'afford',
  'pretend', 'pretends', 'pretended', 'threaten', 'threatens', 'threatened', 'arrange', 'arranged', 'attempt',
  'attempted', 'prepare', 'prepared', 'deserve', 'deserves', 'deserved', 'forget', 'forgot', 'choose', 'chose',
  'chooses', 'offer', 'offered', 'seem', 'seems', 'seemed', 'tend', 'tends', 'tended',
]);
/** Relations that continue the word before them into one name or expression. */
const WORD_CONTINUATIONS: ReadonlySet<string> = new Set(['flat', 'fixed']);

/** The open clausal complement (`xcomp`) of word i that starts right after it ("wants‸ to stay"), if there is one. */
export function complementAfter(info: TreeInfo, i: number): number | undefined {
  return info.children[i].find((c) => info.base(c) === 'xcomp' && info.span[c][0] === i + 1);
}

/** The comma at slot i (after word i, 1-based) cuts word i from what it needs (see the file's comment). */
export function commaCutsWordAt(tree: PunctuatedTree, info: TreeInfo, i: number): boolean {
  const w = tree.words[i - 1];
  if (!w || i >= tree.words.length) return false;
  if (FUNCTION_UPOS.has(w.upos) || FUNCTION_XPOS.has(w.xpos)) return true;
  if (w.head > i && (PHRASE_RELATIONS.has(info.base(i)) || TITLE_OR_POSSESSOR.has(info.rel(i)))) return true;
  // Or a verb that takes an infinitive, with that infinitive right after the comma ("He wants‸, to stay up late").
  if (CATENATIVES.has(w.form.toLowerCase()) && complementAfter(info, i) !== undefined) return true;
  // Or the word after it continues a name or fixed expression that this word begins ("Barack‸, Obama").
  return tree.words[i].head === i && WORD_CONTINUATIONS.has(info.base(i + 1));
}
