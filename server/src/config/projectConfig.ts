/**
 * The project configuration file `.punctemerc.json`, shared by the CLI and the language server.
 * Its JSON schema (`punctemerc.schema.json`, shipped beside this file) is the single source of truth: the loader
 * validates against it, so editors that read the schema and the loader can never disagree.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Audience, CommaSplices, Decision, EgComma, FalsePositive, IntroductoryComma, LintOptions, QuoteStyle, SerialComma, Severity } from '../engine/types';
import { allowEntryProblem } from '../prose/allowed';
import { Dialect, quoteStyleOf } from './dialect';
import { withExtends } from './extends';
import schema from './punctemerc.schema.json';

export const CONFIG_FILE_NAME = '.punctemerc.json';

export type RuleSetting = 'off' | 'on' | Severity;

export interface ProjectConfig {
  /** Configurations this one builds on (`extends.ts`); resolved away when a file is read. */
  extends?: string | string[];
  rules?: Record<string, RuleSetting>;
  /** Sets `quoteStyle` (`dialect.ts`) unless that is set too. */
  dialect?: Dialect;
  quoteStyle?: QuoteStyle;
  serialComma?: SerialComma;
  introductoryComma?: IntroductoryComma;
  commaSplices?: CommaSplices;
  egComma?: EgComma;
  /** Ask the comma-gap model (`LintOptions.commaGaps`). */
  commaGaps?: boolean;
  adaptToWriter?: boolean;
  /** Who decides the candidate edits (`LintOptions.decision`). */
  decision?: Decision;
  /** The standard every sentence is held to (`engine/audience.ts`); when set it decides `adaptToWriter`. */
  audience?: Audience;
  minConfidence?: number;
  fixMinConfidence?: number;
  include?: string[];
  exclude?: string[];
  /** Words or `/patterns/` whose punctuation is never reported (`prose/allowed.ts`). */
  allow?: string[];
  /** Findings hidden one by one: the rule and the text (sentence) they were found in. */
  falsePositives?: FalsePositive[];
}

/** A config file that cannot be read, parsed or validated; the message names the file and the offending key. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Compiled on the first configuration read: loading Ajv and compiling the schema cost ~50 ms CPU at every start, also
 * where no configuration file is (issue 37).
 */
let compiled: ValidateFunction<ProjectConfig> | undefined;
function validator(): ValidateFunction<ProjectConfig> {
  if (!compiled) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Ajv = (require('ajv') as typeof import('ajv')).default;
    compiled = new Ajv({ allErrors: true, strict: false }).compile<ProjectConfig>(schema);
  }
  return compiled;
}

