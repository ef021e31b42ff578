/**
 * Hostile but small inputs (issue #36): each shape is a function of a size, so a run can double the size and see
 * whether the work doubles. Kept free of the engine so the tests' scaling checks and the benchmark share them.
 */

/** Ordinary words; a fixed pseudo-random sequence of them makes text no cache can answer from an earlier sentence. */
const VOCABULARY = (
  'the a committee met on tuesday and members agreed that new library would open in spring city council voted to ' +
  'build park near river after long debate about cost children played while their parents talked with teachers ' +
  'students wrote essays during summer because exam was coming soon old bridge closed for repairs last week'
).split(' ');

/** A deterministic generator (a linear congruential one), so every run and every checkout sees the same text. */
function seeded(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** `n` words of ordinary vocabulary, without punctuation (what `restore` is for). */
export function unpunctuatedWords(n: number, seed = 1): string {
  const random = seeded(seed);
  return Array.from({ length: n }, () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]).join(' ');
}

/** About `n` words of punctuated prose in sentences of 8–24 words (what `explain` and `lint` usually get). */
export function prose(n: number, seed = 1): string {
  const random = seeded(seed);
  const words = unpunctuatedWords(n, seed).split(' ');
  const sentences: string[] = [];
  for (let at = 0; at < words.length; ) {
    const length = 8 + Math.floor(random() * 17);
    const s = words.slice(at, at + length).join(' ');
    sentences.push(s[0].toUpperCase() + s.slice(1) + '.');
    at += length;
  }
  return sentences.join(' ');
}

export interface Shape {
  name: string;
  /** Whose size `size` counts (characters, footnotes, words, levels). */
  unit: string;
  /** The file name the text is linted as (its extension decides the prose kind). */
  file: string;
  /** The text at `size`; another `seed` gives another text of the same shape (no memo answers for it). */
  make(size: number, seed?: number): string;
}

export const SHAPES: Record<string, Shape> = {
  /** One word of `n` letters (wink's tokenizer was quadratic in a token's length). */
  longWord: { name: 'one long word', unit: 'characters', file: 'word.txt', make: (n, seed = 1) => String.fromCharCode(96 + (seed % 26 || 26)).repeat(n) + '\n' },
  /** `n` Markdown footnotes, each chunk referencing its own (every chunk was re-parsed with all definitions). */
  footnotes: {
    name: 'Markdown footnotes',
    unit: 'footnotes',
    file: 'notes.md',
    make: (n, seed = 1) => Array.from({ length: n }, (_, i) => `Note ${seed}-${i} is here[^n${i}].\n\n[^n${i}]: Text of ${i}.\n`).join('\n'),
  },
  /** `n` words joined by ", " in one paragraph with no sentence end. */
  commaWords: {
    name: 'words joined by ", "',
    unit: 'words',
    file: 'commas.txt',
    make: (n, seed = 1) => unpunctuatedWords(n, seed).split(' ').join(', ') + '\n',
  },
  /** A list nested `n` deep, one item per level, each indented under the one before. */
  nestedList: {
    name: 'nested list (one line per level)',
    unit: 'levels',
    file: 'list.md',
    make: (n, seed = 1) => Array.from({ length: n }, (_, i) => `${'  '.repeat(i)}- item ${i} of list ${seed}\n`).join(''),
  },
  /** A list nested `n` deep on one line (`- - - … item`): the same depth in linear size. */
  nestedListInline: { name: 'nested list (one line)', unit: 'levels', file: 'list1.md', make: (n, seed = 1) => '- '.repeat(n) + `the only item of list ${seed}\n` },
  /** `n` nested block quotes. */
  blockquotes: { name: 'nested block quotes', unit: 'levels', file: 'quotes.md', make: (n, seed = 1) => '>'.repeat(n) + ` The quoted text ${seed} is here.\n` },
  /**
   * `n` web addresses each ending in "." on one line: one sentence the parser reads as a chain, every gap a candidate
   * whose scoring recomputes the whole chain (140 addresses took 10 s).
   */
  addressLine: {
    name: 'web addresses ending in "." on one line',
    unit: 'words',
    file: 'addresses.txt',
    make: (n, seed = 1) => 'See ' + Array.from({ length: n - 1 }, (_, i) => `http://example.com/${seed}/${i}?a=b,c.`).join(' ') + '\n',
  },
  /** `n` words each opening "(" (none closed), in sentences of the parser's 150 words: the model placed every closer. */
  unclosedBrackets: { name: 'words each opening "("', unit: 'words', file: 'brackets.txt', make: (n, seed = 1) => unpunctuatedWords(n, seed).split(' ').map((w) => `(${w}`).join(' ') + '.\n' },
  /** `*_` repeated `n` times in one paragraph, never closed: micromark's emphasis resolution was quadratic in them. */
  openEmphasis: { name: 'unclosed emphasis runs', unit: 'runs', file: 'emphasis.md', make: (n, seed = 1) => `Emphasis ${seed} ` + '*_'.repeat(n / 2) + 'word here.\n' },
  /** `n` unpunctuated words for `restore`. */
  restoreWords: { name: 'restore on unpunctuated words', unit: 'words', file: 'restore.txt', make: (n, seed = 1) => unpunctuatedWords(n, seed) + '\n' },
  /** About `n` words of prose for `explain`. */
  explainWords: { name: 'explain on prose', unit: 'words', file: 'explain.txt', make: (n, seed = 1) => prose(n, seed) + '\n' },
};
