/** `--format checkstyle`: Checkstyle XML (version 4.3), which most CI systems and review bots import. */
import { Severity } from '../../engine/types';
import { Formatter } from './report';

const SEVERITY: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'info', hint: 'info' };

/** XML attribute escaping, including characters XML 1.0 forbids outright (dropped). */
function xmlAttr(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}

export const formatCheckstyle: Formatter = (reports) => {
  const out = ['<?xml version="1.0" encoding="utf-8"?>', '<checkstyle version="4.3">'];
  for (const r of reports) {
    out.push(`  <file name="${xmlAttr(r.file)}">`);
    for (const f of r.findings) {
      out.push(
        `    <error line="${f.start.line + 1}" column="${f.start.character + 1}" severity="${SEVERITY[f.severity]}" ` +
          `message="${xmlAttr(f.message)}" source="puncteme.${xmlAttr(f.ruleId)}"/>`,
      );
    }
    out.push('  </file>');
  }
  out.push('</checkstyle>');
  return out.join('\n') + '\n';
};
