/**
 * The engine's contract with every front end (CLI, language server, client). Nothing here knows of LSP or VS Code.
 * Offsets are UTF-16 code units into the text given to `lint`, as JavaScript strings index them; lines and characters
 * are 0-based (LSP's convention), characters counted in UTF-16 code units.
 */

export interface Position {
  line: number;
  character: number;
  offset: number;
}

export interface TextEdit {
  start: Position;
  end: Position;
  newText: string;
}

export interface Fix {
  title: string;
  edits: TextEdit[];
}

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface Finding {
  ruleId: string;
  message: string;
  severity: Severity;
  /** Calibrated probability that the finding is right (that the fix improves the text). */
  confidence: number;
  start: Position;
  end: Position;
  fixes: Fix[];
  /** Why: the underlying bracketing of the constituent involved and the rewrite that yields the surface marks. */
  explanation: string;
  /** Other ranges that belong to the same finding (the second comma of an apposition). */
  related?: Array<{ start: Position; end: Position; message: string }>;
  /**
   * Which of its rule's ways of deciding made the finding, where a rule has several whose fixes are right at different
   * rates: `transition` for an introductory comma after a transition ("However", "For example"), which the guides
   * require, unlike one after a clause the document's habit asks for. `--fix` measures precision per rule and basis
   * (`edits/autoFixPolicy.ts`).
   */
  basis?: FindingBasis;
}

export type FindingBasis = 'transition';

/** A type guard for the values of a setting that takes one of `values`. */
function oneOf<T extends string>(values: readonly T[]): (v: unknown) => v is T {
  return (v: unknown): v is T => (values as readonly unknown[]).includes(v);
}

/** The usage error of the command-line option `flag` that takes one of `values`: "--flag: a, b or c". */
function usageOf(flag: string, values: readonly string[]): string {
  return `${flag}: ${values.length > 1 ? `${values.slice(0, -1).join(', ')} or ` : ''}${values[values.length - 1]}`;
}

export const QUOTE_STYLE_VALUES = ['american', 'british', 'auto'] as const;
export type QuoteStyle = (typeof QUOTE_STYLE_VALUES)[number];
export const isQuoteStyle = oneOf(QUOTE_STYLE_VALUES);
/** The usage error of a command-line option that takes a `QuoteStyle`. */
export const QUOTE_STYLE_USAGE = usageOf('--quote-style', QUOTE_STYLE_VALUES);
/** The placement a whole document shows most often under `quoteStyle: auto` ('none': a tie, or no quotes at all). */
export type QuoteHabit = 'american' | 'british' | 'none';
export const SERIAL_COMMA_VALUES = ['always', 'never', 'ignore'] as const;
export type SerialComma = (typeof SERIAL_COMMA_VALUES)[number];
export const isSerialComma = oneOf(SERIAL_COMMA_VALUES);
/** The usage error of a command-line option that takes a `SerialComma`. */
export const SERIAL_COMMA_USAGE = usageOf('--serial-comma', SERIAL_COMMA_VALUES);
/**
 * The comma after an introductory element: `edited` reports it where edited prose writes it (the elements after which
 * most of EWT's writers already put it, and the model agrees in the sentence at hand); `auto` reports the same
 * omissions where a writer with the document's own habit would be expected to write the comma (edited prose's rate for
 * the element, shifted by the writer's commas and omissions elsewhere; `correction/style/introductoryHabit.ts`);
 * `ignore` leaves it to the error model alone (which, calibrated on writers who often omit it, almost never reports one).
 */
export const INTRODUCTORY_COMMA_VALUES = ['edited', 'auto', 'ignore'] as const;
export type IntroductoryComma = (typeof INTRODUCTORY_COMMA_VALUES)[number];
export const isIntroductoryComma = oneOf(INTRODUCTORY_COMMA_VALUES);
/** The usage error of a command-line option that takes an `IntroductoryComma`. */
export const INTRODUCTORY_COMMA_USAGE = usageOf('--introductory-comma', INTRODUCTORY_COMMA_VALUES);
/**
 * The product default, decided by the benchmark (journal, "the comma after an introductory element as an edited-prose
 * style": `edited` fails the criterion; "`introductoryComma: auto`, the document's own habit": `auto` meets it;
 * "introductory commas at the default": `auto` also reports the comma after a transition such as "However" without a
 * habit, `correction/style/introductoryConvention.ts`); settings and config fall back to it.
 */
export const DEFAULT_INTRODUCTORY_COMMA: IntroductoryComma = 'auto';

/**
 * The comma splice ("It was late, everybody was tired"): `edited` reports every comma that joins two independent
 * clauses, as edited prose would not have it (`correction/style/spliceStyle.ts`); `ignore` (the default) leaves it to the
 * error model alone, which, calibrated on writers who often splice, almost never reports one.
 */
