/**
 * The benchmark document of `bench:lsp` and `bench-lsp-memory`, also read by the visible part's tests: Markdown built
 * from EWT dev sentences (front matter, headings, paragraphs of five sentences, a list and a code block now and then),
 * and the single-character edits typed into it (a comma after the first word of prose lines spread over the
 * document). Beside the tests' LSP client, which the benchmarks use too (the test project cannot import scripts).
 */
import * as fs from 'fs';
import * as path from 'path';

const DEV = path.resolve(__dirname, '../../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu');

/**
 * Sentences with an error the model finds, put first in paragraphs 1 and 6, and 31 and 35 (`planted`): the visible
 * part of the document (its first ~700 words, or a window in its middle) then has diagnostics, so that the time until they are shown can be measured (EWT
 * dev's own sentences there have none).
 */
const PLANTED: Record<number, string> = {
  1: 'The committee, which met on Tuesday approved the plan.',
  6: 'My brother, who lives in Boston is a doctor.',
  // And in the middle, for a window there (bench-lsp.ts --window-at 0.5).
  31: 'The committee, which met on Tuesday approved the plan.',
  35: 'My brother, who lives in Boston is a doctor.',
};

export function buildDocument(words: number, planted = false): string {
  const sentences = fs.readFileSync(DEV, 'utf8').split('\n').filter((l) => l.startsWith('# text = ')).map((l) => l.slice(9).trim());
  const out: string[] = ['---', 'title: Benchmark document', '---', ''];
  let count = 0;
  let i = 0;
  for (let para = 0; count < words; para++) {
    if (para % 8 === 0) out.push(`## Section ${para / 8 + 1}`, '');
    if (para % 10 === 5) out.push('```ts', 'const x = [1,, 2];', '```', '');
    const chunk = sentences.slice(i, i + 5);
    if (planted && PLANTED[para]) chunk[0] = PLANTED[para];
    i += 5;
    const text = para % 10 === 7 ? chunk.map((s) => `- ${s}`).join('\n') : chunk.join(' ');
    count += text.split(/\s+/).filter(Boolean).length;
    out.push(text, '');
  }
  return out.join('\n');
}

/** Where the e-th of `edits` commas goes: a line starting with a capitalised word, and the end of that word. */
export function editPosition(lines: readonly string[], e: number, edits: number): { line: number; character: number } {
  const prose = lines.map((l, i) => [l, i] as const).filter(([l]) => /^[A-Z][a-z]+ /.test(l)).map(([, i]) => i);
  const line = prose[Math.floor(((e + 0.5) * prose.length) / edits)];
  return { line, character: lines[line].indexOf(' ') };
}
