/**
 * The word of a piece of code that stands in for it in its sentence. Its own module, apart from the Markdown
 * extractor, so that reStructuredText and AsciiDoc (inlineMarkup.ts) use it without loading the Markdown parser
 * (micromark and its extensions cost about 100 ms CPU at start-up, paid by every file that is not Markdown).
 */

/**
 * Closed-class English words: determiners, pronouns, prepositions, conjunctions, auxiliaries. A piece of code in a
 * sentence plays the part of a name (a noun phrase); one of these as its stand-in would be read as grammar instead:
 * "`a/x/b` becomes `a/b`, because …" reached the parser as "a becomes a, because …".
 */
const FUNCTION_WORDS = new Set(
  ('a an the this that these those i me my we us our you your he him his she her it its they them their ' +
    'if in on of to for at by as with from into onto than then so and or nor but not no ' +
    'is are was were be been am do does did has have had can will may must shall should would could').split(' '),
);

/**
 * [start, end) within a code span's source of the word that stands in for it: its first word that is not a function
 * word, else its first word (`a` alone is a name); none when it has no word at all (`//`, `''`, `*`).
 */
export function codeWord(code: string): [number, number] | undefined {
  let first: [number, number] | undefined;
  for (const m of code.matchAll(/[\p{L}\p{N}]+/gu)) {
    const at: [number, number] = [m.index!, m.index! + m[0].length];
    if (!FUNCTION_WORDS.has(m[0].toLowerCase())) return at;
    first ??= at;
  }
  return first;
}
