/**
 * The tests module VS Code's extension host loads (`extensionTestsPath`): runs every `*.e2e.js` beside it with
 * mocha, in the real Node extension host with the full `vscode` API, and reports each test's outcome through the
 * channel's result file (the host's exit code and output do not reach the harness).
 */
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';
import { TestOutcome, UiClient } from '../harness/channel';

export async function run(): Promise<void> {
  const ui = UiClient.fromEnv();
  const tests: TestOutcome[] = [];
  try {
    const mocha = new Mocha({ ui: 'bdd', timeout: 45_000, color: false, reporter: 'spec' });
    for (const f of fs.readdirSync(__dirname).filter((f) => f.endsWith('.e2e.js')).sort()) {
      mocha.addFile(path.join(__dirname, f));
    }
    const { EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING } = Mocha.Runner.constants;
    await new Promise<void>((resolve) => {
      const runner = mocha.run(() => resolve());
      const record = (outcome: TestOutcome) => {
        tests.push(outcome);
        ui.progress({ tests });
      };
      runner.on(EVENT_TEST_PASS, (t) => record({ title: t.fullTitle(), state: 'passed', durationMs: t.duration }));
      runner.on(EVENT_TEST_PENDING, (t) => record({ title: t.fullTitle(), state: 'pending' }));
      // Also fires for failing hooks, whose "test" is the hook: report those too, or a broken `before` passes silently.
      runner.on(EVENT_TEST_FAIL, (t, err: Error) =>
        record({ title: t.fullTitle(), state: 'failed', durationMs: t.duration, error: err.stack ?? String(err) }),
      );
    });
    ui.finish({ tests });
  } catch (e) {
    ui.finish({ tests, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
}
