/**
 * The engine's public API: text in, findings out. Front ends (CLI, language server) depend on this module only.
 *
 * `createLinter()` loads the models once (parser and punctuation model, plus the calibration of the error model);
 * `Linter.lint` is then synchronous and works on one stretch of prose (a paragraph or a plain-text document);
 * `Linter.lintPart` lints the same text as one block of a larger document (`documentPart.ts`). A missing or corrupt
 * model file makes `createLinter` throw `ModelFileError` naming it; the language server then runs the typographic
 * rules alone and says so, and `PUNCTEME_RULES_ONLY=1` asks for them on purpose.
 */
import { labelCounts, registerCounts, registerKey } from './correction/learned/documentFeatures';
import { QUOTE_REGISTER_FILE, QuoteRegisterModel, heldToModelStyle, readQuoteRegister } from './quoteRegister';
import { defaultModelDir } from '../data/modelDir';
import * as fs from 'fs';
import * as path from 'path';
import { decidesLearned, DEFAULT_COMMA_GAPS, DEFAULT_COMMA_SPLICES, DEFAULT_DECISION, DEFAULT_INTRODUCTORY_COMMA, Finding, LintOptions, PARAGRAPH_WORD_BUDGET } from './types';
import { deferredExplanation, explanationText, FindingBuilder, PlainFinding } from './finding';
import { unpunctuatedParagraph } from './unpunctuated';
import { doubledMarksRule } from './rules/doubledMarks';
import { markSpacingRule } from './rules/markSpacing';
import { repeatedEndMarksRule } from './rules/repeatedEndMarks';
import { unbalancedPairsRule } from './rules/unbalancedPairs';
import { effectiveQuoteStyle, quotePlacementRule } from './rules/quotePlacement';
import { TextRule } from './rules/rule';
import { dateCommasRule } from './rules/dateCommas';
import { egCommasRule } from './rules/egCommas';
import { AnalysedSentence, AnalysedToken, Reparse } from './sentence';
import { EngineModel } from './punctModel';
import { engineModel } from './modelAdapter';
import { Calibration, DEFAULT_CALIBRATION, loadCalibration } from './correction/pipeline/calibration';
import { checkModelFiles, ModelFileError, readModelFile } from '../data/modelIntegrity';
import { sentenceFindings } from './correction/pipeline/modelRules';
import { documentBinsFor, learnedFindings } from './correction/learned/learnedDecision';
import { placeCloser, Placement } from './correction/pipeline/findings';
import { SentenceFindingsMemo } from './sentenceMemo';
import { IntroductoryConvention, loadConvention } from './correction/style/introductoryConvention';
import { LearnedScorer, loadLearnedScorer, SCORER_FILE } from './correction/learned/learnedScorer';
import { emptyHabit, HabitPart, SentenceHabit } from './correction/style/introductoryHabit';
import { keepStrongest, LintPart, overlapNote, overlaps, settleParts } from './documentPart';
import type { DecisionTrace } from './correction/pipeline/decide';
import { sentenceSettings } from './sentenceSettings';
import { loadSentenceKindModels, SentenceKindModels, smallModelStep } from './sentenceKinds';

export * from './types';
export { LintPart, lintAsPart, settleDocument, settleParts } from './documentPart';
export { AudienceDecision, audienceOf, describeAudience } from './audience';

export interface Linter {
  /** Findings for a stretch of prose; offsets are into `text`. */
  lint(text: string, options?: LintOptions): Finding[];
  /**
   * The same text as one part of a larger document (a prose block): its own findings and its part of the decisions
   * made over the whole document (`settleParts`). Linters without it (test doubles) are taken to decide nothing over
   * the document: the prose layer uses `lint` for each block.
   */
  lintPart?(text: string, options?: LintOptions, trace?: DecisionTrace): LintPart;
  /**
   * Whether a document (its prose, all blocks) reads as technical writing, which keeps a quoted term's mark outside
   * it: then `quoteStyle: auto` does not hold it to the model's style where it shows no habit (`quoteRegister.ts`).
   * Linters without a register model (test doubles, the rules alone) take no document as technical.
   */
  readsAsTechnical?(documentText: string): boolean;
  /** Identifies the models in use (for caches keyed by model version). */
  readonly version: string;
}

