/**
 * `npm run golden:update`: rewrites the model-behaviour snapshots (test/golden/*.findings) from the shipped models,
 * and prints each changed line, so that the change reads as a diff (`git diff test/golden` shows the same).
 */
import * as fs from 'fs';
import * as path from 'path';
import { GOLDEN_CASES, goldenLinter, snapshotFile, snapshotOf } from '../test/golden/golden';

async function main(): Promise<void> {
  const linter = await goldenLinter();
  let changed = 0;
  for (const c of GOLDEN_CASES) {
    const file = snapshotFile(c);
    const next = snapshotOf(linter, c);
    const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (next === previous) {
      console.log(`${path.relative(process.cwd(), file)}: unchanged`);
      continue;
    }
    changed++;
    const before = new Set(previous.split('\n'));
    const after = new Set(next.split('\n'));
    console.log(`${path.relative(process.cwd(), file)}:`);
    for (const line of previous.split('\n')) if (line && !after.has(line)) console.log(`- ${line}`);
    for (const line of next.split('\n')) if (line && !before.has(line)) console.log(`+ ${line}`);
    fs.writeFileSync(file, next);
  }
  console.log(changed ? `${changed} snapshot(s) rewritten: review \`git diff test/golden\` before committing.` : 'no snapshot changed');
}

void main();
