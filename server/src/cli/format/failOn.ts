/**
 * Which findings fail a `puncteme lint` run. By default warnings and errors do; style findings (`info`: a transition's
 * comma, a setting's quote placement) and hints are reported without failing CI, since they state a house style.
 */
import { Severity } from '../../engine/types';
import { FileReport } from './report';

/** The severities from the most to the least severe. */
const RANK: readonly Severity[] = ['error', 'warning', 'info', 'hint'];

export const isFailOn = (v: string): v is Severity => (RANK as readonly string[]).includes(v);
export const FAIL_ON_USAGE = '--fail-on: error, warning, info or hint';

/**
 * 1 when the reports hold a finding of severity `error`, or (of the other findings at or above `failOn`) any at all,
 * or more than `maxWarnings` when it is given; else 0. An `error` finding always fails, as with ESLint's --max-warnings.
 */
export function exitCodeFor(reports: readonly FileReport[], failOn: Severity, maxWarnings?: number): 0 | 1 {
  const limit = RANK.indexOf(failOn);
  let errors = 0;
  let others = 0;
  for (const r of reports) {
    for (const f of r.findings) {
      if (f.severity === 'error') errors++;
      else if (RANK.indexOf(f.severity) <= limit) others++;
    }
  }
  if (errors > 0) return 1;
  return (maxWarnings === undefined ? others > 0 : others > maxWarnings) ? 1 : 0;
}
