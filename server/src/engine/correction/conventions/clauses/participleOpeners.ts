/**
 * The comma after a participle clause of one adverb and a participle that opens the sentence: "Briefly stated, the
 * findings are …", "Put simply, the plan failed", "Generally speaking, prices rise". Such a clause comments on how
 * the sentence is said (a style disjunct, Quirk et al. 8.124 and 15.59) and is set off by convention; the
 * fronted-phrase guard reads a participle only as the first word. The tagger reads the participle as a past verb
 * ("stated" VBD) and the parse makes what follows its object, so the comma looks like one between a verb and its
 * object. A past form with no subject before it, in the sentence's first two words, is a participle; the adverb is
 * one of manner ("-ly"). A complete clause
 * (a subject, then its finite verb) must follow: a learner's comma between a subjectless verb and its object ("Just
 * finished, my homework") has none, and stays a candidate.
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';
import { commaAlone } from '../../guards/commaAlone';
import { opensClause } from './discourseImperatives';

/** Fine tags of a participle, with the past form the tagger gives one that has no subject. */
const PARTICIPLE_TAGS = new Set(['VBN', 'VBG', 'VBD']);

/**
 * An adverb of manner, formed with "-ly" from an adjective: the style disjuncts' adverb ("briefly", "strictly",
 * "simply"). Others before a verb modify it as a clause's adverb would ("Just said, i was …", "Maybe having, an …"),
 * learners' commas between a subjectless verb and its object.
 */
const mannerAdverb = (w: TreeWord) => w.upos === 'ADV' && w.xpos === 'RB' && /^\p{L}{3,}ly$/u.test(w.form);

/** Slot i holds the comma after an opening adverb and participle (in either order), before a complete clause. */
export function participleOpenerCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i !== 2 || i >= words.length || !commaAlone(tree, i) || tree.slots[1].length > 0) return false;
  const [a, b] = [words[0], words[1]];
  const adverbFirst = mannerAdverb(a) && b.upos === 'VERB' && PARTICIPLE_TAGS.has(b.xpos);
  const participleFirst = a.upos === 'VERB' && PARTICIPLE_TAGS.has(a.xpos) && mannerAdverb(b);
  return (adverbFirst || participleFirst) && opensClause(words, i);
}
