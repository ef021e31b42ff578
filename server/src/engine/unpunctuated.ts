/**
 * A paragraph written without a single mark that reads as several sentences run together — dictated
 * text, a learner's draft — gets one finding for the whole paragraph, whose fix is its restored punctuation
 * (`restore/`). The per-sentence decisions miss it: parsed as one long sentence, no slot of it looks like the end of
 * one (the paragraphs `We met at noon then we went home it was late` and five dictated ones got no finding at all).
 *
 * Whether the words are several sentences is the learned boundary model's call (`restore-boundaries.json`, trained
 * on EWT and edited-english with their punctuation removed), not a rule: a heading, a caption or a bullet fragment is
 * one sentence or less, and stays silent. Its confidence is the model's probability that at least one sentence ends
 * inside the paragraph. Text typed without a capital letter is read by a tagger trained on such text instead: the
 * boundary model leans on capitals.
 */
import { defaultModelDir } from '../parser';
import { boundaryProbs, loadBoundaryModel } from '../restore/boundaries';
import { loadLowerCaseTagger, someInnerEnd, typedWithoutCapitals } from '../restore/punctTagger';
import { LINE_MARKER } from '../restore/blocks';
import { makeRestorer } from '../restore/restorer';
import { minimalEdit, PlainFinding } from './finding';
import type { SentenceAnalyser } from './index';
import { EngineModel } from './punctModel';
import type { AnalysedSentence } from './sentence';

/**
 * Fewer words than this are left alone, as headings, captions and fragments mostly are: the detection was measured
 * only on paragraphs and sentences of at least this length (`unpunctuatedDetection.ts`), not on shorter ones.
 */
const MIN_WORDS = 12;

/**
 * Restoring costs about 2 ms a word: longer paragraphs get the finding without a fix (the editor's Restore
 * Punctuation command, or `puncteme restore`, still does it on demand), so that linting stays within its budget.
 */
const MAX_WORDS_RESTORED = 400;

/**
 * The probability that some sentence ends inside the paragraph, below which it is left alone. On the dev parts of
 * EWT and edited-english with their marks removed (`server/research/restore/unpunctuatedDetection.ts --cased`), 0.9
 * detects 83% of paragraphs of two or more sentences and flags 4.4% of single sentences of 12 words or more; the
 * segmentation threshold (0.4 at one slot) flags 12.7%. Lower-cased dictation is mostly missed (4%): the boundary
 * model leans on capitals.
 */
const MIN_SOME_END = 0.9;

/**
 * Text typed without a capital letter is read by the tagger trained on such text (`restore-tagger-lower.json`): its
 * P(some sentence ends inside) at 0.7 finds 75% of lower-cased run-together dev paragraphs (the boundary model: 4%)
 * and 7 of 10 short learner paragraphs written for the check, flagging none of their 10 single sentences; it flags 15%
 * of lower-cased dev single sentences, many of which had a colon, a semicolon or a dash before their marks were
 * stripped (`taggerDetection.ts`; journal, "A tagger for text typed without capitals").
 */
const MIN_SOME_END_LOWER = 0.7;

/**
 * A paragraph with any mark between its words is left alone: with commas or colons but no final mark it was a list
 * of names, a table row or a caption every time on EWT test (four false alarms when only final marks counted).
 */
const ANY_MARK = /[.?!…,;:]/;

/** P(some sentence ends inside the run of words) by the boundary model that reads such text, and its threshold. */
function someEndInside(words: readonly string[], dir: string): { p: number; threshold: number } | undefined {
  const lower = typedWithoutCapitals(words) ? loadLowerCaseTagger(dir) : undefined;
  if (lower) return { p: someInnerEnd(lower, words), threshold: MIN_SOME_END_LOWER };
  const boundaries = loadBoundaryModel(dir);
  if (!boundaries) return undefined;
  const p = boundaryProbs(boundaries, words);
  return { p: 1 - p.reduce((acc, x) => acc * (1 - x), 1), threshold: MIN_SOME_END };
}

/** `sentences`: the paragraph as the engine parsed it (their tokens are read, not the text tokenized again). */
export function unpunctuatedParagraph(
  text: string,
  sentences: ReadonlyArray<Pick<AnalysedSentence, 'tokens'>>,
  analyser: SentenceAnalyser,
  model: EngineModel,
  modelDir?: string,
): PlainFinding | undefined {
  if (!model.restoring || ANY_MARK.test(text) || text.split(/\s+/).filter(Boolean).length < MIN_WORDS) return undefined;
  // Lines that look like list items, headings or quotes are fragments, each its own block in restoration too.
  const lines = text.split('\n');
  if (lines.length > 1 && lines.some((l) => LINE_MARKER.test(l))) return undefined;
  const words = sentences.flatMap((s) => s.tokens.filter((t) => !t.punct));
  if (words.length < MIN_WORDS) return undefined;
  // The directory is looked up only here: the lookup touches the file system, and nearly every paragraph has a mark.
  const inside = someEndInside(words.map((w) => w.text), modelDir ?? defaultModelDir());
  if (inside === undefined || inside.p < inside.threshold) return undefined;
  const someEnd = inside.p;
  const start = words[0].start;
  const end = words[words.length - 1].end;
  const restored = words.length <= MAX_WORDS_RESTORED ? makeRestorer(analyser, model.restoring).restore(text) : text;
  const fixes = restored === text ? [] : [{ title: 'Restore punctuation', edits: [minimalEdit(0, text, restored)] }];
  return {
    ruleId: 'sentence-final',
    message: 'This paragraph has no sentence-final punctuation, though it reads as several sentences run together: end each with a period or a question mark.',
    severity: 'warning',
    confidence: someEnd,
    start,
    end,
    fixes,
    explanation:
      `The sentence-boundary model, reading the words alone, finds a sentence end inside this paragraph (probability ${someEnd.toFixed(2)}), ` +
      'yet no sentence in it ends with a mark. The fix restores the punctuation the model finds most probable; it only adds marks between words and capitals at sentence starts.',
  };
}
