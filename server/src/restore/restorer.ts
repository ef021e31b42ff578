/**
 * Restoration of unpunctuated text (the model's MBR restoration, paper §6.1), shared by every front end (CLI, language
 * server, VS Code command). A run of words is cut into sentences by the punctuation tagger (`punctTagger.ts`; without
 * it, the boundary model of `boundaries.ts`), each piece is parsed, the model restores the punctuation of all its
 * slots, a second pass over the parse decides the commas (`commaModel.ts`, with the tagger's and the model's P; a
 * comma model file with a second stage, `commaSecondStage.ts`, corrects each slot's P from the other slots'), and
 * the marks of the slots the writer left empty are spliced into the writer's own text (`gaps.ts`,
 * `splice.ts`): words, intra-word marks, code and the writer's own marks are kept as written, and only a sentence's
 * first letter may change case. A sentence the writer already ended with a mark, and a paragraph the writer
 * punctuated, are kept as they are (the linter is the tool for those).
 */
import type { PunctuatedTree } from '../data/depunct';
import type { SentenceAnalyser } from '../engine';
import { defaultModelDir, ParsedSentence } from '../parser';
import { slotSentence } from '../parser/sentenceBuilder';
import { tokenizeText } from '../tokenize';
import { textBlocks } from './blocks';
import { BoundaryModel, boundaryProbs, loadBoundaryModel, questionProb, runParse } from './boundaries';
import { CommaModel, commaProb, commaThreshold, loadCommaModel, yields } from './commaModel';
import { secondStageProbs } from './commaSecondStage';
import { codeSpans, Gap, sentenceGaps } from './gaps';
import { isDash, isOpener, pairInsertedMarks, QuoteStyle, resolveQuoteStyle, writtenForm } from './marks';
import { registerProb } from './register';
import { Insertion, splice } from './splice';
import { COLON, COMMA, MARK_COUNT, MARKS, loadRestoreLowerCaseTagger, loadPunctTagger, PunctTagger, QUESTION, SEMICOLON, SENTENCE_END_MARKS, tagRunByWords, typedWithoutCapitals } from './punctTagger';

export type { QuoteStyle } from './marks';

export interface Restorer {
  restore(text: string): string;
  /**
   * The same, stopped at the first sentence not begun by `deadline` (a `performance.now()` time): that sentence and
   * everything after it are left as written, and `stoppedAt` is where they begin (absent when all was restored).
   */
  restoreUntil(text: string, deadline: number): RestoreOutcome;
}

export interface RestoreOutcome {
  text: string;
  stoppedAt?: number;
}