/** Splits text into analysed sentences (the parser, or gold trees in the benchmark). */
export interface SentenceAnalyser {
  readonly version: string;
  parseText(text: string): AnalysedSentence[];
  /** The same sentences one at a time, each parsed when asked for (so a budget can stop before the rest are parsed). */
  parseSentences?(text: string): Iterable<AnalysedSentence>;
  /** The sentence's tree with commas written at some slots (`Parser.parseWithCommas`); gold trees cannot. */
  parseWithCommas?: Reparse;
  /** The sentences of tokens already tokenized (`Parser.parseTokenized`); without it, restoration tokenizes each piece again. */
  parseTokenized?(tokens: AnalysedToken[], text: string): AnalysedSentence[];
}

export interface LinterConfig {
  /** Directory holding the trained models; defaults to the bundled `models/en`. */
  modelDir?: string;
}

export const CALIBRATION_FILE = 'lint-calibration.json';
/** Optional: the punctuation model that scores the closing comma of a supplement on its own parse (`EngineModel.supplement`). */
export const SUPPLEMENT_MODEL_FILE = 'punct-supplement.json';
/** The edited-prose convention for introductory commas, counted on edited English (`npm run train:introductory`). */
export const INTRODUCTORY_CONVENTION_FILE = 'lint-introductory-convention.json';
/** Where an unclosed bracket closes is offered as a fix only when the model puts this much posterior on one place. */
const CLOSER_MIN_SHARE = 0.95;
/**
 * ... and only when that place closes a bracket around one abbreviation ("the Digital Analytics Program (DAP"). On the
 * edited-english dev tenth (`server/research/pairs/closePlacement.ts`; journal, "Where an unclosed bracket closes")
 * the model's sure closes (share ≥ 0.95) were right 54 of 79 times and no share threshold reached precision 0.9: the
 * parse of the unclosed text misreads where a longer bracket ends ("(if any can just be discarded completely).").
 * Around one word they were right 21 of 23 times, but the wrong ones are the common case a writer meets ("The fee
 * (about⟦)⟧ ten dollars is due."); around one abbreviation, 19 of 19.
 */
function closesAbbreviation(p: Placement): boolean {
  return p.words === 1 && /\p{Lu}.*\p{Lu}/u.test(p.inside);
}
/**
 * A sentence with more unclosed brackets or quotes than this keeps the text rule's guesses: the model places none of
 * them. Where one closes is a question about a sentence with one or two; a sentence of 150 words each opening "("
 * took 1.3 s to place (a chain of constituents, every later slot a place, each slot's automaton holding a bracket).
 */
const MAX_UNCLOSED_PLACED = 3;

export const TEXT_RULES: readonly TextRule[] = [doubledMarksRule, unbalancedPairsRule, quotePlacementRule, markSpacingRule, repeatedEndMarksRule, dateCommasRule, egCommasRule];

/** Every rule id the engine can report: the registry's (`registry/`). */
export { RULE_IDS } from './registry';
export { DECISION_STAGES, DecisionNote, DecisionTrace, VetoedCorrection, WeighedCorrection, WeighedCorrections, weighedCorrections } from './weighedCorrections';

export interface LinterParts {
  analyser?: SentenceAnalyser;
  model?: EngineModel;
  calibration?: Calibration;
  /** Without it, `introductoryComma: edited` and `auto` have nothing to go by and report nothing. */
  convention?: IntroductoryConvention;
  /** The learned correction scorer, used only under `decision: 'learned'` (loaded then: a getter in `loadEngineParts`). */
  scorer?: LearnedScorer;
  /** The models of the comma splices, fused sentences and semicolon/colon confusions (`sentenceKinds.ts`). */
  kinds?: SentenceKindModels;
  /**
   * P(logical punctuation) of a document by its register (`quoteRegister.ts`); without it no document is technical.
   * Loaded when first asked for (a getter in `loadEngineParts`).
   */
  quoteRegister?: QuoteRegisterModel;
}

export { defaultModelDir } from '../data/modelDir';

/** The full model (Attach + NoisyChannel) when present, else the Attach-only ablation. */
export function punctModelFile(dir: string): string {
  const full = path.join(dir, 'punct.json');
  const attach = path.join(dir, 'punct-attach.json');
  return fs.existsSync(full) || !fs.existsSync(attach) ? full : attach;
}

/**
 * The punctuation model of `dir` (`punctModelFile`), with the supplement model beside it when there is one: a model
 * file of its own, or (a file of a few bytes) the main model's θ read with other edge rules,
 * `{ "derivedFrom": "punct.json", "outerLeftComma": true, "supplementRightComma": true }` (`ModelCore.withEdgeRules`).
 */
