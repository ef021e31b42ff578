import { strict as assert } from 'assert';
import * as fs from 'fs';
import { GOLDEN_CASES, goldenLinter, snapshotFile, snapshotOf } from './golden';
import { Linter } from '../../server/src/engine';

describe('model-behaviour snapshots (test/golden/*.findings; npm run golden:update rewrites them)', () => {
  let linter: Linter;
  before(async () => {
    linter = await goldenLinter();
  });

  for (const c of GOLDEN_CASES) {
    it(`${c.source}: the findings are the snapshot's`, () => {
      assert.ok(fs.existsSync(snapshotFile(c)), `${snapshotFile(c)} is missing: run npm run golden:update`);
      assert.equal(snapshotOf(linter, c), fs.readFileSync(snapshotFile(c), 'utf8'), 'the findings changed: read the diff of `npm run golden:update`, then commit it if every change is right');
    });
  }
});
