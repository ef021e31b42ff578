/** What every output format receives: one entry per linted file, findings in document coordinates. */
import type { AudienceDecision } from '../../engine/audience';
import { Finding } from '../../engine/types';

export interface FileReport {
  /** The path as shown to the user (relative to the working directory, forward slashes), or `<stdin>`. */
  file: string;
  findings: Finding[];
  /** The text the findings' offsets point into (for excerpts); absent when the formatter need not show any. */
  text?: string;
  /** The standard the file was held to (`engine/audience.ts`), when it was linted in this run. */
  audience?: AudienceDecision;
}

export interface FormatContext {
  /** ANSI colours (stylish only; on a TTY unless disabled). */
  color: boolean;
  /** Version of the tool and its models, for SARIF's driver. */
  toolVersion: string;
  /** Columns of the terminal the report is shown on (stylish excerpts fit it); absent: not a terminal. */
  columns?: number;
}

export type Formatter = (reports: readonly FileReport[], ctx: FormatContext) => string;

export function countSeverities(reports: readonly FileReport[]): { errors: number; others: number } {
  let errors = 0;
  let others = 0;
  for (const r of reports) for (const f of r.findings) f.severity === 'error' ? errors++ : others++;
  return { errors, others };
}
