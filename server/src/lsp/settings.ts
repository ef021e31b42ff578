/**
 * The server's settings: the editor's `puncteme.*` settings (pulled through `workspace/configuration`, contributed in
 * the root package.json), with the project's `.punctemerc.json` applied on top — the team's shared file wins over
 * one editor's defaults, so the CLI in CI and the editor report the same findings.
 */
import * as path from 'path';
import picomatch from 'picomatch';
import { Audience, CommaSplices, Decision, DEFAULT_COMMA_GAPS, DEFAULT_COMMA_SPLICES, DEFAULT_DECISION, DEFAULT_EG_COMMA, DEFAULT_INTRODUCTORY_COMMA, EgComma, IntroductoryComma, isAudience, isCommaSplices, isDecision, isEgComma, isIntroductoryComma, isQuoteStyle, FalsePositive, LintOptions, QuoteStyle, SerialComma, Severity } from '../engine/types';
import { Dialect, isDialect, ProjectConfig, quoteStyleOf } from '../config';
import { allowEntryProblem } from '../prose/allowed';
import { withOlderAudienceName } from '../engine/audience';

export type RunTrigger = 'onType' | 'onSave';

export interface Settings {
  enable: boolean;
  /** Editor language ids to check. */
  languages: string[];
  /** 'none', or the variety of English, which sets `quoteStyle` where that is left at 'auto' (`config/dialect.ts`). */
  dialect: Dialect | 'none';
  quoteStyle: QuoteStyle;
  serialComma: SerialComma;
  introductoryComma: IntroductoryComma;
  commaSplices: CommaSplices;
  egComma: EgComma;
  /** Ask the comma-gap model (`LintOptions.commaGaps`). */
  commaGaps: boolean;
  /** Who decides the candidate edits (`LintOptions.decision`). */
  decision: Decision;
  /** In an error-prone document, decide at its higher error rate (`correction/pipeline/writerErrorRate.ts`). */
  adaptToWriter: boolean;
  /** The standard every sentence is held to (`engine/audience.ts`); other than `auto` it decides `adaptToWriter`. */
  audience: Audience;
  minConfidence: number;
  /** Per rule: a severity, or 'off'. */
  severity: Record<string, Severity | 'off'>;
  run: RunTrigger;
  /** Globs (relative to the workspace folder, or matched against the file name) never checked. */
  exclude: string[];
  /** Documents larger than this (bytes, UTF-8) are not checked; the user is told why. */
  maxFileSize: number;
  /** Quiet time after the last keystroke before analysis starts. */
  debounceMs: number;
  /** Fix on save (`source.fixAll.puncteme`) applies only fixes at or above this confidence. */
  fixMinConfidence: number;
  /** Words or `/patterns/` whose punctuation is never reported; the project config's are added. */
  allow: string[];
  /** Findings hidden one by one (the "Hide this false positive" code action adds them to `.punctemerc.json`). */
  falsePositives: FalsePositive[];
}

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  enable: true,
  languages: ['markdown', 'plaintext', 'latex', 'tex', 'git-commit', 'gitcommit', 'text', 'restructuredtext', 'rst', 'asciidoc', 'asciidoctor'],
  dialect: 'none',
  quoteStyle: 'auto',
  serialComma: 'ignore',
  introductoryComma: DEFAULT_INTRODUCTORY_COMMA,
  commaSplices: DEFAULT_COMMA_SPLICES,
  egComma: DEFAULT_EG_COMMA,
  commaGaps: DEFAULT_COMMA_GAPS,
  decision: DEFAULT_DECISION,
  adaptToWriter: true,
  audience: 'auto',
  minConfidence: 0,
  severity: {},
  run: 'onType',
  exclude: [],
  maxFileSize: 2_000_000,
  debounceMs: 100,
  fixMinConfidence: 0.9,
  allow: [],
  falsePositives: [],
};

