/**
 * What the document a sentence comes from says of its writer, as the learned scorer reads it: the register of the
 * whole text (coarse bins of counts on the text alone), and the writer's own habit with a comma before "which". Both
 * are counted on the text, with no parse and no trained model. Each section below keeps its own reasons.
 */
import type { FeatureVector } from './learnedScorer';
import { FeatureNames, FeatureSink } from './featureSinks';

/**
 * The writer's own habit with a comma before "which", as the learned scorer reads it. In edited English a relative
 * "which" follows its noun without a comma about 45% of the time (1,127 of 2,525 in edited-english, the restrictive
 * "which" of technical and government prose), so one sentence cannot tell a missing comma from a restrictive clause:
 * the scorer gave `on failure⟦→,⟧ which happens` 0.81 and `on reach⟦→,⟧ which includes` 0.57, below the 0.88 a
 * report needs. A writer is consistent, though: of the edited dev items with a removed comma before "which", 42 come
 * from documents whose other "which"s mostly or all have one, and the scorer found 14 of them.
 *
 * So the document's other "which"s are a feature of an inserted comma before one: counted on the text (no parse),
 * over the whole document the prose layer gives (`registerCounts` carries the count with the register's bins),
 * less the sentence's own, so that the sentence being judged never votes for itself. That difference is the same
 * for a sentence as written and for the sentence with its comma put back, which keeps training (on the documents as
 * written) and linting (a document with the error in it) alike.
 */