export interface RestoreOptions {
  /** Shape of inserted quotation marks (default `auto`: follow the text). Quotes already written are never changed. */
  quotes?: QuoteStyle;
  /** Samples of the MBR restoration (default DEFAULT_SAMPLES). */
  samples?: number;
  seed?: number;
  /**
   * Parentheses, brackets, dashes and quotation marks are inserted only where at least this share of the model's
   * samples put them (default: brackets and dashes never, ASIDE_SUPPORT; quotation marks QUOTE_SUPPORT), and an
   * opening quotation mark only after a reporting verb.
   */
  asideSupport?: number;
  /** Sentence boundaries in a run of words: default the bundled model (if present); `false`: the tokenizer's sentences only. */
  boundaries?: BoundaryModel | false;
  /**
   * The punctuation tagger whose comma posteriors are evidence beside the model's samples (default the bundled one,
   * if present; `false`: the model's commas alone). Read only with the boundary model (it tags the same runs of words).
   */
  tagger?: PunctTagger | false;
  /**
   * Where a run of words with no capital letter ends sentences: the tagger trained on such text, mixed with the
   * tagger's own reading (default the bundled `restore-tagger-lower-bilstm.json`, else `restore-tagger-lower.json`, if
   * present, when `tagger` is the bundled one too; `false`: the tagger's own cuts). Its marks inside a sentence are still the tagger's, which the comma
   * model was trained beside.
   */
  lowerCaseTagger?: PunctTagger | false;
  /** The lower-case tagger's weight in that mix (default LOWER_CASE_WEIGHT). */
  lowerCaseWeight?: number;
  /** The cut's threshold on that mix's P(end) (default LOWER_CASE_THRESHOLD). */
  lowerCaseThreshold?: number;
  /**
   * The second pass's comma decision over the parse of each restored sentence (default the bundled comma model, if
   * present, read only with the tagger; `false`: the mix of `commaEvidence`).
   */
  commaModel?: CommaModel | false;
  /** Without the comma model: a free slot gets a comma iff w·P_tagger(,) + (1 − w)·(share of the model's samples with a comma) ≥ threshold. */
  commaEvidence?: { weight: number; threshold: number };
  /**
   * With the tagger: `:` and `;` are decided the same way, with the comma's weight and this threshold (default
   * COLON_THRESHOLD; `false`: the model's own), and a `...` inside a sentence needs the aside support.
   */
  colonThreshold?: number | false;
  /**
   * With the tagger: a run is cut where w·P_tagger(sentence end) + (1 − w)·P_boundary ≥ threshold (`{ weight: 0 }`:
   * the boundary model alone), or (`viterbi`) where the tagger's best tag sequence ends a sentence, with
   * `orBoundaryModel` also where the boundary model cuts (default BOUNDARY_EVIDENCE: the tagger's posterior ≥ 0.45).
   */
  boundaryEvidence?: BoundaryEvidence;
  /**
   * With the tagger: a restored sentence ends with `?` iff w·P_tagger(? | a sentence end after its last word) +
   * (1 − w)·P_question ≥ the boundary model's question threshold (default QUESTION_EVIDENCE: the tagger alone).
   */
  questionEvidence?: number;
  /** The threshold of that mix where the tagger is read (default QUESTION_THRESHOLD); without it, the boundary model's own. */
  questionThreshold?: number;
  /**
   * With the tagger: a paragraph ends with `:` where the tagger finds a colon there more likely than every sentence
   * end together (default true; `false`: never with a colon, as a sentence or, by `paragraphEnd`, bare).
   */
  paragraphColon?: boolean;
  /**
   * A paragraph's last sentence: `always` ends it with a mark (a period, or the colon above); `tagger` (the default)
   * leaves it without one where the tagger finds no mark after its last word likelier than any end or a colon (a
   * signature, a name, a line of an address: `Best regards, Tom`). EWT dev 2,021 → 1,962 edits, edited dev 999 →
   * 1,001 (journal, "A paragraph's last mark from the tagger").
   */
  paragraphEnd?: 'always' | 'tagger';
}

/** Two taggers' readings of a run mixed: (1 − w) × the first's marginals + w × the second's, the second's best marks. */
function mixedRun(a: { marginals: Float64Array }, b: { marginals: Float64Array; best?: number[] }, w: number): { marginals: Float64Array; best?: number[] } {
  return { marginals: a.marginals.map((x, i) => (1 - w) * x + w * b.marginals[i]), best: b.best };
}

/** How a run of words is cut into sentences: a mix of the tagger's and the boundary model's P, or the tagger's Viterbi. */
export type BoundaryEvidence = { weight: number; threshold?: number } | { viterbi: true; orBoundaryModel?: boolean };

/**
 * Brackets and dashes: none. Calibrated on EWT dev and edited-english dev (`scripts/bench-restore.ts --asides`, 400
 * paragraphs each), those the model's samples agreed on at a support of 0.8 or more were right 0 times in 20 (2 and 8
 * of them at 0.9, the earlier default), and below 0.8 mostly wrong too (5 right of 76 at 0.5–0.8): there is no
 * lexical evidence for them (journal, "Restoration inserts no brackets or dashes"). `asideSupport` still lets a caller
 * ask for the samples' sure ones.
 */
export const ASIDE_SUPPORT = Infinity;

/**
 * Quotation marks, whose evidence is lexical (an opening one only after a reporting verb): where at least this share
 * of the samples put them. None was inserted on the dev sets at any support, so the earlier calibration stays.
 */
export const QUOTE_SUPPORT = 0.9;

/**
 * MBR samples per sentence. 100 restored as well as the model's 1000 on EWT dev and edited-english dev (AED within
 * 0.001, comma F1 within 0.014); with commas, colons and semicolons decided with the tagger, 30 restore as well as
 * 100 (AED within 0.001, comma F1 within 0.008; docs/journal/benchmarks.md, "Commas from a discriminative tagger");
 * with commas decided by the comma model, 15 restore as well as 30 (AED within 0.0005, comma F1 within 0.003; 10
 * raised EWT dev AED by 0.0018; the journal, "Restoration: commas decided over the parse, and throughput") at half
 * the sampling time.
 */
export const DEFAULT_SAMPLES = 15;

