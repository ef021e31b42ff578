/**
 * The introductory commas edited prose treats as obligatory: after a sentence-initial *transition* — a conjunctive
 * adverb ("However", "Moreover", "Nevertheless"), a sentence adverb of comment ("Unfortunately") or a transitional
 * phrase ("For example", "On the other hand") — when it is, alone, the main clause's introductory element.
 *
 * Why a closed list here, when the rest of the style (`introductoryConvention.ts`) is learned: for these the style
 * guides do not weigh the element's length or the writer's pause: they set the transition off (the Chicago Manual
 * and the usual school and press guides, for "however" and the transitional expressions), so the comma is the rule of
 * edited prose rather than a majority habit. Every entry is such a transition in the guides, and EWT train as written
 * (gold trees) does not contradict it: no entry with at least `VETO_MIN_COUNT` train elements has a comma share below
 * the convention's bar (0.75; `test/engine/introductoryTransition.test.ts` checks it on train). Left out because EWT's
 * writers leave the comma out too often: "Also" (34/56), "Then" (10/36), "Now" (8/29), "In fact" (6/10), "Of course"
 * (5/7); because the word has a second, comma-less use at the start: "Finally" (= at last), "Anyway" (= any way),
 * "Besides" (a preposition); and "Therefore", "Thus", "Hence", whose comma the guides let go.
 *
 * This is what `introductoryComma: auto` (the default) reports even without a habit in the document, and what
 * `edited` reports besides the convention's elements — always with the model's agreement (Δ > 0) and through
 * `introductoryElement`'s misparse guards (BENCHMARKS, lint "Session 6").
 */
import { PunctuatedTree } from '../../../data/depunct';
import { hasSubject, TreeInfo } from '../../treeInfo';
import { conventionCovers, degreeHowever, IntroductoryConvention, introductoryElement, IntroductoryKind, splitsSubjectFromVerb } from './introductoryConvention';
import { introductoryAt } from '../pipeline/categories';
import { openerClosedElsewhere } from '../guards/deletionGuards';
import { subordinatorWord, TRANSITIONS } from '../../../lexicon';

export { TRANSITIONS };

/** An entry with at least this many train elements must have EWT's writers behind it (share ≥ the convention's bar). */
export const VETO_MIN_COUNT = 5;

const TRANSITION_SET = new Set(TRANSITIONS);
/** The words of the element that slot i closes, lower case, as `TRANSITIONS` spells them. */
function elementText(tree: PunctuatedTree, i: number): string {
  return tree.words
    .slice(0, i)
    .map((w) => w.form.toLowerCase())
    .join(' ');
}

/** The transition an introductory element of this kind closed by slot i is, if it is one. */
function transitionOf(tree: PunctuatedTree, kind: IntroductoryKind, i: number): string | undefined {
  if (kind === 'clause') return undefined;
  const text = elementText(tree, i);
  if (!TRANSITION_SET.has(text)) return undefined;
  if (degreeHowever(tree, i)) return undefined;
  return text;
}

/**
 * The transition that slot i closes, if the whole introductory element before it (in the sense of
 * `introductoryElement`, so not a wh-adverb and not a misparse shape) is one; "However" before a degree word is not.
 */
export function transitionAt(tree: PunctuatedTree, info: TreeInfo, i: number): string | undefined {
  const el = introductoryElement(tree, info, i);
  return el && transitionOf(tree, el.kind, i);
}

/**
 * Why edited prose wants a comma at slot i, if it does: after a transition (reported by `auto` and `edited` alike),
 * or after an element the learned convention covers (`edited` always, `auto` only under the document's habit), or
 * after any other fronted adverbial clause opened by a subordinator (`clause`: `auto` only in an error-prone text,
 * session 19; ESL grammars teach that comma, EWT's writers leave it out after "when" and short "if" clauses).
 */
export type IntroductoryStyle = 'transition' | 'convention' | 'clause';

/** The fewest words of such a clause ("If so" and "When needed" are no clauses with a subject). */
const MIN_CLAUSE_WORDS = 3;

/**
 * Slot i closes a fronted adverbial clause: an `advcl` of the main clause from the sentence's first word, a
 * subordinator, with a subject of its own and at least `MIN_CLAUSE_WORDS` words, not followed by its subject's verb.
 */
function frontedClauseAt(tree: PunctuatedTree, info: TreeInfo, i: number): boolean {
  const w = introductoryAt(info, i);
  if (w === undefined || info.base(w) !== 'advcl' || i < MIN_CLAUSE_WORDS || !hasSubject(info, w)) return false;
  if (!subordinatorWord(tree.words[0]) || info.head(1) !== w) return false;
  return !splitsSubjectFromVerb(tree, i);
}

export function introductoryStyleAt(tree: PunctuatedTree, info: TreeInfo, i: number, conv: IntroductoryConvention): IntroductoryStyle | undefined {
  // Where the writer's own comma already closes the sentence's opener, an element ending at i is a misparse.
  if (openerClosedElsewhere(tree, i)) return undefined;
  const el = introductoryElement(tree, info, i);
  if (el && transitionOf(tree, el.kind, i) !== undefined) return 'transition';
  if (el && conventionCovers(conv, el.keys)) return 'convention';
  return frontedClauseAt(tree, info, i) ? 'clause' : undefined;
}