/** Editor settings as received (any shape: clients send null, partial objects, wrong types). */
export function fromEditor(raw: unknown): Settings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const pick = <T>(key: keyof Settings, ok: (v: unknown) => boolean): T =>
    (ok(r[key]) ? r[key] : DEFAULT_SETTINGS[key]) as T;
  const isNum = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  const isStrings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
  const dialect = pick<Dialect | 'none'>('dialect', (v) => v === 'none' || isDialect(v));
  // The editor sends every setting, its defaults too: a quoteStyle left at 'auto' is not set, and the dialect decides.
  const quoteStyle = pick<QuoteStyle>('quoteStyle', isQuoteStyle);
  return {
    enable: pick('enable', (v) => typeof v === 'boolean'),
    languages: pick('languages', isStrings),
    dialect,
    quoteStyle: quoteStyle === 'auto' && dialect !== 'none' ? quoteStyleOf({ dialect })! : quoteStyle,
    serialComma: pick('serialComma', (v) => v === 'always' || v === 'never' || v === 'ignore'),
    introductoryComma: pick('introductoryComma', isIntroductoryComma),
    commaSplices: pick('commaSplices', isCommaSplices),
    egComma: pick('egComma', isEgComma),
    commaGaps: pick('commaGaps', (v) => typeof v === 'boolean'),
    decision: pick('decision', isDecision),
    adaptToWriter: pick('adaptToWriter', (v) => typeof v === 'boolean'),
    audience: pick('audience', isAudience),
    minConfidence: pick('minConfidence', isNum),
    severity: pick('severity', (v) => !!v && typeof v === 'object' && !Array.isArray(v)),
    run: pick('run', (v) => v === 'onType' || v === 'onSave'),
    exclude: pick('exclude', isStrings),
    maxFileSize: pick('maxFileSize', (v) => isNum(v) && (v as number) > 0),
    debounceMs: pick('debounceMs', (v) => isNum(v) && (v as number) >= 0),
    fixMinConfidence: pick('fixMinConfidence', isNum),
    // An entry that is not a valid pattern is left out (the project config's are checked when it is read).
    allow: pick<string[]>('allow', isStrings).filter((e) => allowEntryProblem(e) === undefined),
    falsePositives: pick<unknown[]>('falsePositives', Array.isArray).filter(
      (x): x is FalsePositive => !!x && typeof (x as FalsePositive).rule === 'string' && typeof (x as FalsePositive).text === 'string' && (x as FalsePositive).text.length > 0,
    ),
  };
}

/** Applies a project config (keys it sets win). */
export function withProjectConfig(s: Settings, config: ProjectConfig): Settings {
  return {
    ...s,
    dialect: config.dialect ?? s.dialect,
    quoteStyle: quoteStyleOf(config) ?? s.quoteStyle,
    serialComma: config.serialComma ?? s.serialComma,
    introductoryComma: config.introductoryComma ?? s.introductoryComma,
    commaSplices: config.commaSplices ?? s.commaSplices,
    egComma: config.egComma ?? s.egComma,
    commaGaps: config.commaGaps ?? s.commaGaps,
    decision: config.decision ?? s.decision,
    adaptToWriter: config.adaptToWriter ?? s.adaptToWriter,
    // A project's older `adaptToWriter` outranks the editor's audience as it did; its own `audience` outranks both.
    audience: config.audience ?? (config.adaptToWriter !== undefined ? 'auto' : s.audience),
    minConfidence: config.minConfidence ?? s.minConfidence,
    fixMinConfidence: config.fixMinConfidence ?? s.fixMinConfidence,
    severity: { ...s.severity, ...projectSeverities(config) },
    exclude: [...s.exclude, ...(config.exclude ?? [])],
    allow: [...s.allow, ...(config.allow ?? [])],
    falsePositives: [...s.falsePositives, ...(config.falsePositives ?? [])],
  };
}

function projectSeverities(config: ProjectConfig): Record<string, Severity | 'off'> {
  const out: Record<string, Severity | 'off'> = {};
  for (const [rule, v] of Object.entries(config.rules ?? {})) if (v !== 'on') out[rule] = v;
  return out;
}

export function toLintOptions(s: Settings): LintOptions {
  const disabledRules: string[] = [];
  const severities: Record<string, Severity> = {};
  for (const [rule, v] of Object.entries(s.severity)) {
    if (v === 'off') disabledRules.push(rule);
    else if (v === 'error' || v === 'warning' || v === 'info' || v === 'hint') severities[rule] = v;
  }
  const options: LintOptions = { quoteStyle: s.quoteStyle, serialComma: s.serialComma, introductoryComma: s.introductoryComma, commaSplices: s.commaSplices, egComma: s.egComma, commaGaps: s.commaGaps, decision: s.decision, adaptToWriter: s.adaptToWriter, disabledRules, severities };
  // `auto` (the editor sends the default too) leaves `adaptToWriter` to decide, as before the setting existed.
  if (s.audience !== 'auto') options.audience = s.audience;
  if (s.allow.length) options.allow = s.allow;
  if (s.falsePositives.length) options.falsePositives = s.falsePositives;
  // 0 (the default) means "the engine's own calibrated threshold", which an explicit 0 would override.
  if (s.minConfidence > 0) options.minConfidence = s.minConfidence;
  // `adaptToWriter: false` is the older name of `audience: edited`.
  return withOlderAudienceName(options);
}

/** Whether a file is excluded; `root` is its workspace folder (globs are relative to it). */
export function isExcluded(s: Settings, filePath: string, root: string | undefined): boolean {
  if (!s.exclude.length) return false;
  const rel = root ? path.relative(root, filePath).split(path.sep).join('/') : undefined;
  const base = path.basename(filePath);
  return s.exclude.some((glob) => {
    const match = picomatch(glob, { dot: true });
    return (rel !== undefined && !rel.startsWith('..') && match(rel)) || match(base) || match(filePath);
  });
}
