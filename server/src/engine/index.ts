/**
 * The engine's public API: text in, findings out. Front ends (CLI, language server) depend on this module only.
 *
 * `createLinter()` loads the models once (parser and punctuation model); `Linter.lint` is then synchronous and
 * works on one stretch of prose (a paragraph or a plain-text document).
 */
import { Finding, LintOptions } from './types';
import { positionAt } from './positions';
import { doubledMarksRule } from './rules/doubledMarks';

export * from './types';

export interface Linter {
  /** Findings for a stretch of prose; offsets are into `text`. */
  lint(text: string, options?: LintOptions): Finding[];
  /** Identifies the models in use (for caches keyed by model version). */
  readonly version: string;
}

export interface LinterConfig {
  /** Directory holding the trained models; defaults to the bundled `models/en`. */
  modelDir?: string;
}

export async function createLinter(config: LinterConfig = {}): Promise<Linter> {
  void config;
  return {
    version: 'rules-0',
    lint(text: string, options: LintOptions = {}): Finding[] {
      const disabled = new Set(options.disabledRules ?? []);
      const findings = disabled.has(doubledMarksRule.id) ? [] : doubledMarksRule.check(text, (o) => positionAt(text, o));
      const min = options.minConfidence ?? 0;
      return findings
        .filter((f) => f.confidence >= min)
        .map((f) => ({ ...f, severity: options.severities?.[f.ruleId] ?? f.severity }));
    },
  };
}
