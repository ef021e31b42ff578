/** Findings → LSP diagnostics (the one place that translates them), and the link to each rule's documentation. */
import { Diagnostic, DiagnosticSeverity, DiagnosticRelatedInformation, Range } from 'vscode-languageserver';
import { Finding, Severity } from '../engine/types';

/** Every rule is documented (meaning and example) in the table of the README's "Rules" section. */
export const RULES_DOCS = 'https://example.invalid/puncteme/blob/main/README.md';

/** The rule's documentation; the query names the rule (the table rows have no anchors of their own). */
export function ruleDocsHref(ruleId: string): string {
  return `${RULES_DOCS}?rule=${encodeURIComponent(ruleId)}#rules`;
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function rangeOf(f: { start: { line: number; character: number }; end: { line: number; character: number } }): Range {
  return { start: { line: f.start.line, character: f.start.character }, end: { line: f.end.line, character: f.end.character } };
}

export function toDiagnostic(f: Finding, uri: string, index: number): Diagnostic {
  const related: DiagnosticRelatedInformation[] = (f.related ?? []).map((r) => ({
    location: { uri, range: rangeOf(r) },
    message: r.message,
  }));
  return {
    range: rangeOf(f),
    severity: SEVERITY[f.severity] ?? DiagnosticSeverity.Warning,
    source: 'puncteme',
    code: f.ruleId,
    codeDescription: { href: ruleDocsHref(f.ruleId) },
    message: f.message,
    ...(related.length ? { relatedInformation: related } : {}),
    data: { index, confidence: f.confidence },
  };
}

/** Said where a paragraph's analysis ran over its time budget: its findings may be incomplete. */
export function truncatedDiagnostic(position: { line: number; character: number }, budgetMs: number): Diagnostic {
  return {
    range: { start: position, end: position },
    severity: DiagnosticSeverity.Information,
    source: 'puncteme',
    code: 'analysis-truncated',
    message: `Puncteme stopped analysing this paragraph after ${budgetMs / 1000} s (it is very long); punctuation problems further on may be missed. Shorter sentences are checked fully.`,
  };
}

/** Said where the analysis stopped or skipped something (a word budget, Markdown nested too deep): never silently. */
export function noteDiagnostic(position: { line: number; character: number }, message: string): Diagnostic {
  return {
    range: { start: position, end: position },
    severity: DiagnosticSeverity.Information,
    source: 'puncteme',
    code: 'analysis-truncated',
    message: `Puncteme: ${message}`,
  };
}
