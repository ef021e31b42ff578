/**
 * A file's findings do not depend on which other files the same run lints: `puncteme lint DIR` (one process, files
 * interleaved) reports for each file what `puncteme lint FILE` reports for it alone, at the defaults and under
 * `--audience auto` (each document chooses its own standard).
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { removeRepo, ROOT, runCli, tempRepo } from './helpers';

const FILES = ['examples/sample.md', 'examples/probes/learner-errors.md', 'examples/probes/edited-prose.md', 'examples/probes/docs-with-file-names.md'];

type Report = Array<{ file: string; findings: unknown[] }>;

describe('lint: a file alone and among others', function () {
  this.timeout(240000);

  it('each file gets the same findings in a run over the folder as alone (-j 1 and the default workers)', () => {
    const files = Object.fromEntries(FILES.map((f) => [path.basename(f), fs.readFileSync(path.join(ROOT, f), 'utf8')]));
    const dir = tempRepo(files);
    try {
      const alone = new Map<string, unknown[]>();
      for (const name of Object.keys(files)) {
        const r = runCli(['lint', '--format', 'json', name], { cwd: dir });
        alone.set(name, (JSON.parse(r.stdout) as Report)[0].findings);
      }
      for (const jobs of [['-j', '1'], []]) {
        const r = runCli(['lint', '--format', 'json', ...jobs, '.'], { cwd: dir });
        const together = JSON.parse(r.stdout) as Report;
        assert.equal(together.length, alone.size);
        for (const report of together) assert.deepEqual(report.findings, alone.get(path.basename(report.file)), `${report.file} ${jobs.join(' ')}`);
      }
    } finally {
      removeRepo(dir);
    }
  });
});
