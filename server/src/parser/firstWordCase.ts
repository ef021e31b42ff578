/**
 * A sentence's first word read in the case edited English writes it (truecasing, Lita et al. 2003). A capital at a
 * sentence's start says nothing about the word, but the tagger learned from EWT that a capitalised word is mostly a
 * name: documentation's imperatives ("Clone the repo, `npm install`, and run `npm test`", "Lookup the content-type
 * associated with a file") were read as a name followed by an apposition, and reported as a missing comma: 20 of the
 * 36 `nonrestrictive-comma` findings on the READMEs' look half, 10 of them gone with this (BENCHMARKS, READMEs).
 *
 * The model file (`first-word-case.txt`, made by `server/research/tagger/exportFirstWordCase.ts`) lists the words
 * that edited-english train writes in lower case in at least 95% of at least 5 occurrences away from a sentence's
 * start. Where the tagger calls such a first word (written Title-case) a proper noun and the next word is not
 * capitalised too (which would make the two a name: "New York", "Doctor Hank"), the sentence is tagged and parsed
 * with that word in lower case. The tree keeps the word as written.
 */
import { readModelFile, ModelFileError } from '../data/modelIntegrity';
import { WordSequence } from './encoding';
import { optionalModelFile } from './modelFile';

export const FIRST_WORD_CASE_FILE = 'first-word-case.txt';

const TITLE_CASE = /^\p{Lu}\p{Ll}+$/u;
const CAPITALISED = /^\p{Lu}/u;

export class FirstWordCase {
  constructor(
    /** Named in the parser's version, so caches keyed by it start afresh when the list changes. */
    readonly version: string,
    private readonly lowerWords: ReadonlySet<string>,
  ) {}

  /** The words to read again with the first word in lower case, given the first word's XPOS tag; else undefined. */
  lowered(s: WordSequence, firstXpos: string): WordSequence | undefined {
    const first = s.forms[0];
    if (first === undefined || !firstXpos.startsWith('NNP') || !TITLE_CASE.test(first)) return undefined;
    const next = s.forms[1];
    if (next !== undefined && CAPITALISED.test(next)) return undefined;
    const lower = first.toLowerCase();
    if (!this.lowerWords.has(lower)) return undefined;
    return { forms: [lower, ...s.forms.slice(1)], slots: s.slots };
  }
}

/** The file's contents: a `#` header line naming its version, then one lower-case word a line. */
export function firstWordCaseFromText(text: string, file = FIRST_WORD_CASE_FILE): FirstWordCase {
  const lines = text.split('\n');
  const header = /^# (\S+)/.exec(lines[0] ?? '');
  if (!header) throw new ModelFileError(file, 'corrupt', 'no "# version" header line');
  const words = lines.slice(1).filter((w) => w.length > 0);
  if (words.some((w) => w !== w.toLowerCase() || /\s/.test(w))) throw new ModelFileError(file, 'corrupt', 'a word not in lower case, or with a space');
  return new FirstWordCase(header[1], new Set(words));
}

/** The list beside `parser.bin`, when the model directory has one. */
export function readFirstWordCaseBeside(modelDir: string): FirstWordCase | undefined {
  const file = optionalModelFile(modelDir, FIRST_WORD_CASE_FILE);
  return file === undefined ? undefined : firstWordCaseFromText(readModelFile(file).toString('utf8'), file);
}
