/** `--format stylish` (default): findings grouped by file, one aligned line each, a summary; colours on a TTY. */
import { Severity } from '../../engine/types';
import { countSeverities, Formatter } from './report';

const ANSI = { red: 31, yellow: 33, blue: 34, gray: 90, bold: 1, underline: 4 } as const;

export const formatStylish: Formatter = (reports, ctx) => {
  const paint = (code: keyof typeof ANSI, s: string) => (ctx.color ? `\x1b[${ANSI[code]}m${s}\x1b[0m` : s);
  const sevColour: Record<Severity, keyof typeof ANSI> = { error: 'red', warning: 'yellow', info: 'blue', hint: 'gray' };
  const lines: string[] = [];
  for (const r of reports) {
    if (r.findings.length === 0) continue;
    lines.push('', paint('underline', r.file));
    const rows = r.findings.map((f) => [`${f.start.line + 1}:${f.start.character + 1}`, f.severity, f.message, f.ruleId]);
    const w0 = Math.max(...rows.map((x) => x[0].length));
    const w1 = Math.max(...rows.map((x) => x[1].length));
    const w2 = Math.max(...rows.map((x) => x[2].length));
    r.findings.forEach((f, i) => {
      const [loc, sev, msg, rule] = rows[i];
      lines.push(
        `  ${paint('gray', loc.padEnd(w0))}  ${paint(sevColour[f.severity], sev.padEnd(w1))}  ${msg.padEnd(w2)}  ${paint('gray', rule)}`,
      );
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
  lines.push('', paint('bold', paint(errors ? 'red' : 'yellow', summary)), '');
  return lines.join('\n') + '\n';
};
