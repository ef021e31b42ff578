/**
 * Random documents for fuzzing the whole pipeline (prose extraction → engine → findings → safe fixes) and the
 * checks every result must pass. Shared by the bounded test (`fuzz.test.ts`, a fixed seed, a few seconds in
 * `npm test`) and the long run (`scripts/fuzz.ts`).
 */
import { validCachedFindings } from '../../server/src/cli/run/cachedFindings';
import { applyEdits, safeEdits, wordsOf } from '../../server/src/edits/safeFixes';
import { Linter } from '../../server/src/engine';
import { lineStarts, positionFromStarts } from '../../server/src/engine/positions';
import { Finding } from '../../server/src/engine/types';
import { lintDocument, ProseKind } from '../../server/src/prose';
import { Rng } from '../../server/src/random/seededRng';

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

const WORDS = ('the a of and to in is it that was he for on are with as his they be at one have this from or had by ' +
  'word but what some we can out other were all there when up use your how said an each she which do their time if ' +
  'However Moreover Although When My brother who lives in Paris doctor book I bought red car teacher writes poems').split(' ');
const MARKS = [',', ',', '.', ';', ':', '!', '?', ',,', '..', '...', '?!', ' ,', '"', "'", '(', ')', '“', '”', '‘', '’', '—', '–', '-', '/', '*', '_', '`', '$', '\\', '[', ']', '{', '}', '<', '>', '&', '#', '%', '@'];

/** Code points worth a parser's attention: combining marks, surrogate pairs, right-to-left, CJK, invisible and control characters. */
const ODD = [
  '\u0301', '\u0308', '\u200b', '\u200d', '\u200e', '\u202e', '\u2066', '\ufeff', '\u00a0', '\u3000', '\t', '\r\n', '\r', '\u2028',
  '\u0000', '\u0007', '\u001b[31m', '\u007f', '\u0085', '\ufffd', '\ud83d\ude00', '\ud83c\udff3\ufe0f\u200d\ud83c\udf08', '\ud800', '\udc00',
  'שלום', 'مرحبا', '日本語の文。', '한국어', 'Ελληνικά', 'кириллица', 'ﬁ', 'Ǆ', 'ß', 'İ', '½', '٣', '𝔘𝔫𝔦',
];

function sentence(rng: Rng): string {
  const n = int(rng, 1, 14);
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    let w = pick(rng, WORDS);
    if (rng() < 0.08) w = pick(rng, ODD) + w;
    if (rng() < 0.05) w += pick(rng, ODD);
    words.push(w);
    if (rng() < 0.25) words[words.length - 1] += pick(rng, MARKS);
  }
  const s = words.join(rng() < 0.05 ? '  ' : ' ');
  return s.charAt(0).toUpperCase() + s.slice(1) + pick(rng, ['.', '.', '.', '?', '!', '', ',', '..', '."', '.)', ' .']);
}

function paragraph(rng: Rng): string {
  return Array.from({ length: int(rng, 1, 4) }, () => sentence(rng)).join(rng() < 0.1 ? '\n' : ' ');
}

/** Markdown block shapes, prose among them. */
const MARKDOWN: Array<(rng: Rng) => string> = [
  (r) => paragraph(r),
  (r) => `${'#'.repeat(int(r, 1, 7))} ${sentence(r)}`,
  (r) => Array.from({ length: int(r, 1, 4) }, (_, i) => `${'  '.repeat(int(r, 0, 3))}${pick(r, ['-', '*', '+', `${i + 1}.`, `${i + 1})`])} ${sentence(r)}`).join('\n'),
  (r) => `${'> '.repeat(int(r, 1, 6))}${paragraph(r)}`,
  (r) => '```' + pick(r, ['', 'js', 'sh']) + `\nconst list = [1, 2, 3];,, ${sentence(r)}\n` + (r() < 0.8 ? '```' : ''),
  (r) => `    indented code, with commas,, ${sentence(r)}`,
  (r) => `${sentence(r)} \`code, with, commas\` ${sentence(r)}`,
  (r) => `See [${sentence(r)}](https://example.org/a,,b) and <https://x.org/p?a=1,,2>, ${sentence(r)}`,
  (r) => `${sentence(r)}[^${int(r, 1, 3)}]\n\n[^${int(r, 1, 3)}]: ${paragraph(r)}`,
  (r) => `| a,, b | c |\n|---|---|\n| ${sentence(r)} | d |`,
  (r) => `<div class="x,,y">${sentence(r)}</div>`,
  (r) => `<!-- puncteme-disable${r() < 0.5 ? ' comma' : ''} -->\n${paragraph(r)}\n<!-- puncteme-enable -->`,
  (r) => `*${sentence(r)}* and **${sentence(r)}** ~~${sentence(r)}~~`,
  (r) => `Let $x,,y$ be ${sentence(r)} It costs $5, or $10. $$\na,,b\n$$`,
  (r) => `---\ntitle: "a,, b"\n---`,
  (r) => `![alt,, text](pic.png) ${sentence(r)}`,
  (r) => `${sentence(r)}  \n${sentence(r)}\\\n${sentence(r)}`,
  (r) => `Setext ${sentence(r)}\n${pick(r, ['===', '---'])}`,
  (r) => pick(r, ['***', '---', '', '\n', '```', '~~~', '<!--', '-->', '[', '](', '&amp;,, &#44;', '\\,\\,']),
];

