/** The output formats of `puncteme lint --format`. */
import { printable, printablePainted, terminalSafeJson } from '../text/printable';
import { formatCheckstyle } from './checkstyle';
import { formatGithub } from './github';
import { formatJson } from './json';
import { FileReport, FormatContext, Formatter } from './report';
import { formatSarif } from './sarif';
import { findingWith } from '../../engine/finding';
import { formatStylish } from './stylish';

export const FORMATTERS: Readonly<Record<string, Formatter>> = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
  checkstyle: formatCheckstyle,
};

/** Formats whose output is JSON: their strings are escaped by the encoder (`terminalSafeJson` adds what it leaves). */
const JSON_FORMATS = new Set(['json', 'sarif']);

/** The formatter called `name`; undefined for any other name (`toString` and the like included). */
export function formatterFor(name: string): Formatter | undefined {
  return Object.hasOwn(FORMATTERS, name) ? FORMATTERS[name] : undefined;
}

/**
 * The report in format `name` (a known one), safe to print: control characters in file names and messages (which
 * come from the disk, the documents and the cache) are escaped, in the JSON formats as JSON escapes.
 */
export function formatReports(name: string, reports: readonly FileReport[], ctx: FormatContext): string {
  const formatter = formatterFor(name);
  if (!formatter) throw new Error(`unknown format "${name}"`);
  if (JSON_FORMATS.has(name)) return terminalSafeJson(formatter(reports, ctx));
  // (The document text, which stylish quotes in its excerpts, is escaped by `printablePainted` below.)
  const shown = reports.map((r) => ({
    ...r,
    file: printable(r.file),
    // Copied without reading the explanations, which no text format shows (each is a Viterbi pass to build).
    findings: r.findings.map((f) => findingWith(f, { ruleId: printable(f.ruleId), message: printable(f.message) })),
  }));
  return printablePainted(formatter(shown, ctx));
}

export type { FileReport, FormatContext, Formatter } from './report';
export { countSeverities } from './report';
