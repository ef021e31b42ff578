/**
 * `--format github`: GitHub Actions workflow commands, one `::warning file=…,line=…,col=…::message` per finding
 * (1-based lines and columns), escaped as the runner requires.
 */
import { Severity } from '../../engine/types';
import { Formatter } from './report';

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice', hint: 'notice' };

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export const formatGithub: Formatter = (reports) => {
  const lines: string[] = [];
  for (const r of reports) {
    for (const f of r.findings) {
      const props = [
        `file=${escapeProperty(r.file)}`,
        `line=${f.start.line + 1}`,
        `col=${f.start.character + 1}`,
        `endLine=${f.end.line + 1}`,
        `endColumn=${f.end.character + 1}`,
        `title=${escapeProperty(`puncteme(${f.ruleId})`)}`,
      ];
      lines.push(`::${COMMAND[f.severity]} ${props.join(',')}::${escapeData(f.message)}`);
    }
  }
  return lines.length ? lines.join('\n') + '\n' : '';
};
