/**
 * Real text with its punctuation removed, for restoration's property tests and benchmark: EWT sentences, edited-english
 * paragraphs (by the held-out rule of the brief: document d within its source file is held out iff d % 10 == 9, dev iff
 * d % 10 == 8) and README paragraphs from node_modules. And the independent checks of a restoration: the writer's
 * words are all there, unchanged, and the inserted brackets and quotes are balanced.
 */
import * as fs from 'fs';
import * as path from 'path';
import { ewtFile } from '../ewt';

export const EDITED_DIR = path.resolve(__dirname, '..', '..', '..', 'shared', 'data', 'edited-english');

const LEADING = /^[(\[{"“‘'«¿¡*_.…]+/u;
const TRAILING = /[)\]}"”’'»,.;:!?…*_]+$/u;
/** A token that is marks only (a dash, an ellipsis, `&`): dropped from the unpunctuated text. */
const ONLY_MARKS = /^[\p{P}\p{S}]+$/u;

/**
 * The text without its punctuation between words: each whitespace-separated token loses the marks at its edges, and
 * tokens of marks alone are dropped; marks inside a token (`twenty-one`, `node_modules`, `it's`, `3.5`, a URL) stay.
 */
export function unpunctuate(text: string): string {
  return text
    .split(/\s+/)
    .map((t) => t.replace(LEADING, '').replace(TRAILING, ''))
    .filter((t) => t !== '' && !ONLY_MARKS.test(t))
    .join(' ');
}

export function ewtTexts(split: 'train' | 'dev' | 'test'): string[] {
  return fs
    .readFileSync(ewtFile(split), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('# text = '))
    .map((l) => l.slice('# text = '.length).trim());
}

/** EWT's documents (`# newdoc`), each its paragraphs (`# newpar`), each its sentences' texts, in order. */
export function ewtDocumentParagraphs(split: 'train' | 'dev' | 'test'): string[][][] {
  const docs: string[][][] = [];
  for (const l of fs.readFileSync(ewtFile(split), 'utf8').split('\n')) {
    if (l.startsWith('# newdoc') || docs.length === 0) docs.push([[]]);
    const doc = docs[docs.length - 1];
    if (l.startsWith('# newpar') && doc[doc.length - 1].length > 0) doc.push([]);
    if (l.startsWith('# text = ')) doc[doc.length - 1].push(l.slice('# text = '.length).trim());
  }
  return docs.map((d) => d.filter((p) => p.length > 0)).filter((d) => d.length > 0);
}

/** EWT's paragraphs (`# newpar`, `# newdoc`): their sentences' texts, in order. */
export function ewtParagraphs(split: 'train' | 'dev' | 'test'): string[][] {
  return ewtDocumentParagraphs(split).flat();
}

/** A paragraph whose last sentence ends with a mark (`.`, `?`, `!`, `,`, `:`, `;`, a closing quote or bracket after one). */
const ENDS_WITH_MARK = /[.?!,:;…][)\]"'”’»]*$/u;

/**
 * Runs of up to `most` consecutive paragraphs of one document, each run the sentences of its paragraphs in order: what
 * dictation gives when a writer speaks past a paragraph's end (`… see you at ten best regards anna`). A paragraph the
 * writer ended without a mark (a heading, a name under a sign-off) only ends a run, so that every junction inside a run
 * carries the writer's own mark. Runs of one paragraph are left out: the paragraphs themselves are those.
 */
export function joinedParagraphRuns(docs: readonly string[][][], most: number): string[][] {
  const out: string[][] = [];
  for (const doc of docs) {
    for (let a = 0; a < doc.length; ) {
      let b = a;
      while (b + 1 < doc.length && b - a + 1 < most && ENDS_WITH_MARK.test(doc[b][doc[b].length - 1])) b++;
      if (b > a) out.push(doc.slice(a, b + 1).flat());
      a = b + 1;
    }
  }
  return out;
}

/**
 * A short sentence of this opening is a formula (issue #31's fused "Thanks for the update I had a look …"): what
 * `scripts/restore-formula-joins.ts` counts, and what the tagger's trainer joins to a following sentence (JOIN_FORMULAE).
 */
export const FORMULA_OPENING = /^(thanks|thank you|thx|sounds good|sounds great|great|ok|okay|hi|hello|hey|dear|cheers|sure|no problem|got it|good morning|good afternoon|will do|perfect|excellent|yes|no|regards|best regards)\b/i;

export type EditedPart = 'train' | 'dev' | 'heldout';

/** Paragraphs of edited-english of one part (documents are separated by blank lines, counted per source file). */
export function editedParagraphs(part: EditedPart): Array<{ source: string; text: string }> {
  const out: Array<{ source: string; text: string }> = [];
  for (const f of fs.readdirSync(EDITED_DIR).filter((f) => f.endsWith('.txt') && !f.startsWith('LICENSE')).sort()) {
    const docs = fs.readFileSync(path.join(EDITED_DIR, f), 'utf8').split(/\n\s*\n/);
    docs.forEach((doc, d) => {
      const p: EditedPart = d % 10 === 9 ? 'heldout' : d % 10 === 8 ? 'dev' : 'train';
      if (p !== part) return;
      for (const line of doc.split('\n')) if (line.trim()) out.push({ source: f, text: line.trim() });
    });
  }
  return out;
}

/** Prose paragraphs of the READMEs under node_modules: no code, lists, headings, tables or HTML; at least 8 words. */
export function readmeParagraphs(root: string, limit: number): string[] {
  const out: string[] = [];
  const dirs = fs.readdirSync(root).sort();
  for (const d of dirs) {
    if (out.length >= limit) break;
    const pkgs = d.startsWith('@') ? fs.readdirSync(path.join(root, d)).map((s) => path.join(d, s)) : [d];
    for (const p of pkgs) {
      const f = path.join(root, p, 'README.md');
      if (!fs.existsSync(f)) continue;
      const text = fs.readFileSync(f, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const para of text.split(/\n\s*\n/)) {
        const lines = para.split('\n');
        if (lines.some((l) => /^\s*([-*+>|#<]|\d+[.)]|\s{4})/.test(l) || /[<>[\]]|`|\|/.test(l))) continue;
        const one = lines.join(' ').trim();
        if (one.split(/\s+/).length >= 8 && /[.!?]$/.test(one)) out.push(one);
      }
    }
  }
  return out.slice(0, limit);
}

/**
 * Whether `output` is `input` with only marks inserted between words and sentence-initial letters capitalised:
 * the whitespace-separated tokens match one to one (tokens of inserted marks alone, such as a dash, aside), each
 * output token being its input token with marks before and after it and perhaps its first letter upper-cased.
 * Returns the first difference, or undefined.
 */
export function wordChange(input: string, output: string): string | undefined {
  const ins = input.split(/\s+/).filter(Boolean);
  const outs = output.split(/\s+/).filter(Boolean);
  let j = 0;
  for (const t of ins) {
    while (j < outs.length && ONLY_MARKS.test(outs[j]) && !(ONLY_MARKS.test(t) && outs[j] === t)) j++;
    const o = outs[j++];
    if (o === undefined) return `missing "${t}"`;
    const at = [t, t.charAt(0).toUpperCase() + t.slice(1)].map((v) => ({ v, k: o.indexOf(v) })).find((c) => c.k >= 0);
    if (!at) return `"${t}" became "${o}"`;
    const before = o.slice(0, at.k);
    const after = o.slice(at.k + at.v.length);
    if (!/^[(\[“‘"'—-]*$/u.test(before) || !/^[)\]”’"',.;:!?…—-]*$/u.test(after)) return `"${t}" became "${o}"`;
  }
  while (j < outs.length && ONLY_MARKS.test(outs[j])) j++;
  if (j < outs.length) return `extra "${outs[j]}"`;
  return undefined;
}

/** Brackets and quotation marks in `output` that `input` does not have, unpaired: 0 when restoration balanced them. */
export function unbalancedInserted(input: string, output: string): number {
  const count = (s: string, c: string) => s.split(c).length - 1;
  let bad = 0;
  for (const [o, c] of [['(', ')'], ['[', ']'], ['“', '”'], ['‘', '’']]) {
    bad += Math.abs(count(output, o) - count(input, o) - (count(output, c) - count(input, c)));
  }
  bad += Math.abs(count(output, '"') - count(input, '"')) % 2;
  return bad;
}


/** Per word slot (n + 1 of them), the marks written there, normalised (quote shapes and dash forms folded). */
export function slotMarks(text: string): string[][] {
  const slots: string[] = [''];
  for (const t of text.split(/\s+/).filter(Boolean)) {
    if (ONLY_MARKS.test(t)) {
      slots[slots.length - 1] += ' ' + t;
      continue;
    }
    const lead = LEADING.exec(t)?.[0] ?? '';
    const rest = t.slice(lead.length);
    const trail = TRAILING.exec(rest)?.[0] ?? '';
    if (rest.length === trail.length) {
      slots[slots.length - 1] += ' ' + t;
      continue;
    }
    slots[slots.length - 1] += lead;
    slots.push(trail);
  }
  return slots.map((s) =>
    (s.replace(/[“”]/g, '"').replace(/[‘’]/g, "'").replace(/…/g, '...').replace(/--+|–|(?<=\s|^)-(?=\s|$)/g, '—').match(/\.\.\.|[^\s]/g) ?? []).filter(
      (m) => m !== '*' && m !== '_',
    ),
  );
}

/** Dictated input: the words alone, a sentence's first letter lowered unless the word looks like a name or acronym. */
export function dictated(sentences: readonly string[]): string {
  return sentences
    .map((s) => unpunctuate(s))
    .filter(Boolean)
    .map((s) => s.replace(/^(\p{Lu})(\p{Ll}*)(?=\s|$)/u, (w, a, b) => (w === 'I' ? w : a.toLowerCase() + b)))
    .join(' ');
}

/**
 * `count` of xs spread evenly over them (every k-th), so that a small sample covers the whole corpus; `offset`: the
 * next ones of the same spread (0 … the spacing − 1).
 */
export function spread<T>(xs: readonly T[], count: number, offset = 0): T[] {
  const k = Math.max(1, Math.floor(xs.length / count));
  if (offset >= k) throw new Error(`${count} of ${xs.length} leave no spread at offset ${offset}`);
  return xs.filter((_, i) => i % k === offset).slice(0, count);
}