function describe(e: ErrorObject): string | undefined {
  const where = e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : '(top level)';
  // A key of `rules` that names no rule: said once (ajv also reports the `propertyNames` wrapper), with the known ids.
  if (e.keyword === 'propertyNames') return undefined;
  if (e.keyword === 'enum' && e.propertyName !== undefined) {
    return `${where}: unknown rule id "${e.propertyName}" (known rule ids: ${(e.params as { allowedValues: string[] }).allowedValues.join(', ')})`;
  }
  if (e.keyword === 'additionalProperties') {
    const key = (e.params as { additionalProperty: string }).additionalProperty;
    const known = Object.keys(schema.properties).filter((k) => k !== '$schema');
    return `${where}: unknown key "${key}" (known keys: ${known.join(', ')})`;
  }
  if (e.keyword === 'enum') {
    return `${where}: must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  }
  return `${where}: ${e.message ?? 'is invalid'}`;
}

/** Validates a parsed configuration object; `source` names it in error messages. */
export function parseProjectConfig(value: unknown, source: string): ProjectConfig {
  const validate = validator();
  const valid = validate(value);
  // What the schema cannot check: each allowlist entry must compile.
  const badPatterns = valid
    ? ((value as ProjectConfig).allow ?? []).flatMap((e, i) => {
        const problem = allowEntryProblem(e);
        return problem ? [`allow.${i}: ${JSON.stringify(e)}: ${problem}`] : [];
      })
    : [];
  if (valid && badPatterns.length === 0) return value as ProjectConfig;
  const problems = [...(validate.errors ?? []).map(describe).filter((p): p is string => p !== undefined), ...badPatterns];
  throw new ConfigError(`${source}: invalid configuration:\n  ${problems.join('\n  ')}`);
}

/** Reads and validates one config file, with the configurations it extends merged in (`extends.ts`). */
export function readProjectConfig(file: string): ProjectConfig {
  return withExtends(file, readOneConfig(file), readOneConfig, (m) => new ConfigError(m));
}

/** Reads and validates one config file as it is (its `extends` not followed). */
function readOneConfig(file: string): ProjectConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(`${file}: cannot read configuration: ${(e as Error).message}`);
  }
  // A UTF-8 byte-order mark (Windows editors write one) is not part of the JSON.
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    // Where, never what: the file may be a link to any file on the machine, and the parser's message quotes it.
    throw new ConfigError(`${file}: not valid JSON${jsonErrorPlace(text, (e as Error).message)}`);
  }
  return parseProjectConfig(value, file);
}

/** " (line L, column C)" of a JSON.parse error, when its message gives a position (else nothing). */
function jsonErrorPlace(text: string, message: string): string {
  const m = /position (\d+)/.exec(message);
  if (!m) return /end of (JSON|data) input/i.test(message) ? ' (it ends too early)' : '';
  const at = Math.min(Number(m[1]), text.length);
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return ` (line ${line}, column ${at - before.lastIndexOf('\n')})`;
}

/** The nearest `.punctemerc.json` in `startDir` or one of its ancestors. */
export function findProjectConfig(startDir: string): string | undefined {
  for (let dir = path.resolve(startDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, CONFIG_FILE_NAME);
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * The configuration that applies to `startDir`: `explicitPath` if given (it must exist), else the nearest
 * `.punctemerc.json` upwards, else the empty configuration. Include/exclude globs are relative to `path`'s directory.
 */
export function loadProjectConfig(startDir: string, explicitPath?: string): { config: ProjectConfig; path?: string } {
  const file = explicitPath !== undefined ? path.resolve(startDir, explicitPath) : findProjectConfig(startDir);
  if (file === undefined) return { config: {} };
  return { config: readProjectConfig(file), path: file };
}

/** The engine options a configuration implies. */
export function toLintOptions(config: ProjectConfig): LintOptions {
  const disabledRules: string[] = [];
  const severities: Record<string, Severity> = {};
  for (const [rule, setting] of Object.entries(config.rules ?? {})) {
    if (setting === 'off') disabledRules.push(rule);
    else if (setting !== 'on') severities[rule] = setting;
  }
  const options: LintOptions = {};
  const quoteStyle = quoteStyleOf(config);
  if (quoteStyle) options.quoteStyle = quoteStyle;
  if (config.serialComma) options.serialComma = config.serialComma;
  if (config.introductoryComma) options.introductoryComma = config.introductoryComma;
  if (config.commaSplices) options.commaSplices = config.commaSplices;
  if (config.egComma) options.egComma = config.egComma;
  if (config.commaGaps !== undefined) options.commaGaps = config.commaGaps;
  if (config.adaptToWriter !== undefined) options.adaptToWriter = config.adaptToWriter;
  if (config.decision) options.decision = config.decision;
  if (config.audience) options.audience = config.audience;
  if (config.minConfidence !== undefined) options.minConfidence = config.minConfidence;
  if (config.allow?.length) options.allow = config.allow;
  if (config.falsePositives?.length) options.falsePositives = config.falsePositives;
  if (disabledRules.length) options.disabledRules = disabledRules;
  if (Object.keys(severities).length) options.severities = severities;
  return options;
}