export function loadEngineModel(dir: string = defaultModelDir()): EngineModel {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { loadPunctModel, withEdgeRules } = require('../model') as typeof import('../model');
  const main = loadPunctModel(punctModelFile(dir));
  const file = path.join(dir, SUPPLEMENT_MODEL_FILE);
  if (!fs.existsSync(file)) return engineModel(main);
  if (fs.statSync(file).size > SUPPLEMENT_DESCRIPTOR_BYTES) return engineModel(main, loadPunctModel(file));
  const d = JSON.parse(readModelFile(file).toString('utf8')) as { derivedFrom?: string; outerLeftComma?: boolean; supplementRightComma?: boolean };
  if (!d.derivedFrom) throw new Error(`${file}: neither a model nor a "derivedFrom" description`);
  // loadPunctModel keeps one model per file, so a description of the main model reads the same instance.
  const base = loadPunctModel(path.resolve(dir, d.derivedFrom));
  return engineModel(main, withEdgeRules(base, { outerLeftComma: d.outerLeftComma ?? false, supplementRightComma: d.supplementRightComma ?? false }));
}

/** A supplement file this small describes a model (`derivedFrom`); a model file is megabytes. */
const SUPPLEMENT_DESCRIPTOR_BYTES = 64 * 1024;

/**
 * A directory laid out as the shipped one (`…/models/en`: the repository's, the packaged extension's) must have its
 * manifest; another one (a training candidate named by PUNCTEME_MODEL_DIR) is checked against its manifest if it has one.
 */
function isShippedModelDir(dir: string): boolean {
  const abs = path.resolve(dir);
  return path.basename(abs) === 'en' && path.basename(path.dirname(abs)) === 'models';
}

/**
 * Loads one model file with `load`; whatever it throws becomes a `ModelFileError` naming `file`: missing when it
 * does not exist, else corrupt (the manifest catches changed bytes first; this catches files it does not list).
 */
function loadModelFile<T>(file: string, load: () => T): T {
  try {
    return load();
  } catch (e) {
    if (e instanceof ModelFileError) throw e;
    if (!fs.existsSync(file)) throw new ModelFileError(file, 'missing');
    throw new ModelFileError(file, 'corrupt', (e as Error).message.split('\n')[0]);
  }
}

/**
 * Loads the parser, the model, the calibration and the convention, after checking that the files the directory's
 * manifest lists are there with their sizes (`data/modelIntegrity.ts`; each file's SHA-256 is checked as it is read). A missing or corrupt file leaves the parts empty (the typographic
 * rules alone) with `problem` saying which file and which state, and `modelError` the error itself: the CLI stops on
 * it (exit 2), the language server runs degraded and says so.
 */
export function loadEngineParts(dir: string = defaultModelDir()): LinterParts & { problem?: string; modelError?: ModelFileError } {
  try {
    checkModelFiles(dir, isShippedModelDir(dir));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { loadParser, parserModelFile } = require('../parser') as typeof import('../parser');
    const analyser = loadModelFile(parserModelFile(dir), () => loadParser(dir));
    const model = loadModelFile(punctModelFile(dir), () => loadEngineModel(dir));
    // The learned scorer is read when a lint first asks for it (`decision: 'learned'`, the default), from its sidecar
    // (`scorerWeights.ts`); its bytes are checked against the manifest then (`readModelFile`).
    const scorerFile = path.join(dir, SCORER_FILE);
    let scorer: { value: LearnedScorer | undefined } | undefined;
    // So is the quote register (~10 ms of JSON at a start): it is asked only about a document that shows no habit of
    // its own and places a mark outside a quote somewhere (`prose/documentOptions.ts technicalWithoutHabit`).
    const registerFile = path.join(dir, QUOTE_REGISTER_FILE);
    let quoteRegister: { value: QuoteRegisterModel | undefined } | undefined;
    return {
      analyser,
      model,
      calibration: loadCalibration(path.join(dir, CALIBRATION_FILE)),
      convention: loadConvention(path.join(dir, INTRODUCTORY_CONVENTION_FILE)),
      get scorer(): LearnedScorer | undefined {
        scorer ??= { value: loadModelFile(scorerFile, () => loadLearnedScorer(scorerFile)) };
        return scorer.value;
      },
      kinds: loadSentenceKindModels(dir, loadModelFile),
      get quoteRegister(): QuoteRegisterModel | undefined {
        quoteRegister ??= { value: loadModelFile(registerFile, () => readQuoteRegister(registerFile)) };
        return quoteRegister.value;
      },
    };
  } catch (e) {
    const modelError = e instanceof ModelFileError ? e : new ModelFileError(dir, 'corrupt', (e as Error).message);
    return { problem: modelError.message, modelError };
  }
}

