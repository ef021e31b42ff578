/**
 * Repairs a tagging a sentence cannot have: no verb at all where a verb in -s was read as a plural noun. "His father, a
 * retired teacher, writes poems every morning" comes out of the tagger with "writes" NNS and the parser then makes
 * "poems" the root; "My uncle, a famous chef cooks for the president" (a learner's apposition left open) the same.
 * After ", noun phrase ," EWT's writers rarely put a verb in -s, so the tagger reads a list there.
 *
 * The repair runs between tagging and parsing, on the tags alone. It takes a sentence that the tagger leaves without a
 * predicate (no word tagged VERB or AUX that is also VBZ, VBP, VBD, MD or VB: a participle or adjective such as "a
 * retired teacher" is none), that ends in "." or "!", has at least `MIN_WORDS` words and opens like a subject (a
 * determiner, possessive, noun or name), at its start or after a transition and its comma (`transitionComma.ts`: "For
 * example my brother lives in London", "lives" read as the plural of "life"). In it, the first lower-case word in -s
 * tagged NNS or VBZ becomes VBZ / VERB when it follows, directly or after one adverb, a name or a noun phrase opened
 * by a determiner or possessive ("a
 * famous chef cooks", "a quiet man never talks"; not "Private white line buses most often run", a fragment's
 * compound), is not the last word, and is followed by neither a comma,
 * a coordinator nor a past form (the noun is then that verb's subject: "The US troops fired into the crowd", "fired"
 * read as a participle). EWT's verbless sentences are headlines, listings and fragments ("Good sports bar.", "Lots of
 * room for big rig parking."): on the parser's own tags the repair changes one of dev's 2,001 sentences and none of
 * train's 12,544 (journal, "a verb the tagger reads as a plural noun").
 */
import { TagIds } from './parseFeatures';
import { TagSet } from './tagger';
import { clauseAfterTransition } from './transitionComma';

/** The repair's name in the parser's version (bump when it changes what it returns). */
export const VERBLESS_TAG_REPAIR = 'verb3';

/** Sentences shorter than this are left as tagged (titles, greetings, "Avoid!"). */
const MIN_WORDS = 4;

/** A word in -s that may be a verb: lower case letters only, so no names, acronyms, numbers or "'s". */
const VERB_IN_S = /^[a-z]+s$/;

/** The tags' ids the repair reads and writes, found once per tag set. */
interface TagNames {
  verbs: Set<number>;
  predicates: Set<number>;
  past: Set<number>;
  adverb: number;
  nominal: Set<number>;
  modifiers: Set<number>;
  determiners: Set<number>;
  det: number;
  name: number;
  nouns: Set<number>;
  opens: Set<number>;
  plural: number;
  vbz: number;
  verb: number;
  cc: number;
  possessive: number;
}

const names = new WeakMap<TagSet, TagNames>();

function tagNames(tags: TagSet): TagNames {
  let t = names.get(tags);
  if (!t) {
    const u = (name: string) => tags.upos.indexOf(name);
    const x = (name: string) => tags.xpos.indexOf(name);
    t = {
      verbs: new Set([u('VERB'), u('AUX')]),
      predicates: new Set(['VB', 'VBZ', 'VBP', 'VBD', 'MD'].map(x)),
      past: new Set([x('VBN'), x('VBD')]),
      adverb: x('RB'),
      nominal: new Set([u('ADJ'), u('NOUN'), u('PROPN'), u('NUM')]),
      modifiers: new Set([x('JJ'), x('VBN'), x('VBG')]),
      determiners: new Set([x('PRP$'), x('POS')]),
      det: u('DET'),
      name: u('PROPN'),
      nouns: new Set([u('NOUN'), u('PROPN')]),
      opens: new Set([u('DET'), u('NOUN'), u('PROPN')]),
      plural: x('NNS'),
      vbz: x('VBZ'),
      verb: u('VERB'),
      cc: u('CCONJ'),
      possessive: x('PRP$'),
    };
    names.set(tags, t);
  }
  return t;
}

/**
 * The noun phrase that ends right before word i is opened by a determiner or possessive: its words back to one (over
 * adjectives, participles, nouns, names and numbers, with no mark between them) include "a", "the", "my", "Anna's" ….
 */
function determinedBefore(tags: TagIds, slots: readonly (readonly string[])[], i: number, t: TagNames): boolean {
  for (let k = i - 1; k >= 0; k--) {
    if (t.determiners.has(tags.xpos[k]) || tags.upos[k] === t.det) return true;
    const modifier = t.nominal.has(tags.upos[k]) || t.modifiers.has(tags.xpos[k]);
    if (!modifier || (k < i - 1 && slots[k + 1].length > 0)) return false;
  }
  return false;
}

/**
 * The tags with the verb restored where the shape above holds (a copy); the same object otherwise. `slots[i]` holds
 * the marks before word i (slot n after the last word), as the parser reads them.
 */
export function repairVerblessTags(tags: TagIds, forms: readonly string[], slots: readonly (readonly string[])[], names: TagSet): TagIds {
  const n = forms.length;
  const t = tagNames(names);
  if (n < MIN_WORDS) return tags;
  for (let i = 0; i < n; i++) if (t.verbs.has(tags.upos[i]) && t.predicates.has(tags.xpos[i])) return tags;
  const end = slots[n];
  if (!end.length || !/[.!]$/.test(end[end.length - 1])) return tags;
  // The subject opens the sentence, or the clause after a transition ("For example, my brother lives …").
  const open = clauseAfterTransition(forms, slots);
  if (!t.opens.has(tags.upos[open]) && tags.xpos[open] !== t.possessive) return tags;
  for (let i = open + 1; i < n - 1; i++) {
    if (!VERB_IN_S.test(forms[i]) || (tags.xpos[i] !== t.plural && tags.xpos[i] !== t.vbz)) continue;
    // The noun phrase ends right before the word, or before an adverb in front of it ("a quiet man never talks").
    const e = tags.xpos[i - 1] === t.adverb && i >= 2 && slots[i - 1].length === 0 ? i - 1 : i;
    if (!t.nouns.has(tags.upos[e - 1]) || slots[i + 1].includes(',') || tags.upos[i + 1] === t.cc || t.past.has(tags.xpos[i + 1])) continue;
    if (tags.upos[e - 1] !== t.name && !determinedBefore(tags, slots, e, t)) continue;
    const upos = tags.upos.slice();
    const xpos = tags.xpos.slice();
    upos[i] = t.verb;
    xpos[i] = t.vbz;
    return { upos, xpos };
  }
  return tags;
}