/**
 * Without the comma model (`commaModel: false`, or no `restore-commas.json`), the comma decision's mix of the tagger
 * and the model (chosen on EWT dev and edited-english dev,
 * `scripts/bench-restore.ts --commas`; docs/journal/benchmarks.md, "Commas from a discriminative tagger").
 */
export const COMMA_EVIDENCE = { weight: 0.75, threshold: 0.35 };

/** The threshold of the same mix for `:` and `;` (`scripts/bench-restore.ts --colons`; the journal, same section). */
export const COLON_THRESHOLD: number | false = 0.35;

/**
 * Where a run is cut: where the tagger's P(sentence end after the word) is at least 0.45. With the tagger of feature
 * set 2 and the question state, on EWT dev and edited-english dev this restored with lower AED than the first tagger's
 * Viterbi cut and a boundary F1 not lower on either; its own Viterbi cut had a lower edited dev boundary F1
 * (`scripts/bench-restore.ts --cuts --tagger FILE`; docs/journal/benchmarks.md, "The tagger retrained"). Without the
 * tagger, the boundary model cuts.
 */
export const BOUNDARY_EVIDENCE: BoundaryEvidence = { weight: 1, threshold: 0.45 };

/**
 * The lower-case tagger's weight beside the tagger's own reading of a run typed without capitals, and the cut's
 * threshold there, chosen on lower-cased edited and EWT dev (journal, "A BiLSTM for text typed without capitals").
 */
export const LOWER_CASE_WEIGHT = 0.75;
export const LOWER_CASE_THRESHOLD = 0.4;

/**
 * The tagger's weight in the question decision: 1, the tagger's P(? | sentence end) alone (its question state carries
 * a question's opening to its end); chosen by the same grid.
 */
export const QUESTION_EVIDENCE = 1;

/**
 * The threshold of the question mix: a sentence end is a `?` where the BiLSTM tagger finds it at least as likely as
 * the other ends. The boundary model's own (0.25) was chosen beside the CRF tagger; with the BiLSTM it wrote a `?`
 * for the text's period 13 times on edited dev, and 0.5 restored both dev sets with the fewest edits (edited dev
 * 1069 → 1066, EWT dev 2046 → 2033; `scripts/bench-restore.ts --cuts`; journal, "Restoration's decisions re-tuned for
 * the BiLSTM tagger"). Where no tagger is read, the boundary model's own question probability meets its own threshold.
 */
export const QUESTION_THRESHOLD = 0.5;

export interface RestoringModel {
  restore(tree: PunctuatedTree, opts?: { samples?: number; seed?: number }): string[][];
  restoreWithSupport?(tree: PunctuatedTree, opts?: { samples?: number; seed?: number }): { slots: string[][]; support: Array<Map<string, number>> };
}

/**
 * A block the writer punctuated: it ends with a sentence-final mark and has marks within it as well. It is left as
 * it is (a run of words with only a final period, as some dictation gives, is still restored).
 */
