/**
 * The comma between a verb and the indirect question that is its object ("We discussed, how to solve the problem",
 * "I don't know, what to do", "She asked me, where the station was"): an embedded question is the verb's complement
 * as a "that" clause is, and edited English puts no comma between a verb and its object (CMOS 6.31; Quirk et al.
 * 15.4). Learners put one there because the clause feels like a new start. The model prefers the comma gone (Δ 4–8),
 * but the candidate falls in the `comma` kind, whose calibration fitted on EWT keeps it under the threshold, so it is
 * decided as a convention of edited prose (`conventionKinds.ts`; BENCHMARKS, session 16, W).
 *
 * Only the embedded form is taken, read off the tree and the words: the clause after the comma is a `ccomp` of the
 * verb before it (with nothing but that verb's objects between them: "asked me,"), it opens with a wh-word, and it is
 * a wh-infinitive ("how to solve") or keeps a declarative order (its subject before its verb, no auxiliary right after
 * the wh-word: "where the station was"). A direct question after a reporting verb is no object of it ("He asked,
 * where is the station?"): the inverted order and a final question mark both leave it alone, and so does a
 * comment clause before the comma ("You know, what I want is peace").
 */
import { PunctuatedTree } from '../../../data/depunct';
import { TreeInfo } from '../../treeInfo';
import { onlyObjectsBetween } from '../pipeline/categories';

/** Variant of a verb–object comma deletion before an indirect question (`whComplementCommaAt`). */
export const WH_COMPLEMENT = 'wh-complement';

/** Fine tags of the wh-words that open an embedded question ("how", "what", "where", "who", "which", "whose"), and of "that". */
const WH_TAGS: ReadonlySet<string> = new Set(['WRB', 'WP', 'WDT', 'WP$']);

/** Verbs of a comment clause that a comma ends before what the speaker says ("You know,", "I mean,", "I guess,"). */
const COMMENT_VERBS: ReadonlySet<string> = new Set(['know', 'mean', 'guess', 'think', 'see', 'say', 'suppose', 'bet', 'wonder']);

/**
 * The indirect question (its head) that slot i separates from the verb that takes it as its object, where slot i holds
 * a lone comma (see the file's comment); undefined otherwise.
 */
export function whComplementCommaAt(tree: PunctuatedTree, info: TreeInfo, i: number): number | undefined {
  const words = tree.words;
  const n = info.n;
  // "that" (tagged WDT where the tagger reads it as a relative) is a complementizer here, no wh-word: its clause is the
  // verb's object only as `subjectVerbAt` finds it, and after a comma it is as often an extraposed subject ("It is a
  // truism, repeated by all copy-books …, that we should …").
  if (i < 2 || i >= n || !WH_TAGS.has(words[i].xpos) || words[i].form.toLowerCase() === 'that' || tree.slots[n].includes('?')) return undefined;
  for (let w = i + 1; w <= n; w++) {
    if (info.base(w) !== 'ccomp' || info.span[w][0] !== i + 1) continue;
    const h = info.head(w);
    if (h > i || words[h - 1].upos !== 'VERB' || !onlyObjectsBetween(info, h, i)) return undefined;
    // "You know, …", "I mean, …": a comment clause of a pronoun and a verb alone.
    if (i === 2 && words[0].upos === 'PRON' && COMMENT_VERBS.has(words[1].form.toLowerCase())) return undefined;
    return embeddedOrder(tree, info, w, i + 1) ? w : undefined;
  }
  return undefined;
}

/**
 * The clause headed by w, opened by the wh-word at word `wh`, is a wh-infinitive ("how to solve") or keeps declarative
 * order: its subject comes after the wh-word and before w, with no auxiliary between the wh-word and that subject.
 */
function embeddedOrder(tree: PunctuatedTree, info: TreeInfo, w: number, wh: number): boolean {
  const kids = info.children[w];
  if (kids.some((c) => info.base(c) === 'mark' && tree.words[c - 1].form.toLowerCase() === 'to' && c > wh)) return true;
  const subject = kids.find((c) => info.base(c) === 'nsubj' && c > wh && c < w);
  if (subject === undefined) return false;
  for (let k = wh + 1; k < info.span[subject][0]; k++) if (tree.words[k - 1].upos === 'AUX') return false;
  return true;
}
