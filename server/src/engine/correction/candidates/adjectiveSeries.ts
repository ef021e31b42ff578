/**
 * The comma between the last adjective of a series and its noun ("a big, red‸, car", "a long, boring‸, meeting"):
 * coordinate adjectives are separated by commas, but none comes between the last of them and the noun they describe
 * (CMOS 6.33; Quirk et al. 17.123). Learners carry the series' comma on to the noun. The model prefers the comma gone,
 * but the deletion falls in the `comma` kind, whose calibration fitted on EWT keeps it under the threshold, so it is
 * decided as a convention of edited prose (`conventionKinds.ts`; BENCHMARKS, session 16, AN).
 *
 * Only a noun phrase the parse can hardly misread: the adjective before the comma modifies the noun right after it,
 * another adjective of that noun comes before it (the series; not an ordinal or "other", which is no coordinate of it),
 * and the phrase's determiner or possessive comes before both. A clause that ends in an adjective before a new subject
 * ("The room was clean, staff were friendly") gives no `amod` and no determiner before the adjective.
 */
import { PunctuatedTree } from '../../../data/depunct';
import { determinerBefore, TreeInfo } from '../../treeInfo';

/** Variant of the deletion of a comma between an adjective series' last adjective and its noun. */
export const ADJECTIVE_NOUN = 'adjective-noun';

/** Fine tags of an adjective (positive, comparative, superlative). */
export const ADJECTIVE_TAGS: ReadonlySet<string> = new Set(['JJ', 'JJR', 'JJS']);

/**
 * Adjectives that rank or pick out rather than describe ("a third, unprefixed, form"): they are not coordinate with the
 * adjectives after them, so a comma after one sets off what follows as an aside rather than listing a series.
 */
const NON_COORDINATE = /^(first|second|third|fourth|fifth|next|last|other|only|same|former|latter|\d+(st|nd|rd|th))$/i;

/** Slot i holds the comma between the last adjective of a series and its noun (see the file's comment). */
export function adjectiveNounCommaAt(tree: PunctuatedTree, info: TreeInfo, i: number): boolean {
  const words = tree.words;
  if (i < 3 || i >= info.n || tree.slots[i].length !== 1 || tree.slots[i][0] !== ',') return false;
  const noun = i + 1;
  const adjective = words[i - 1];
  if (!['NOUN', 'PROPN'].includes(words[noun - 1].upos) || !ADJECTIVE_TAGS.has(adjective.xpos) || adjective.head !== noun || info.rel(i) !== 'amod') return false;
  const kids = info.children[noun];
  const earlier = kids.filter((c) => c < i && info.rel(c) === 'amod' && ADJECTIVE_TAGS.has(words[c - 1].xpos));
  const series = earlier.length > 0 && !earlier.some((c) => NON_COORDINATE.test(words[c - 1].form));
  // The determiner comes before every adjective of the noun (the one at i is among them).
  const firstAdjective = kids.find((c) => info.rel(c) === 'amod') ?? i;
  return series && determinerBefore(info, noun, firstAdjective);
}