/** A "which" after one of these is not the relative that a comma could set off: `in which`, `that which`. */
const NOT_AFTER = new Set(['of', 'in', 'to', 'for', 'by', 'on', 'with', 'from', 'at', 'about', 'through', 'under', 'and', 'or', 'but', 'that', 'into', 'upon', 'during', 'after', 'before', 'over', 'between', 'among', 'against', 'within', 'without', 'via', 'than']);
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const WORD_CHAR = /[\p{L}\p{N}'’-]/u;
const SPACE = /\s/u;
/** What may stand between the word and the comma: a closing bracket or quote (`’` is read as part of the word). */
const CLOSERS = new Set([')', '"', '”']);
const ASCII_WORD = /[A-Za-z0-9_]/;

/**
 * "which" after a word, with a comma between them and without: `[comma, bare]`. Read from each "which" backwards (a
 * comma inside a closing quote is not counted): a pattern that matched the word first went back over a long word at
 * every letter, quadratic in one 20,000-character word (the scaling test).
 */
export function whichTally(text: string): [number, number] {
  let comma = 0;
  let bare = 0;
  // Where the last counted word began: a word is counted once, as the one match it would make.
  let used = 0;
  for (let at = text.indexOf('which'); at >= 0; at = text.indexOf('which', at + 5)) {
    if (ASCII_WORD.test(text[at + 5] ?? '')) continue;
    let j = at;
    while (j > used && SPACE.test(text[j - 1])) j--;
    if (j === at) continue;
    const hasComma = j > used && text[j - 1] === ',';
    if (hasComma) j--;
    if (j > used && CLOSERS.has(text[j - 1])) j--;
    let k = j;
    while (k > used && WORD_CHAR.test(text[k - 1])) k--;
    while (k < j && !LETTER_OR_DIGIT.test(text[k])) k++;
    if (k === j) continue;
    used = at + 5;
    if (NOT_AFTER.has(text.slice(k, j).toLowerCase())) continue;
    if (hasComma) comma++;
    else bare++;
  }
  return [comma, bare];
}

/** The tally's entry among the document's register bins (`registerBins`): not a feature of its own. */
export const WHICH_BIN = 'which=';

export function whichBin(tally: readonly [number, number]): string {
  return `${WHICH_BIN}${tally[0]}/${tally[1]}`;
}

/** The tally a bins list carries, if it carries one. */
export function whichTallyOfBins(bins: readonly string[]): [number, number] | undefined {
  const b = bins.find((x) => x.startsWith(WHICH_BIN));
  if (!b) return undefined;
  const [comma, bare] = b.slice(WHICH_BIN.length).split('/').map(Number);
  return [comma, bare];
}

/** The document's "which"s but the sentence's own. */
export function whichOthers(document: readonly [number, number], sentenceText: string): [number, number] {
  const own = whichTally(sentenceText);
  return [Math.max(0, document[0] - own[0]), Math.max(0, document[1] - own[1])];
}

/**
 * The writer's habit as a few classes: no other "which"; one, with or without a comma; several, all with a comma, most
 * with one, or most without.
 */
export function whichHabitClass([comma, bare]: readonly [number, number]): string {
  const n = comma + bare;
  if (n === 0) return 'none';
  if (n === 1) return comma ? 'one-comma' : 'one-bare';
  if (bare === 0) return 'all-comma';
  if (comma === 0) return 'all-bare';
  return comma > bare ? 'most-comma' : 'most-bare';
}

/**
 * The features of a comma inserted before "which" (the candidate's first slot), given the document's other ones: the
 * habit's class for the candidate's kind only. A class shared by every kind of insertion carried the relative
 * clause's weight to other commas before a "which": `Once you've decided⟦→,⟧ which type of PEP` got an introductory
 * comma at 0.87 (clean edited dev).
 */
export function whichHabitFeatures(others: readonly [number, number], key: string): FeatureVector {
  return [[`docWhich=${whichHabitClass(others)}*key=${key}`, 1]];
}

/**
 * The register of the document a sentence comes from, as the learned correction scorer reads it (issue 29, "the
 * document's own habits"). One sentence seldom shows whether its writer is an editor or a web writer, and the same
 * missing comma is an error to report to the first and a habit of the second: web writers leave out a quarter to a
 * third of the commas edited prose writes, and the scorer that saw one sentence at a time made findings on clean EWT
 * dev that are real by edited standards (`2 guys⟦→,⟧ but`, `Hi, Yes⟦→,⟧ storage`; journal, "The learned scorer as
 * the default?"). The document shows it: lower-case sentence starts, `i` for `I`, lines without a final mark,
 * contractions, exclamation marks, short sentences, and how often it writes a comma at all.
 *
 * Counted on the text alone (no parse, no trained model: a register model trained on the scorer's own training
 * documents would be sharper on them than on new text), over the whole text linted (the document, or the part the
 * prose layer gives with the document's counts in `LintOptions.documentRegister`), and read as a few coarse bins so
 * that an edit seldom moves them. The scorer learns what each bin means for each kind of edit.
 */
/** What the register is read from: counts over the document's text. */
export interface RegisterCounts {
  words: number;
  commas: number;
  /** Sentences (runs of text ended by a final mark or a line break) and those starting with a lower-case letter. */
  sentences: number;
  lowerStarts: number;
  /** Lines of text (at least three words) with no final mark at their end. */
  lines: number;
  unterminated: number;
  /** `i` written for `I`. */
  lowerI: number;
  /** Contracted forms (`don't`, `I'm`, `you're`, …). */
  contractions: number;
  exclamations: number;
  /** "which" after a word with a comma between them, and without (`whichTally`). */
  whichComma: number;
  whichBare: number;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
const CONTRACTION = /^[\p{L}]+(?:n['’]t|['’](?:m|re|ve|ll|d|s))$/iu;
const SENTENCE_END = /[.!?]+["'’”)\]]*(?=\s|$)/u;

/**
 * The text with each line break inside a sentence read as a space: a break after a line with no final mark, before a
 * lower-case word, is a hard wrap (a Markdown paragraph's soft break, an e-mail wrapped at 72 columns), not a line the
 * writer left unfinished and a sentence begun in lower case.
 */
export function withSoftWrapsJoined(text: string): string {
  return text.replace(/(?<![.!?:;"'’”)\]][ \t]*)\n(?=[ \t]*\p{Ll})/gu, ' ');
}

/** The counts of one text, its hard-wrapped lines read as one (`withSoftWrapsJoined`). */
export function registerCounts(text: string): RegisterCounts {
  const c: RegisterCounts = { words: 0, commas: 0, sentences: 0, lowerStarts: 0, lines: 0, unterminated: 0, lowerI: 0, contractions: 0, exclamations: 0, whichComma: 0, whichBare: 0 };
  [c.whichComma, c.whichBare] = whichTally(text);
  for (const ch of text) {
    if (ch === ',') c.commas++;
    else if (ch === '!') c.exclamations++;
  }
  for (const line of withSoftWrapsJoined(text).split(/\n/)) {
    const words = line.match(WORD) ?? [];
    if (words.length === 0) continue;
    c.words += words.length;
    for (const w of words) {
      if (w === 'i') c.lowerI++;
      else if (CONTRACTION.test(w) && !/['’]s$/i.test(w)) c.contractions++;
    }
    if (words.length >= 3) {
      c.lines++;
      if (!/[.!?:;"'’”)\]]\s*$/u.test(line)) c.unterminated++;
    }
    for (const piece of line.split(SENTENCE_END)) {
      const first = /[\p{L}]/u.exec(piece);
      if (!first) continue;
      c.sentences++;
      if (/\p{Ll}/u.test(first[0])) c.lowerStarts++;
    }
  }
  return c;
}

/**
 * The counts of a label's text (a heading, a list item: `LintOptions.fragment`): a label takes no final mark, so its
 * lines are no web writer's unfinished ones. The register's training documents hold no labels (edited-english keeps
 * prose paragraphs only, EWT is sentences), so a Markdown document's headings counted as unfinished lines read it as
 * web text.
 */
export function labelCounts(text: string): RegisterCounts {
  return { ...registerCounts(text), unterminated: 0 };
}

export function addCounts(a: RegisterCounts, b: RegisterCounts): RegisterCounts {
  const out = { ...a };
  for (const k of Object.keys(out) as Array<keyof RegisterCounts>) out[k] += b[k];
  return out;
}

const level = (share: number, lo: number, hi: number) => (share <= lo ? 'none' : share < hi ? 'some' : 'many');

/**
 * The register's bins, by name (`doc:…`). A text too short to show anything (under 15 words: a sentence linted alone)
 * says only that; the document's length is a bin of its own (most EWT documents are reviews and replies of under 40
 * words). The bins' edges are round numbers, not tuned.
 */
export function registerBins(c: RegisterCounts): string[] {
  // The "which" tally rides along (it is no bin of the register: `documentRegisterFeatures` skips it).
  const which = whichBin([c.whichComma, c.whichBare]);
  if (c.words < 15) return [`doc:short`, which];
  const per100 = (n: number) => (100 * n) / c.words;
  const commas = per100(c.commas);
  const out = [
    `doc:words=${c.words < 40 ? '<40' : c.words < 200 ? '40-200' : '200+'}`,
    `doc:commas=${commas < 2 ? '<2' : commas < 4 ? '2-4' : commas < 6 ? '4-6' : commas < 8 ? '6-8' : '8+'}`,
    `doc:lowerStarts=${level(c.lowerStarts / Math.max(1, c.sentences), 0.05, 0.3)}`,
    `doc:unterminated=${level(c.unterminated / Math.max(1, c.lines), 0.1, 0.5)}`,
    `doc:lowerI=${c.lowerI > 0}`,
    `doc:contractions=${level(per100(c.contractions), 0.2, 2)}`,
    `doc:exclamations=${c.exclamations > 0}`,
  ];
  const sentenceLength = c.words / Math.max(1, c.sentences);
  out.push(`doc:sentenceLength=${sentenceLength < 12 ? '<12' : sentenceLength < 20 ? '12-20' : '20+'}`, which);
  return out;
}

/** The register's features of one candidate: each bin for the kind of edit's action, and the comma rate for its kind. */
export function documentRegisterFeatures(bins: readonly string[], action: string, key: string): FeatureVector {
  const names = new FeatureNames();
  emitDocumentRegisterFeatures(names, bins, action, key);
  return names.features;
}

/** `documentRegisterFeatures` into a sink (`featureSinks.ts`). */
export function emitDocumentRegisterFeatures(out: FeatureSink, bins: readonly string[], action: string, key: string): void {
  const kind = key.split('/').slice(0, 2).join('/');
  for (const b of bins) {
    if (b.startsWith(WHICH_BIN)) continue;
    out.add(1, b, '*', action);
    if (b.startsWith('doc:commas=') || b.startsWith('doc:words=') || b === 'doc:short') out.add(1, b, '*kind=', kind);
  }
}

/** The bins of a text as one string (the sentence memo's and the paragraph cache's key). */
export function registerKey(bins: readonly string[]): string {
  return bins.join(' ');
}
