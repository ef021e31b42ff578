/** `--format json`: exactly the engine's contract (issue 5) — an array of { file, audience, findings }, every file linted
 * (`audience`: the standard it was held to, when it was linted in this run rather than read from the cache). */
import { findingKeys } from '../../engine/findingKey';
import { Formatter } from './report';

export const formatJson: Formatter = (reports) =>
  JSON.stringify(
    reports.map((r) => {
      // Each finding's stable key (`engine/findingKey.ts`): the same across runs and edits elsewhere in the file.
      const keys = r.text !== undefined ? findingKeys(r.text, r.findings) : undefined;
      const findings = keys ? r.findings.map((f, i) => ({ ...f, key: keys[i] })) : r.findings;
      return { file: r.file, ...(r.audience ? { audience: r.audience } : {}), findings };
    }),
    null,
    2,
  ) + '\n';
