/** `--format json`: exactly the engine's contract (issue 5) — an array of { file, findings }, every file linted. */
import { Formatter } from './report';

export const formatJson: Formatter = (reports) =>
  JSON.stringify(
    reports.map((r) => ({ file: r.file, findings: r.findings })),
    null,
    2,
  ) + '\n';