/**
 * Loads the models and checks them (`loadEngineParts`); a missing or corrupt model file throws `ModelFileError`.
 * `PUNCTEME_RULES_ONLY=1` skips the models: the typographic rules alone (for measuring the CLI itself).
 */
export async function createLinter(config: LinterConfig = {}): Promise<Linter> {
  if (process.env.PUNCTEME_RULES_ONLY === '1') return makeLinter({});
  const parts = loadEngineParts(config.modelDir);
  if (parts.modelError) throw parts.modelError;
  return makeLinter(parts);
}

export function makeLinter(parts: LinterParts): Required<Linter> {
  const cal = parts.calibration ?? DEFAULT_CALIBRATION;
  // `parts.scorer` is read only where a lint asks for it: loadEngineParts reads its file then.
  const { analyser, model, convention, kinds } = parts;
  const reparse = analyser?.parseWithCommas?.bind(analyser);
  const version = analyser && model ? `${analyser.version}+${model.version}+cal-${cal.note ?? ''}${convention ? `+intro-${convention.note ?? ''}` : ''}` : 'rules-only';
  const memo = new SentenceFindingsMemo();
  const linter: Required<Linter> = {
    version,
    readsAsTechnical: (documentText) => (parts.quoteRegister ? !heldToModelStyle(parts.quoteRegister, documentText) : false),
    lint(text: string, options: LintOptions = {}): Finding[] {
      // A text alone is a document of one part.
      return settleParts([linter.lintPart(text, options)])[0];
    },
    lintPart(text: string, given: LintOptions = {}, trace?: DecisionTrace): LintPart {
      const { options, thresholdOf } = sentenceSettings(given, model, cal);
      // Read here, outside the per-sentence catch below: a broken scorer file stops the lint naming the file.
      const scorer = decidesLearned(options) ? parts.scorer : undefined;
      // The closing-mark placement is not a kind of edit and takes the global threshold.
      const threshold = options.minConfidence ?? cal.threshold;
      const plain: PlainFinding[] = [];
      const habits: SentenceHabit[] = [];
      const adaptive: PlainFinding[] = [];
      // The small models' findings a deferred one displaces where the document is error-prone (`SmallModelFindings`).
      const yielding: PlainFinding[] = [];
      let sentenceCount = 0;
      // Findings a rule reports only in an error-prone document wait with the adapted ones (`TextRule.errorProneOnly`).
      const held: PlainFinding[] = [];
      for (const rule of TEXT_RULES) (rule.errorProneOnly ? held : plain).push(...rule.check(text, options));
      const typographic = plain.length;
      let words = 0;
      let stoppedAt: number | undefined;
      let stoppedBy: LintPart['stoppedBy'];
      if (analyser && model && /\p{L}/u.test(text)) {
        const budget = options.wordBudget ?? PARAGRAPH_WORD_BUDGET;
        const sentences: AnalysedSentence[] = [];
        const quoteStyle = effectiveQuoteStyle(text, options);
        // Everything sentenceFindings reads besides the sentence itself (see SentenceFindingsMemo); the calibration
        // (and its thresholds) is the linter's own, so only the user's override of them enters.
        const intro = options.introductoryComma ?? DEFAULT_INTRODUCTORY_COMMA;
        const context = `${options.minConfidence ?? 'calibrated'}\u0001${options.serialComma ?? ''}\u0001${quoteStyle ?? ''}\u0001${options.explain ?? true}\u0001${intro}\u0001${options.commaSplices ?? DEFAULT_COMMA_SPLICES}\u0001${options.adaptToWriter ?? true}\u0001${options.decision ?? DEFAULT_DECISION}\u0001${options.fragment ? 1 : 0}\u0001${(options.commaGaps ?? DEFAULT_COMMA_GAPS) ? 1 : 0}`;
        // A scorer trained with the document's register reads it from the document's counts when the prose layer
        // gives them, else from this text, which is then the document (`documentFeatures.ts`).
        const documentBins = documentBinsFor(scorer, options, text);
        const memoContext = documentBins ? `${context}\u0001${registerKey(documentBins)}` : context;
        try {
          // Parsed one sentence at a time: the budget and cancellation stop the parsing too, not only the model.
          for (const s of analyser.parseSentences?.(text) ?? analyser.parseText(text)) {
            if (options.isCancelled?.()) {
              [stoppedAt, stoppedBy] = [s.start, 'cancelled'];
              break;
            }
            if (words + s.tree.words.length > budget) {
              [stoppedAt, stoppedBy] = [s.start, 'budget'];
              break;
            }
            sentences.push(s);
            if (s.notes?.includes('not-english')) continue;
            words += s.tree.words.length;
            try {
              const r = memo.findings(text, s, memoContext, () =>
                scorer
                  ? learnedFindings(text, s, model, cal, scorer, options, reparse, { quoteStyle, convention, gaps: () => kinds?.gaps, setOff: () => kinds?.setOff, neural: () => kinds?.neuralGaps, document: documentBins })
                  : sentenceFindings(text, s, model, cal, options, thresholdOf, quoteStyle, convention, reparse, undefined, kinds?.gaps),
              );
              plain.push(...r.findings);
              const k = smallModelStep(s, text, kinds, r, options, () => model.commaPrior?.(s.tree), reparse, undefined, convention);
              plain.push(...k.findings);
              adaptive.push(...k.adaptive);
              yielding.push(...k.yielding);
              habits.push(...k.habits);
              if (r.adaptive) adaptive.push(...r.adaptive);
              sentenceCount++;
            } catch (e) {
              // One sentence the model cannot handle must not cost the findings of the others; but a model file read
              // on first use (the comma-gap and mark-choice models) that is missing or corrupt stops the lint naming it.
              if (e instanceof ModelFileError) throw e;
            }
          }
        } catch (e) {
          // the parser refuses this text (symbols only, …): the typographic rules still apply
          if (e instanceof ModelFileError) throw e;
        }
        // A paragraph with no sentence-final mark that reads as several sentences: one finding whose fix restores its
        // punctuation, in place of the decisions made on what the parser read as one long sentence (`unpunctuated.ts`).
        const run = stoppedBy === undefined ? unpunctuatedParagraph(text, sentences, analyser, model) : undefined;
        if (run) {
          plain.length = typographic;
          habits.length = 0;
          adaptive.length = 0;
          yielding.length = 0;
          plain.push(run);
        }
        placeClosers(text, plain, sentences, model, threshold);
      }
      // `introductoryComma: auto` and the writer's error rate are decided over the whole document, after every part
      // (`settleParts`).
      const part = finish(text, plain, habits, options, { sentences: sentenceCount, pending: adaptive, held, yielding }, trace);
      part.words = words;
      if (stoppedAt !== undefined) Object.assign(part, { stoppedAt, stoppedBy });
      // The learned decision over the omissions waiting for the habit, read when a part first has one.
      if (part.habit?.pending.length && kinds?.habitDecision) part.habit.decision = kinds.habitDecision;
      if (part.errorRate && kinds?.audience) part.errorRate.audience = kinds.audience;
      return part;
    },
  };
  return linter;
}