export const COMMA_SPLICES_VALUES = ['edited', 'ignore'] as const;
export type CommaSplices = (typeof COMMA_SPLICES_VALUES)[number];
export const isCommaSplices = oneOf(COMMA_SPLICES_VALUES);
/** The usage error of a command-line option that takes a `CommaSplices`. */
export const COMMA_SPLICES_USAGE = usageOf('--comma-splices', COMMA_SPLICES_VALUES);
/**
 * The product default: `ignore`, because clean EWT test would get about 10 more findings per 1,000 sentences (its
 * writers' own splices), over the default's false-alarm budget (journal, "comma splices as an edited-prose style").
 */
export const DEFAULT_COMMA_SPLICES: CommaSplices = 'ignore';

/**
 * Whether the comma-gap model is asked by default (`LintOptions.commaGaps`). On: on edited-english dev it raised the
 * writers'-mix F0.5 without a clean false alarm more, and clean EWT dev and the learner probes were no worse (journal,
 * "The comma-gap model by default?").
 */
export const DEFAULT_COMMA_GAPS = true;

/**
 * Who decides the model's candidate edits: `learned`, the correction scorer learned from edited English
 * (`correction/learned/`); `calibrated`, the error model learned from EWT with its hand-written guards and conventions.
 */
export const DECISION_VALUES = ['learned', 'calibrated'] as const;
export type Decision = (typeof DECISION_VALUES)[number];
export const isDecision = oneOf(DECISION_VALUES);
/** The usage error of a command-line option that takes a `Decision`. */
export const DECISION_USAGE = usageOf('--decision', DECISION_VALUES);
/**
 * The learned scorer decides by default: on edited-english dev it found more errors with fewer judged false alarms
 * than the calibrated decision, with the same clean EWT dev findings and learner probes (journal, "The learned
 * decision as the default").
 */
export const DEFAULT_DECISION: Decision = 'learned';

/** Whether options leave the decision to the learned scorer (theirs, or the default). */
export function decidesLearned(options: { decision?: Decision }): boolean {
  return (options.decision ?? DEFAULT_DECISION) === 'learned';
}

/**
 * Which standard a document is held to (`audience.ts`): `edited` decides every sentence as for edited prose, at the
 * calibrated thresholds; `learner` decides every sentence as for a text with frequent errors (the model's decisions
 * at the higher prior odds of an error, and edited prose's splices, introductory commas and final marks), whatever
 * the rest of the document says; `auto` (the default) chooses one of the two from the document's own findings and
 * says which it chose. Under `edited` and `learner` a sentence's findings never depend on another sentence's.
 */
export const AUDIENCE_VALUES = ['edited', 'learner', 'auto'] as const;
export type Audience = (typeof AUDIENCE_VALUES)[number];
export const isAudience = oneOf(AUDIENCE_VALUES);
/** The usage error of a command-line option that takes an `Audience`. */
export const AUDIENCE_USAGE = usageOf('--audience', AUDIENCE_VALUES);

/**
 * The comma after `e.g.` and `i.e.`: a house style, not an error (edited-english's editors write it after 93 of 341
 * `e.g.` and 52 of 169 `i.e.`, one house writing it and another not; `server/research/dates/measureDates.ts` and the
 * journal, "Comma splices, fused sentences, semicolons and colons"). `always` asks for it, `never` for none, `off` (the
 * default) reports nothing (`rules/egCommas.ts`).
 */
export const EG_COMMA_VALUES = ['always', 'never', 'off'] as const;
export type EgComma = (typeof EG_COMMA_VALUES)[number];
export const isEgComma = oneOf(EG_COMMA_VALUES);
/** The usage error of a command-line option that takes an `EgComma`. */
export const EG_COMMA_USAGE = usageOf('--eg-comma', EG_COMMA_VALUES);
export const DEFAULT_EG_COMMA: EgComma = 'off';

/** A finding the writer hid as a false positive: its rule and the text (its sentence) it was found in. */
export interface FalsePositive {
  rule: string;
  text: string;
}

