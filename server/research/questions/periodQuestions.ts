/**
 * Questions written with a period, found: every dev sentence that ends in "?" alone (EWT dev's gold sentences and
 * edited-english dev's), written with "." instead and linted alone as the engine lints a one-sentence document; a hit
 * is a finding that writes "?" after its last word. Also how many of those sentences the question candidate
 * (`correction/candidates/questionMarks.ts`) takes at all, which bounds what any decision can find.
 *
 *   [PUNCTEME_MODEL_DIR=DIR] npx tsx server/research/questions/periodQuestions.ts [--show]
 */
import { parseArgs } from 'util';
import { loadEngineParts, makeLinter } from '../../src/engine';
import { lintDocument } from '../../src/prose';
import { weighedCorrections } from '../../src/engine/weighedCorrections';
import { loadSuiteDocuments, SuiteDocument } from '../corruption/editedSuite';
import { EWT_DEV, ewtParagraphDocuments } from '../scorer/ewtDocuments';

const { values: opt } = parseArgs({ options: { show: { type: 'boolean' } } });
const parts = loadEngineParts();
const linter = makeLinter(parts);

/** The question candidate is weighed for the sentence (whatever the decision then does with it). */
function taken(text: string): boolean {
  return parts.analyser!.parseText(text).some((s) => weighedCorrections(s, parts, text)?.corrections.some((c) => c.kind === 'sentence-final/replace/question'));
}

function questions(docs: readonly SuiteDocument[]): string[] {
  const out: string[] = [];
  for (const doc of docs)
    for (const [p, sents] of doc.sentences.entries())
      for (const s of sents) {
        const text = doc.paragraphs[p].slice(s.start, s.end);
        if (/[^?!.]\?$/.test(text)) out.push(text.slice(0, -1) + '.');
      }
  return out;
}

for (const [name, docs] of [
  ['EWT dev', ewtParagraphDocuments(EWT_DEV)],
  ['edited-english dev', loadSuiteDocuments('dev')],
] as const) {
  const items = questions(docs);
  let found = 0;
  let candidates = 0;
  for (const text of items) {
    if (taken(text)) candidates++;
    const findings = lintDocument(linter, text, 'plaintext');
    const hit = findings.some((f) => f.fixes.some((x) => x.edits.some((e) => e.newText === '?' && e.end.offset === text.length)));
    if (hit) found++;
    if (opt.show) console.log(`${hit ? 'found ' : 'missed'}\t${text}`);
  }
  console.log(`${name}: ${items.length} questions written with a period, ${candidates} taken by the question candidate, ${found} found (${(found / Math.max(1, items.length)).toFixed(3)}; ${(found / Math.max(1, candidates)).toFixed(3)} of those taken)`);
}
