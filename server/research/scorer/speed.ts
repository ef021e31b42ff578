/**
 * A fixed workload for timing a decision as a whole process (one side of a side-by-side comparison): the first
 * `--docs` documents of the edited-english dev part linted as plain text, with the calibrated (default) or the
 * learned decision. Prints the number of findings so the two runs can be checked to have done the work.
 *
 *   npx tsx server/research/scorer/speed.ts --decision calibrated|learned [--docs 40]
 */
import { parseArgs } from 'util';
import { loadEngineParts, makeLinter } from '../../src/engine';
import { lintDocument } from '../../src/prose';
import { loadSuiteDocuments } from '../corruption/editedSuite';

const { values: opt } = parseArgs({ options: { decision: { type: 'string', default: 'calibrated' }, docs: { type: 'string', default: '40' } } });
if (opt.decision !== 'calibrated' && opt.decision !== 'learned') throw new Error('--decision calibrated|learned');
const docs = loadSuiteDocuments('dev').slice(0, Number(opt.docs));
const linter = makeLinter(loadEngineParts());
let findings = 0;
let sentences = 0;
for (const d of docs) {
  findings += lintDocument(linter, d.paragraphs.join('\n\n'), 'plaintext', { decision: opt.decision }).length;
  sentences += d.sentences.reduce((a, x) => a + x.length, 0);
}
console.log(`${opt.decision}: ${docs.length} documents, ${sentences} sentences, ${findings} findings`);