/** Unclosed brackets and quotes: the model chooses where they close (the text rule only guessed the sentence end). */
function placeClosers(text: string, plain: PlainFinding[], sentences: readonly AnalysedSentence[], model: EngineModel, threshold: number): void {
  // A stray closer's fix deletes it; a straight quote's has no fix to place (`rules/straightQuotes.ts`).
  const open = plain.flatMap((f) => {
    const s = f.ruleId === 'unbalanced-pair' && f.fixes.length && f.fixes[0].edits[0]?.newText !== '' ? sentenceAt(sentences, f.start) : undefined;
    return s ? [{ f, s }] : [];
  });
  const openIn = new Map<AnalysedSentence, number>();
  for (const { s } of open) openIn.set(s, (openIn.get(s) ?? 0) + 1);
  for (const { f, s } of open) {
    if (openIn.get(s)! > MAX_UNCLOSED_PLACED) continue;
    try {
      const p = placeCloser(text, s, model, f.start);
      if (!p) continue;
      // The mark is surely unbalanced; where it closes is offered as a fix only when the model is sure enough and the
      // bracket holds one abbreviation, the one case where its end was measured to be read right.
      // (The share is the model's own posterior, not calibrated like the comma decisions: ask for more.)
      f.fixes = p.share >= Math.max(threshold, CLOSER_MIN_SHARE) && closesAbbreviation(p) ? [{ title: f.fixes[0].title, edits: p.edits }] : [];
      const before = f.explanation;
      f.explanation = deferredExplanation(() => `${explanationText(before)} The model puts the closing mark where the constituent it brackets most probably ends (${(100 * p.share).toFixed(0)}% of the posterior over the possible places).`);
    } catch {
      // keep the text rule's guess
    }
  }
}