/** LaTeX shapes. */
const LATEX: Array<(rng: Rng) => string> = [
  (r) => paragraph(r),
  (r) => `\\section{${sentence(r)}}`,
  (r) => `${sentence(r)} $a,,b$ and \\(x,,y\\) ${sentence(r)}`,
  (r) => `\\begin{equation}\na,, b\n\\end{equation}`,
  (r) => `% a comment,, here\n${paragraph(r)}`,
  (r) => `\\emph{${sentence(r)}} \\textbf{${sentence(r)}} \\verb|a,,b| \\cite{k,,j}`,
  (r) => `\\begin{itemize}\n\\item ${sentence(r)}\n\\item ${sentence(r)}\n\\end{itemize}`,
  (r) => `\\documentclass{article}\n\\usepackage{x,,y}\n\\begin{document}`,
  (r) => pick(r, ['{', '}', '\\', '$', '$$', '\\begin{verbatim}', '\\end{document}', '%', '\\\\', '~']),
];

/** A random document of `kind`, of about `blocks` blocks. */
export function randomDocument(rng: Rng, kind: ProseKind, blocks: number): string {
  const shapes = kind === 'markdown' ? MARKDOWN : kind === 'latex' ? LATEX : [(r: Rng) => paragraph(r), (r: Rng) => pick(r, ODD)];
  const parts = Array.from({ length: blocks }, () => pick(rng, shapes)(rng));
  return parts.join(pick(rng, ['\n\n', '\n\n', '\n', '\r\n\r\n', '\n\n\n'])) + (rng() < 0.7 ? '\n' : '');
}

/** What must hold for any document: returns the problems found (empty when all is well). */
export function checkDocument(linter: Linter, text: string, kind: ProseKind, fixMinConfidence = 0.5): string[] {
  const problems: string[] = [];
  const failures: string[] = [];
  const lint = (t: string): Finding[] =>
    lintDocument(linter, t, kind, {}, undefined, { onBlockError: (e) => failures.push(String((e as Error).stack ?? e)) });
  let findings: Finding[];
  try {
    findings = lint(text);
  } catch (e) {
    return [`lint threw: ${(e as Error).stack ?? e}`];
  }
  if (failures.length) problems.push(`a paragraph's analysis threw: ${failures[0]}`);
  const starts = lineStarts(text);
  for (const f of findings) {
    for (const p of [f.start, f.end, ...f.fixes.flatMap((x) => x.edits.flatMap((e) => [e.start, e.end]))]) {
      if (!(p.offset >= 0 && p.offset <= text.length)) problems.push(`${f.ruleId}: offset ${p.offset} out of range 0..${text.length}`);
      else {
        const q = positionFromStarts(starts, p.offset);
        if (q.line !== p.line || q.character !== p.character) problems.push(`${f.ruleId}: position ${JSON.stringify(p)} does not match its offset`);
      }
    }
    if (f.start.offset > f.end.offset) problems.push(`${f.ruleId}: start after end`);
  }
  // Every finding, range and edit lies in prose (the guard the cache's entries must pass too).
  if (!problems.length && !validCachedFindings(findings, text, kind)) problems.push('a finding or an edit lies outside prose');
  // The safe fixes, applied together pass after pass as --fix does, change no word (the check before --fix's own last guard).
  let current = text;
  let currentFindings = findings;
  for (let pass = 0; pass < 3 && !problems.length; pass++) {
    const edits = safeEdits(current, currentFindings, fixMinConfidence);
    if (!edits.length) break;
    const next = applyEdits(current, edits);
    const before = wordsOf(text);
    const after = wordsOf(next);
    if (before.length !== after.length || before.some((w, i) => w !== after[i])) {
      problems.push(`the safe fixes of pass ${pass + 1} changed words: ${JSON.stringify(edits.map((e) => [current.slice(e.start.offset, e.end.offset), e.newText]))}`);
      break;
    }
    current = next;
    try {
      currentFindings = lint(current);
    } catch (e) {
      problems.push(`lint of the fixed text threw: ${(e as Error).stack ?? e}`);
    }
  }
  return problems;
}
