/**
 * The line of the stylish summary that says which standard `audience: auto` chose (`engine/audience.ts`): a file it
 * held to learner standards gets more findings than edited prose would, and one it held to edited prose fewer, so
 * the reader of a run should see both choices, not only the learner one its file's heading names.
 */
import type { FileReport } from './report';

/** "audience auto: edited-prose standards for 3 files, learner standards for 1 (…)", or undefined if no file was decided by auto. */
export function autoAudienceSummary(reports: readonly FileReport[]): string | undefined {
  let edited = 0;
  let learner = 0;
  for (const r of reports) {
    if (r.audience?.by !== 'auto') continue;
    if (r.audience.audience === 'learner') learner++;
    else edited++;
  }
  if (edited + learner === 0) return undefined;
  const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
  const parts = [
    ...(edited ? [`edited-prose standards for ${files(edited)}`] : []),
    ...(learner ? [`learner standards for ${files(learner)}`] : []),
  ];
  return `audience auto: ${parts.join(', ')} (set "audience" to choose)`;
}