export interface LintOptions {
  quoteStyle?: QuoteStyle;
  /**
   * Set by the prose layer, not by users: under `quoteStyle: auto`, the habit of the whole document this text is a
   * part of, which then decides instead of the text's own (absent: the text is the document).
   */
  quoteHabit?: QuoteHabit;
  /**
   * Set by the engine, not by users: the quote placement the punctuation model learned from its training text
   * (`EngineModel.quoteStyle`), which `quoteStyle: auto` follows when neither the text nor its document shows a habit.
   */
  modelQuoteStyle?: 'american';
  /** Set by the engine with `modelQuoteStyle`: the probability p_φ(”. ↦ .”) its channel learned, for explanations. */
  modelQuoteTransposition?: number;
  /**
   * Set by the prose layer, not by users: the document this text is a part of holds code (inline code spans), or it
   * shows no quotation habit and reads as technical writing (`Linter.readsAsTechnical`, `quoteRegister.ts`), so it
   * is technical documentation, where a quoted term or literal keeps its mark outside it; `quoteStyle: auto` then
   * does not fall back on `modelQuoteStyle` (see `rules/quotePlacement.ts`).
   */
  documentHasCode?: boolean;
  /**
   * Set by the prose layer, not by users, under `decision: 'learned'`: the register bins of the whole document this
   * text is a part of (`correction/learned/documentFeatures.ts`), which the learned scorer then reads instead of the
   * text's own (absent: the text is the document).
   */
  documentRegister?: readonly string[];
  serialComma?: SerialComma;
  /** Default: `DEFAULT_INTRODUCTORY_COMMA`. */
  introductoryComma?: IntroductoryComma;
  /** Default: `DEFAULT_COMMA_SPLICES`. */
  commaSplices?: CommaSplices;
  /** Default: `DEFAULT_EG_COMMA`. */
  egComma?: EgComma;
  /**
   * In a document with many findings for its length (a learner's essay), make the model's decisions at the higher
   * error rate it shows, and report what that adds (`correction/pipeline/writerErrorRate.ts`). Default true.
   */
  adaptToWriter?: boolean;
  /**
   * The standard the document is held to (`Audience`); when named, the document's decision is the name's whatever
   * its findings count, and exactly what `auto` gives when it chooses the same (`audience.ts withAudience`). Default
   * `auto`, or `edited` where `adaptToWriter` is false.
   */
  audience?: Audience;
  /**
   * Who decides the model's candidate edits (default `DEFAULT_DECISION`): `learned` the learned correction scorer
   * (`correction/learned/learnedScorer.ts`) with the style settings after it (`correction/style/styleStep.ts`);
   * `calibrated` the error model with its hand-written guards and conventions, the decision before the scorer. A model
   * directory without a scorer file decides `calibrated`.
   */
  decision?: Decision;
  /**
   * Ask the comma-gap model (`commaGaps/`) at every gap of a sentence as well (default `DEFAULT_COMMA_GAPS`; `false`
   * turns it off). See `DEFAULT_COMMA_GAPS` for why it is on.
   */
  commaGaps?: boolean;
  /**
   * Set by the prose layer, never by a user: the text is a label the markup itself names (`ProseBlock.fragment`: a
   * Markdown heading or list item, an rST/AsciiDoc heading or term). Such a label takes no final mark, so none is
   * proposed at its end.
   */
  fragment?: boolean;
  /** Findings below this confidence are dropped. */
  minConfidence?: number;
  /** Rule ids switched off. */
  disabledRules?: readonly string[];
  /** Severity overrides per rule id. */
  severities?: Readonly<Record<string, Severity>>;
  /**
   * Applied by the prose layer to a whole document (`prose/allowed.ts`), never to a block's analysis: words, or
   * `/regular expressions/flags`, whose punctuation is never reported (a finding within or at the edge of a match).
   */
  allow?: readonly string[];
  /** Applied by the prose layer: findings of `rule` within an occurrence of `text` are hidden (one false positive). */
  falsePositives?: readonly FalsePositive[];
  /** Cancellation: checked between sentences. */
  isCancelled?: () => boolean;
  /**
   * Most words of one text (a paragraph) the model analyses; the sentences after them get the typographic rules only,
   * and the part says where the model stopped (`LintPart.stoppedAt`). Default `PARAGRAPH_WORD_BUDGET`.
   */
  wordBudget?: number;
  /**
   * Most words of a whole document the model analyses (the prose layer's `lintSteps`); the paragraphs after them get
   * the typographic rules only, and the user is told. Default `DOCUMENT_WORD_BUDGET`.
   */
  documentWordBudget?: number;
  /**
   * Write each model finding's explanation (default true). Explaining runs the model's Viterbi once per finding, a
   * sixth of a keystroke's analysis: the language server leaves it out and explains the findings a hover asks for.
   */
  explain?: boolean;
}

/**
 * Words of one paragraph the model analyses (`LintOptions.wordBudget`). No paragraph of prose comes near it; a pasted
 * log or 50,000 words joined by ", " did, and took minutes (the model weighs a candidate at every comma).
 */
export const PARAGRAPH_WORD_BUDGET = 10_000;


/**
 * Words of one document the model analyses (`LintOptions.documentWordBudget`): a book (about 1.2 MB of prose), a few
 * minutes of the model on one core, so a CI run over a repository cannot be held for longer by one file.
 */
export const DOCUMENT_WORD_BUDGET = 200_000;