/** The sentence holding `offset`, by binary search: sentences are in text order, and a document may hold thousands. */
function sentenceAt(sentences: readonly AnalysedSentence[], offset: number): AnalysedSentence | undefined {
  let lo = 0;
  let hi = sentences.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sentences[mid].end <= offset) lo = mid + 1;
    else if (sentences[mid].start > offset) hi = mid - 1;
    else return sentences[mid];
  }
  return undefined;
}

/**
 * Filters (disabled rules, confidence), applies severity overrides, drops findings that overlap a stronger one (each
 * noted to `trace`, when given); the sentences' habit parts are summed into the text's, their pending omissions
 * filtered and built the same way.
 */
function finish(
  text: string,
  plain: PlainFinding[],
  habits: readonly SentenceHabit[],
  options: LintOptions,
  adaptive: { sentences: number; pending: readonly PlainFinding[]; held: readonly PlainFinding[]; yielding: readonly PlainFinding[] },
  trace?: DecisionTrace,
): LintPart {
  const disabled = new Set(options.disabledRules ?? []);
  // Model findings already passed the decision threshold; this is the user's own floor.
  const threshold = options.minConfidence ?? 0;
  const wanted = (f: PlainFinding) => !disabled.has(f.ruleId) && f.confidence >= threshold;
  const builder = new FindingBuilder(text);
  const build = (f: PlainFinding) => builder.build({ ...f, severity: options.severities?.[f.ruleId] ?? f.severity });
  const candidates = plain.filter(wanted);
  const kept = keepStrongest(candidates, (f) => f, trace && ((f, by) => trace(overlapNote(f, f, by))));
  const part: LintPart = { findings: kept.map(build) };
  if (options.audience === 'learner' || options.audience === 'edited') part.audience = options.audience;
  if (options.adaptToWriter ?? true) {
    // Style findings (severity info) are not errors, so they say nothing of the writer's error rate, but for a
    // transition's missing comma (`PlainFinding.countsAsError`).
    const errors = kept.filter((f) => f.severity !== 'info' || f.countsAsError).length;
    // A held finding (`TextRule.errorProneOnly`) waits like the pending ones, unless a reported finding covers it; it
    // is not counted: counted, EWT dev's web writers' spaced marks made five clean documents error-prone (journal,
    // "spacing around marks").
    const held = adaptive.held.filter((f) => wanted(f) && !kept.some((k) => overlaps(f, k)));
    // A label (a heading, a list item: `LintOptions.fragment`) takes no final mark, so its lines are no web writer's.
    const register = options.fragment ? labelCounts(text) : registerCounts(text);
    part.errorRate = { findings: errors, sentences: adaptive.sentences, pending: adaptive.pending.filter(wanted).map(build), held: held.map(build), register };
    const reportedDeferred = kept.filter((f) => f.countsAsDeferred).length;
    if (reportedDeferred) part.errorRate.reportedDeferred = reportedDeferred;
    const yielding = adaptive.yielding.filter(wanted);
    if (yielding.length) part.errorRate.yielding = yielding.map(build);
  }
  if (habits.length) {
    const habit: HabitPart<Finding> = emptyHabit();
    for (const h of habits) {
      habit.written += h.written;
      habit.omitted += h.omitted;
      habit.excess += h.excess;
      habit.information += h.information;
      for (const p of h.pending) {
        // The confidence floor waits for the document's decision (`HabitPart.minConfidence`).
        if (!disabled.has(p.finding.ruleId))
          habit.pending.push({
            element: p.element,
            finding: build(p.finding),
            ...(p.share !== undefined ? { share: p.share, counted: p.counted } : {}),
            ...(p.errorProneOnly ? { errorProneOnly: true } : {}),
            ...(p.unbacked ? { unbacked: true } : {}),
            ...(p.evidence ? { evidence: p.evidence } : {}),
          });
      }
    }
    if (threshold > 0) habit.minConfidence = threshold;
    part.habit = habit;
  }
  if (part.habit?.pending.length || part.errorRate?.pending.length || part.errorRate?.held?.length || part.errorRate?.yielding?.length) part.contenders = candidates.map(build);
  return part;
}