function punctuated(block: string): boolean {
  const end = /[.!?…]["'”’)\]]*\s*$/.exec(block);
  return end !== null && /[,;:.!?…]\s/.test(block.slice(0, end.index));
}

/** Marks that end a sentence (normalised), after which the next word begins a sentence. */
const SENTENCE_END = new Set(['.', '?', '!', '?!', '...']);

/** A word whose first letter may be capitalised at a sentence start: lower-case letters only (not `iPhone`, `npm_x`, `3d`). */
const PLAIN_LOWER_WORD = /^\p{Ll}[\p{Ll}\p{M}'’-]*$/u;

export function makeRestorer(parser: SentenceAnalyser, model: RestoringModel, options: RestoreOptions = {}): Restorer {
  /**
   * The boundary model, tagger and comma model, looked up at the first restoration and kept: finding the model
   * directory checks files on disk, 3% of restoring a paragraph when it was done at each one.
   */
  let resolved: { boundaries?: BoundaryModel; tagger?: PunctTagger; lower?: PunctTagger; commaModel?: CommaModel } | undefined;
  const models = () => {
    if (resolved) return resolved;
    const boundaries = options.boundaries === undefined ? loadBoundaryModel(defaultModelDir()) : options.boundaries || undefined;
    const tagger = boundaries ? (options.tagger === undefined ? loadPunctTagger(defaultModelDir()) : options.tagger || undefined) : undefined;
    const commaModel = tagger ? (options.commaModel === undefined ? loadCommaModel(defaultModelDir()) : options.commaModel || undefined) : undefined;
    // A tagger given in the options (a candidate, a test's) is read alone unless a lower-case one is given with it.
    const bundledLower = options.tagger === undefined ? loadRestoreLowerCaseTagger(defaultModelDir()) : undefined;
    const lower = tagger ? (options.lowerCaseTagger === undefined ? bundledLower : options.lowerCaseTagger || undefined) : undefined;
    return (resolved = { boundaries, tagger, lower, commaModel });
  };
  const restorer: Restorer = {
    restore: (text) => restorer.restoreUntil(text, Infinity).text,
    restoreUntil(text, deadline) {
      // Past the deadline, no further sentence is begun; what was restored before it is kept.
      let stoppedAt: number | undefined;
      const expired = (at: number) => {
        if (stoppedAt === undefined && performance.now() > deadline) stoppedAt = at;
        return stoppedAt !== undefined;
      };
      const quotes = resolveQuoteStyle(options.quotes ?? 'auto', text);
      const code = codeSpans(text);
      // The parser reads the text with every whitespace character as a space (same offsets): a line break inside a
      // paragraph is where the writer's line wrapped, not a sentence boundary.
      const flat = text.replace(/\s/g, ' ');
      const insertions: Insertion[] = [];
      const capitals: number[] = [];
      const { boundaries, tagger, lower, commaModel } = models();
      const opts = { samples: options.samples ?? DEFAULT_SAMPLES, seed: options.seed };
      const evidence = options.commaEvidence ?? COMMA_EVIDENCE;
      const hashes: number[] = [];
      const colonThreshold = options.colonThreshold ?? COLON_THRESHOLD;
      const cut = options.boundaryEvidence ?? BOUNDARY_EVIDENCE;
      const lowerWeight = options.lowerCaseWeight ?? LOWER_CASE_WEIGHT;
      const questionWeight = options.questionEvidence ?? QUESTION_EVIDENCE;
      const questionThreshold = options.questionThreshold ?? QUESTION_THRESHOLD;
      const paragraphColon = options.paragraphColon ?? true;
      const paragraphEnd = options.paragraphEnd ?? 'tagger';
      /** The tagger's P(mark after the word), a row of the tags' marginals, by the word's offset in `text`. */
      const tagsAfter = new Map<number, Float64Array>();
      for (const block of textBlocks(text)) {
        if (expired(block.start)) break;
        const piece = flat.slice(block.start, block.end);
        if (punctuated(piece)) continue;
        // Whether the text before the next sentence ends one (the block's start does): only then is its first word a sentence start.
        let ended = true;
        // The paragraph's register, read by a comma model trained with one (its words as the writer spaced them).
        const register = commaModel?.register && registerProb(commaModel.register, piece.split(' ').filter(Boolean));
        const shifted = (s: ParsedSentence, by: number): ParsedSentence => ({
          ...s,
          start: s.start + by,
          end: s.end + by,
          tokens: s.tokens.map((t) => ({ ...t, start: t.start + by, end: t.end + by })),
        });
        /** Restores one parsed sentence (tokens at their offsets in `text`); `finish`: it must end with a mark. */
        const restoreSentence = (s: ParsedSentence, finish?: boolean) => {
          const gaps = sentenceGaps(text, s, code);
          const { slots: restored, support } = model.restoreWithSupport?.(s.tree, opts) ?? { slots: model.restore(s.tree, opts), support: undefined };
          const sure = withoutUnsureAsides(restored, support, s.tree.words.map((w) => w.form), options.asideSupport ?? ASIDE_SUPPORT, options.asideSupport ?? QUOTE_SUPPORT);
          const n = sure.length - 1;
          if (tagger) {
            // What the comma model reads of the sentence, once (its parse and each word's yield).
            const parse = commaModel && runParse(s.tree.words);
            const view = commaModel && parse && { model: commaModel, forms: s.tree.words.map((w) => w.form), parse, spans: yields(parse.head, parse.deprel) };
            const taggerAt = (i: number) => tagsAfter.get(s.tokens[s.wordTokens[i - 1]].start);
            const share = (i: number, y: number) => support?.[i].get(MARKS[y]) ?? (sure[i].includes(MARKS[y]) ? 1 : 0);
            // The comma model's P at every slot first: its second stage reads them all before any is decided.
            let pComma: Float64Array | undefined;
            if (view) {
              pComma = new Float64Array(n + 1);
              for (let i = 1; i < n; i++) {
                const pTagger = taggerAt(i);
                if (pTagger !== undefined) pComma[i] = commaProb(view.model, view.forms, view.parse, view.spans, i, { tagger: pTagger[COMMA], model: share(i, COMMA), register }, hashes);
              }
              if (view.model.secondStage) pComma = secondStageProbs(view.model.secondStage, view.forms, view.parse, pComma, hashes);
            }
            for (let i = 1; i < n; i++) {
              const pTagger = taggerAt(i);
              if (pTagger === undefined) continue;
              const mixed = (y: number) => evidence.weight * pTagger[y] + (1 - evidence.weight) * share(i, y);
              const comma = view && pComma ? { y: COMMA, p: pComma[i], t: commaThreshold(view.model, register) } : { y: COMMA, p: mixed(COMMA), t: evidence.threshold };
              const candidates = [comma];
              if (colonThreshold !== false) candidates.push({ y: COLON, p: mixed(COLON), t: colonThreshold }, { y: SEMICOLON, p: mixed(SEMICOLON), t: colonThreshold });
              const chosen = candidates.filter((c) => c.p >= c.t).sort((a, b) => b.p - a.p)[0];
              sure[i] = withMarkDecision(sure[i], candidates.map((c) => MARKS[c.y]), chosen && MARKS[chosen.y]);
              // The model's `...` inside a sentence was right 0 times in 8 on the dev sets: kept only at the aside
              // support (by default never).
              if (colonThreshold !== false && (support?.[i].get('...') ?? 1) < (options.asideSupport ?? ASIDE_SUPPORT)) sure[i] = sure[i].filter((m) => m !== '...');
            }
          }
          if (finish) {
            // A paragraph that introduces what follows (`Confirmed speakers include:` before a list) ends with the
            // tagger's colon: the paragraph's period was wrong 34 times on edited dev where the tagger alone wrote
            // the text's colon (journal, "Restoration's decisions re-tuned for the BiLSTM tagger").
            const pLast = tagger && text.slice(s.end, block.end).trim() === '' ? tagsAfter.get(s.tokens[s.wordTokens[n - 1]].start) : undefined;
            const pEnds = pLast === undefined ? 0 : SENTENCE_END_MARKS.reduce((a, y) => a + pLast[y], 0);
            const colon = pLast !== undefined && paragraphColon && pLast[COLON] > pEnds;
            const bare = pLast !== undefined && paragraphEnd === 'tagger' && pLast[0] > Math.max(pEnds, pLast[COLON]);
            sure[n] = bare ? sure[n].filter((m) => !SENTENCE_END.has(m) && !ABSORBED_BY_END.has(m)) : colon ? colonEnd(sure[n]) : finishedEnd(sure[n], false);
          }
          // Each sentence the restoration ends (inside the tree, or at its end) ends with `?` if it is a question.
          if (boundaries) {
            const forms = s.wordTokens.map((k) => s.tokens[k].text);
            let from = 0;
            for (let i = 1; i <= n; i++) {
              if (!sure[i].some((m) => SENTENCE_END.has(m))) continue;
              const pTagger = questionWeight > 0 ? tagsAfter.get(s.tokens[s.wordTokens[i - 1]].start) : undefined;
              let pQuestion: number;
              if (pTagger) {
                const pEnd = SENTENCE_END_MARKS.reduce((a, y) => a + pTagger[y], 0);
                // At weight 1 the question model is not read.
                const own = questionWeight < 1 ? questionProb(boundaries, forms.slice(from, i)) : 0;
                pQuestion = questionWeight * (pEnd > 0 ? pTagger[QUESTION] / pEnd : 0) + (1 - questionWeight) * own;
              } else pQuestion = questionProb(boundaries, forms.slice(from, i));
              if (pQuestion >= (pTagger ? questionThreshold : boundaries.questionThreshold)) sure[i] = finishedEnd(sure[i], true);
              // Where the tagger decides, a `?` the model's samples wrote is not kept past it: they wrote one for the
              // text's period 8 times on edited dev where the tagger found the period likelier (journal,
              // "Restoration's decisions re-tuned for the BiLSTM tagger").
              else if (pTagger && questionWeight === 1) sure[i] = sure[i].map((m) => (m === '?' || m === '?!' ? '.' : m));
              from = i;
            }
          }
          const slots = writableMarks(sure, gaps);
          placeMarks(slots, gaps, quotes, insertions);
          const endsSentence = (i: number) => slots[i].some((t) => SENTENCE_END.has(t));
          const starts = slots.flatMap((_, i) => ((i === 0 && ended) || (i > 0 && i < n && endsSentence(i)) ? [i] : []));
          for (const i of starts) {
            const w = s.tokens[s.wordTokens[i]];
            // Not a word glued to what comes before it (`draft).doc`), where the tokenizer saw a sentence end that is not one.
            const spaced = w.start === block.start || /\s/.test(text[w.start - 1]);
            if (spaced && PLAIN_LOWER_WORD.test(text.slice(w.start, w.end)) && !code.some(([a, b]) => a <= w.start && w.start < b)) capitals.push(w.start);
          }
          ended = endsSentence(n);
        };
        if (!boundaries) {
          for (const parsed of parser.parseText(piece)) {
            if (parsed.wordTokens.length === 0) continue;
            const s = shifted(parsed, block.start);
            if (expired(s.start)) break;
            if (endedByWriter(s.tree.slots)) ended = true;
            else restoreSentence(s);
          }
          continue;
        }
        // With the boundary model, the run of words (the tokenizer's sentence; parsed first if the boundary model reads
        // the parse) is cut where it sees sentence ends, and each piece is parsed alone: parsed as one tree, a run of
        // sentences is what made the model write commas where periods belong.
        const runs = boundaries.parse
          ? parser.parseText(piece).map((parsed) => {
              const s = shifted(parsed, block.start);
              return { run: s, slots: s.tree.slots, forms: s.tree.words.map((w) => w.form), parse: runParse(s.tree.words) };
            })
          : tokenizeText(piece).map((t) => {
              const tokens = t.tokens.map((k) => ({ ...k, start: k.start + block.start, end: k.end + block.start }));
              const slotted = slotSentence(tokens);
              const run = { start: t.start + block.start, end: t.end + block.start, tokens, wordTokens: slotted.wordTokens, slotTokens: slotted.slotTokens };
              return { run, slots: slotted.slots, forms: slotted.wordTokens.map((k) => tokens[k].text), parse: undefined };
            });
        for (const { run, slots, forms, parse } of runs) {
          if (forms.length === 0) continue;
          if (endedByWriter(slots)) {
            ended = true;
            continue;
          }
          let pBoundary: number[] | undefined;
          let threshold = boundaries.threshold;
          if (tagger) {
            // Each tagger reads the run's written words, as it was trained (`tagRunByWords`).
            const wordTokens = run.wordTokens.map((k) => run.tokens[k]);
            const tagged = tagRunByWords(tagger, wordTokens, text, 'viterbi' in cut);
            run.wordTokens.forEach((k, i) => tagsAfter.set(run.tokens[k].start, tagged.marginals.subarray(i * MARK_COUNT, (i + 1) * MARK_COUNT)));
            // A run typed without capitals is read by the tagger's reading mixed with the lower-case tagger's (a
            // BiLSTM trained on lower-cased text, `RESTORE_LOWER_CASE_TAGGER_FILE`) at LOWER_CASE_WEIGHT, and cut at
            // LOWER_CASE_THRESHOLD: on lower-cased dev, boundary F1 0.303 → 0.628 (edited) and 0.460 → 0.510 (EWT)
            // against the mean with the lower-case CRF at the cased cut, with fewer edits on both; on cased dictation
            // (where a paragraph without names has no capital either) within 0.004 (journal, "A BiLSTM for text typed
            // without capitals").
            let { marginals, best } = tagged;
            const readLower = lower !== undefined && typedWithoutCapitals(forms);
            if (readLower) ({ marginals, best } = mixedRun(tagged, tagRunByWords(lower, wordTokens, text, 'viterbi' in cut), lowerWeight));
            // Slot i lies before words[i]: the tagger's sentence end after words[i − 1].
            if (best) {
              // With `orBoundaryModel`, the boundary model's cuts are kept as well (its P is at least its threshold).
              const own = 'orBoundaryModel' in cut && cut.orBoundaryModel ? boundaryProbs(boundaries, forms, parse) : undefined;
              pBoundary = forms.map((_, i) => (i > 0 && (SENTENCE_END_MARKS.includes(best[i - 1]) || (own !== undefined && own[i] >= boundaries.threshold)) ? 1 : 0)).concat([0]);
              threshold = 0.5;
            } else if ('weight' in cut && cut.weight > 0) {
              // At weight 1 the boundary model's slot probabilities are not needed (nor computed).
              const own = cut.weight < 1 ? boundaryProbs(boundaries, forms, parse) : undefined;
              const pEnd = (i: number) => SENTENCE_END_MARKS.reduce((a, y) => a + marginals[(i - 1) * MARK_COUNT + y], 0);
              pBoundary = forms.map((_, i) => (i === 0 ? 0 : cut.weight * pEnd(i) + (1 - cut.weight) * (own?.[i] ?? 0))).concat([0]);
              threshold = readLower ? (options.lowerCaseThreshold ?? LOWER_CASE_THRESHOLD) : (cut.threshold ?? threshold);
            }
          }
          let first = 0;
          for (const [from, to] of segments(run, pBoundary ?? boundaryProbs(boundaries, forms, parse), threshold, text, code)) {
            if (expired(from)) break;
            // The run's tokens inside the piece are the tokens the piece alone tokenizes to (a piece is cut at a space
            // between words: `test/restore/tokenizedOnce.test.ts`), so the piece is parsed from them, not tokenized again.
            let parsed: ParsedSentence[];
            if (parser.parseTokenized) {
              while (first < run.tokens.length && run.tokens[first].start < from) first++;
              let end = first;
              while (end < run.tokens.length && run.tokens[end].end <= to) end++;
              parsed = parser.parseTokenized(run.tokens.slice(first, end), flat);
              first = end;
            } else parsed = parser.parseText(flat.slice(from, to)).map((p) => shifted(p, from));
            const pieces = parsed.filter((p) => p.wordTokens.length > 0);
            pieces.forEach((p, k) => restoreSentence(p, k === pieces.length - 1));
          }
        }
      }
      const restored = splice(text, insertions, capitals);
      if (stoppedAt === undefined) return { text: restored };
      // Every insertion lies before stoppedAt, so the rest of the text is where it was, shifted by what was inserted.
      return { text: restored, stoppedAt: stoppedAt + restored.length - text.length };
    },
  };
  return restorer;
}

/** The writer ended the sentence (its last slot has a sentence-final mark or an abbreviation's dot). */
function endedByWriter(slots: readonly (readonly string[])[]): boolean {
  return (slots[slots.length - 1] ?? []).some((m) => SENTENCE_END.has(m) || m === '<.>');
}

/**
 * [from, to) offsets of the pieces of a tokenized sentence between the slots where the boundary model sees a sentence
 * end (only at slots restoration may write in).
 */
function segments(
  s: Pick<ParsedSentence, 'start' | 'end' | 'tokens' | 'wordTokens' | 'slotTokens'>,
  p: readonly number[],
  threshold: number,
  text: string,
  code: ReadonlyArray<[number, number]>,
): Array<[number, number]> {
  const gaps = sentenceGaps(text, s, code);
  const out: Array<[number, number]> = [];
  let from = s.start;
  for (let i = 1; i < s.wordTokens.length; i++) {
    if (!gaps[i].free || p[i] < threshold) continue;
    out.push([from, gaps[i].closeAt]);
    from = gaps[i].openAt;
  }
  out.push([from, s.end]);
  return out;
}

/**
 * A sentence's last slot with its final mark: `?` for a question (the boundary model's or the model's restoration
 * says so), else a period (the model's `...` and `!` at the end of a dictated sentence were mostly wrong).
 */
function finishedEnd(last: readonly string[], question: boolean): string[] {
  const at = last.findIndex((m) => SENTENCE_END.has(m));
  const end = question || last[at] === '?' ? '?' : '.';
  // A comma, colon or semicolon before the sentence's end is absorbed by it (`,. ↦ .`): a sentence cut where the
  // model had put a comma (`Hi tom,. Thank you`) keeps only the end.
  const kept = (m: string) => !SENTENCE_END.has(m) && !ABSORBED_BY_END.has(m);
  if (at < 0) return [...last.filter(kept), end];
  return [...last.slice(0, at).filter(kept), end, ...last.slice(at + 1).filter((m) => !SENTENCE_END.has(m))];
}

const ABSORBED_BY_END: ReadonlySet<string> = new Set([',', ';', ':']);

/** The last slot of a paragraph that ends with a colon: no sentence end, and no other mark the colon absorbs. */
function colonEnd(last: readonly string[]): string[] {
  return [...last.filter((m) => !SENTENCE_END.has(m) && !ABSORBED_BY_END.has(m)), ':'];
}

/** Marks beside which no comma is added: a comma next to them is a different mark, not an added one. */
const NO_COMMA_BESIDE = new Set(['.', '?', '!', '?!', '...', ';', ':', '—', '–', '-']);

/**
 * A slot's marks with the decided one of `decided` (or none of them), its other marks kept; nothing is added beside
 * a sentence end or a dash.
 */
function withMarkDecision(marks: readonly string[], decided: readonly string[], mark: string | undefined): string[] {
  const without = marks.filter((m) => !decided.includes(m));
  if (mark === undefined || without.some((m) => NO_COMMA_BESIDE.has(m))) return without;
  // After the closing marks, before the opening ones (`), ` and `, “`).
  return [...without.filter((m) => !isOpener(m)), mark, ...without.filter(isOpener)];
}

/** Marks that set off an aside or a quotation: inserted wrongly, they change what the text says. */
const ASIDE = new Set(['(', ')', '[', ']', '—', '“', '”', '‘', '’']);
const OPENING_QUOTE = new Set(['“', '‘']);
const QUOTES = new Set(['“', '”', '‘', '’']);
/**
 * Verbs that introduce direct speech. The model, which sees no quotation without its marks, opened quotations
 * anywhere (issue #31: "(best regards, Tom)", `run npm — install`); a quotation restored from words alone needs
 * lexical evidence that one begins.
 */
const REPORTING_VERBS = new Set(
  'say says said saying ask asks asked asking reply replies replied tell tells told write writes wrote written answer answered shout shouted whisper whispered add added explain explained state stated declare declared exclaim exclaimed yell yelled cry cried scream screamed announce announced insist insisted'.split(' '),
);
const OBJECT_PRONOUNS = new Set('me him her us them you it'.split(' '));

/**
 * The restored marks without the asides the model is unsure of (share of samples below `threshold`), and without
 * opening quotation marks that follow no reporting verb (`said “…`, `told him “…`). Partners left alone are
 * removed later by the pairing.
 */
function withoutUnsureAsides(slots: readonly string[][], support: Array<Map<string, number>> | undefined, forms: readonly string[], threshold: number, quoteThreshold: number): string[][] {
  const reported = (i: number) => {
    const before = (k: number) => forms[k]?.toLowerCase() ?? '';
    return REPORTING_VERBS.has(before(i - 1)) || (OBJECT_PRONOUNS.has(before(i - 1)) && REPORTING_VERBS.has(before(i - 2)));
  };
  return slots.map((marks, i) =>
    marks.filter((m) => {
      if (!ASIDE.has(m)) return true;
      if (OPENING_QUOTE.has(m) && !reported(i)) return false;
      return (support?.[i].get(m) ?? 1) >= (QUOTES.has(m) ? quoteThreshold : threshold);
    }),
  );
}

/**
 * The restored marks that may be written: only in free slots, only closing marks after the last word and opening
 * marks before the first, every bracket and quotation mark with its partner.
 */
function writableMarks(restored: readonly (readonly string[])[], gaps: readonly Gap[]): string[][] {
  const n = gaps.length - 1;
  const allowed = gaps.map((g, i) => {
    if (!g.free) return [];
    // Within a slot, closing marks come before opening ones whatever order the sample drew them in (`, “` not `“ ,`).
    const written = (restored[i] ?? []).filter((m) => writtenForm(m, 'curly') !== undefined);
    const marks = [...written.filter((m) => !isOpener(m)), ...written.filter(isOpener)];
    if (i === 0) return marks.filter(isOpener);
    if (i === n) return marks.filter((m) => !isOpener(m) && !isDash(m));
    return marks;
  });
  return pairInsertedMarks(allowed);
}

/** Insertions for each slot's marks: closers (and dashes, between spaces) after the word before, openers before the word after. */
function placeMarks(slots: readonly string[][], gaps: readonly Gap[], quotes: 'straight' | 'curly', out: Insertion[]): void {
  slots.forEach((marks, i) => {
    if (marks.length === 0) return;
    const closing = marks.filter((m) => !isOpener(m));
    const opening = marks.filter(isOpener);
    const closeText = closing.map((m) => (isDash(m) ? ' ' : '') + writtenForm(m, quotes)).join('');
    const openText = opening.map((m) => writtenForm(m, quotes) + (isDash(m) ? ' ' : '')).join('');
    if (closeText) out.push({ at: gaps[i].closeAt, text: closeText });
    if (openText) out.push({ at: gaps[i].openAt, text: openText });
  });
}
