/**
 * `--format stylish` (default): findings grouped by file, one line each with the excerpt of the text under it (carets
 * under the finding, cut to the terminal's width), a summary; colours on a TTY.
 */
import * as path from 'path';
import { describeAudience } from '../../engine/audience';
import { rulePagesDir } from '../../engine/rulePages';
import { Severity } from '../../engine/types';
import { autoAudienceSummary } from './audienceSummary';
import { excerptAt } from './excerpt';
import { countSeverities, Formatter } from './report';

const ANSI = { red: 31, yellow: 33, blue: 34, gray: 90, bold: 1, underline: 4 } as const;

/** Columns assumed when the report goes to a file or a pipe (a CI log): wide enough, and no line longer. */
const DEFAULT_COLUMNS = 80;
/** Indent of the excerpt under its finding's line. */
const EXCERPT_INDENT = '    ';

export const formatStylish: Formatter = (reports, ctx) => {
  const paint = (code: keyof typeof ANSI, s: string) => (ctx.color ? `\x1b[${ANSI[code]}m${s}\x1b[0m` : s);
  const sevColour: Record<Severity, keyof typeof ANSI> = { error: 'red', warning: 'yellow', info: 'blue', hint: 'gray' };
  // One column spare: a line exactly as wide as the terminal wraps on some.
  const excerptWidth = Math.max(20, (ctx.columns ?? DEFAULT_COLUMNS) - EXCERPT_INDENT.length - 1);
  const lines: string[] = [];
  for (const r of reports) {
    if (r.findings.length === 0) continue;
    lines.push('', paint('underline', r.file));
    // A file held to learner standards gets more findings than the same text in edited prose would: say so, and why.
    if (r.audience?.audience === 'learner') lines.push(paint('gray', `  ${describeAudience(r.audience)}`));
    // Location and severity are aligned; the message is not padded (a long one would pad every line to its width).
    const locs = r.findings.map((f) => `${f.start.line + 1}:${f.start.character + 1}`);
    const w0 = Math.max(...locs.map((x) => x.length));
    const w1 = Math.max(...r.findings.map((f) => f.severity.length));
    r.findings.forEach((f, i) => {
      lines.push(`  ${paint('gray', locs[i].padEnd(w0))}  ${paint(sevColour[f.severity], f.severity.padEnd(w1))}  ${f.message}  ${paint('gray', f.ruleId)}`);
      if (r.text === undefined) return;
      const { line, carets } = excerptAt(r.text, f.start.offset, f.end.offset, excerptWidth);
      lines.push(`${EXCERPT_INDENT}${line}`.trimEnd(), `${EXCERPT_INDENT}${paint(sevColour[f.severity], carets)}`);
    });
  }
  const { errors, others } = countSeverities(reports);
  const total = errors + others;
  if (total === 0) return '';
  // Name each severity that occurs: style findings (info) are not warnings, and a writer reading the summary should
  // not think they are. Errors are always named, as ESLint does.
  const bySeverity = new Map<Severity, number>();
  for (const r of reports) for (const f of r.findings) bySeverity.set(f.severity, (bySeverity.get(f.severity) ?? 0) + 1);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [plural(errors, 'error')];
  for (const [sev, word] of [['warning', 'warning'], ['info', 'info'], ['hint', 'hint']] as const) {
    const n = bySeverity.get(sev) ?? 0;
    if (n > 0 || (sev === 'warning' && others === 0)) parts.push(plural(n, word));
  }
  const summary = `✖ ${plural(total, 'problem')} (${parts.join(', ')})`;
  lines.push('', paint('bold', paint(errors ? 'red' : 'yellow', summary)));
  // Under audience auto, which standard each file was held to: both choices, not only the learner one named above.
  const audiences = autoAudienceSummary(reports);
  if (audiences) lines.push(paint('gray', `  ${audiences}`));
  // Where to read what a rule means: the pages shipped with the package.
  const pages = rulePagesDir();
  if (pages) lines.push(paint('gray', `  Each rule is explained in ${path.join(pages, '<rule>.md')}`));
  lines.push('');
  return lines.join('\n') + '\n';
};
