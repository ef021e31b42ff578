/**
 * The findings of both decisions side by side on one document (default: the README's `examples/sample.md`) and on
 * single sentences given with --sentence, each finding with its rule and confidence: what one decision finds that the
 * other does not.
 *
 *   npx tsx server/research/scorer/compareDecisions.ts [--file F] [--sentence S ...]
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { createLinter } from '../../src/engine';
import { lintDocument } from '../../src/prose';

const { values: opt } = parseArgs({
  options: { file: { type: 'string' }, sentence: { type: 'string', multiple: true } },
});

async function main(): Promise<void> {
  const linter = await createLinter();
  const show = (label: string, text: string, kind: 'markdown' | 'plaintext') => {
    for (const decision of ['calibrated', 'learned'] as const) {
      const fs_ = lintDocument(linter, text, kind, { decision });
      console.log(`${label} [${decision}] ${fs_.length} findings`);
      for (const f of fs_) console.log(`  ${f.start.offset}\t${f.ruleId}\t${(f.confidence ?? 0).toFixed(2)}\t${JSON.stringify(text.slice(Math.max(0, f.start.offset - 20), f.end.offset + 10))}`);
    }
  };
  if (opt.sentence?.length) for (const s of opt.sentence) show(s, s, 'plaintext');
  else {
    const file = opt.file ?? path.resolve(__dirname, '../../../examples/sample.md');
    show(file, fs.readFileSync(file, 'utf8'), file.endsWith('.md') ? 'markdown' : 'plaintext');
  }
}
main();
