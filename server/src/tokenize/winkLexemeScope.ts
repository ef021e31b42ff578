/**
 * wink-nlp's lexicon, scoped to one document at a time. wink adds every word it has not met to its lexicon as it
 * reads (`cache.js` of wink-nlp: the lexeme index and the features packed beside it), and its tokenizer then asks the
 * lexicon whether a run of characters is a known word (`_addTokenIfInCache`, `isLexeme`): a word added while reading
 * one text changes how a later text is cut. After `federalist.18f.gov` (whose `18f` wink adds whole), the `18f` of
 * `the 18f blog` stays one token; before it, wink cuts it into `18` and `f`. A linter that reads many documents in one
 * process (the language server, the CLI over many files, a training run) would then tokenize, parse and lint a text
 * by what it read before. Here the words added while reading earlier documents are hidden from each new one, so a
 * text is read as a freshly loaded wink reads it; words added while the model loaded stay.
 *
 * The hidden words stay in wink's lists (its packed features are stored by position; nothing can be removed), so
 * the lexicon still grows: `added()` tells the owner when to load wink anew (`winkTokens.ts`).
 */

export interface LexemeScope {
  /** From now on, words added before are hidden (called once the model has loaded; before it, all are seen). */
  seal(): void;
  /** A new document: the words added while reading the documents before it are hidden from it. */
  beginDocument(): void;
  /** How many lexemes were added since the scope was sealed (hidden ones included). */
  added(): number;
}

export interface ScopedLexemeHash {
  /** The index `hash[word]` wink reads and writes (`cache.js`). */
  hash: Record<string, number>;
  scope: LexemeScope;
}

/**
 * The lexeme index (87,593 words) as wink reads and grows it (`hash[word]`, `hash[word] = index`), held in a Map
 * (filling an object of that many keys cost about 30 ms CPU at start-up, a Map half that), answering only for the
 * words of the model and those added while reading the current document. `list` is the lexeme list wink appends to.
 */
export function scopedLexemeHash(list: string[]): ScopedLexemeHash {
  const index = new Map<string, number>();
  for (let k = 0; k < list.length; k += 1) index.set(list[k], k);
  // Indices below `permanent` (the model's) and from `documentStart` on (the current document's) are seen.
  let permanent = Infinity;
  let documentStart = 0;
  const seen = (word: string | symbol): number | undefined => {
    if (typeof word !== 'string') return undefined;
    const k = index.get(word);
    return k !== undefined && (k < permanent || k >= documentStart) ? k : undefined;
  };
  const hash = new Proxy(index as unknown as Record<string, number>, {
    get: (_, word) => seen(word),
    // A hidden word wink adds again is given its new index (its packed features follow the list's order).
    set: (_, word, value) => {
      if (typeof word === 'string') index.set(word, value as number);
      return true;
    },
    has: (_, word) => seen(word) !== undefined,
  });
  const scope: LexemeScope = {
    seal: () => {
      permanent = list.length;
      documentStart = list.length;
    },
    beginDocument: () => {
      documentStart = list.length;
    },
    added: () => (permanent === Infinity ? 0 : list.length - permanent),
  };
  return { hash, scope };
}
