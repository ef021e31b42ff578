/**
 * The engine alone, without the protocol or the worker: the bench:lsp document linted through a paragraph cache as
 * the server's worker does, then the same 20 comma edits; per edit the minimum wall time over 3 passes (each pass
 * with a fresh paragraph cache), which is robust on a shared machine. Compares checkouts run in the same minutes.
 *
 *   npx tsx scripts/bench-lsp-engine.ts
 */
import { loadEngineParts, makeLinter } from '../server/src/engine';
import { ParagraphCache, extractProse, lintSteps, runSteps } from '../server/src/prose';
import { buildDocument, editPosition } from '../test/lsp/benchDocument';

const EDITS = 20;
const PASSES = 3;

function main(): void {
  const linter = makeLinter(loadEngineParts());
  const text = buildDocument(5000);
  const lines = text.split('\n');
  const edited = [...lines];
  const docs: string[] = [];
  for (let e = 0; e < EDITS; e++) {
    const { line, character } = editPosition(lines, e, EDITS);
    edited[line] = edited[line].slice(0, character) + ',' + edited[line].slice(character);
    docs.push(edited.join('\n'));
  }
  const lint = (cache: ParagraphCache, t: string) => runSteps(lintSteps(linter, t, extractProse(t, 'markdown'), {}, cache));
  const best = new Array<number>(EDITS).fill(Infinity);
  for (let pass = 0; pass < PASSES; pass++) {
    const cache = new ParagraphCache();
    lint(cache, text);
    docs.forEach((d, e) => {
      const t0 = performance.now();
      lint(cache, d);
      best[e] = Math.min(best[e], performance.now() - t0);
    });
  }
  const s = [...best].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)].toFixed(1);
  console.log(`engine alone, ${EDITS} edits, best of ${PASSES} passes: p50 ${at(50)} ms, p95 ${at(95)} ms, max ${at(100)} ms`);
}

main();
