/**
 * A finding in plain words, for a writer who is not a linguist and may be learning English: first what is wrong and
 * what to write instead, in short common words; then, apart ("More"), what the model saw: its bracketing of the
 * sentence, what it expected at the spot, how much more probable the correction is, and the confidence. The editor's
 * hover and `puncteme explain` show the same text (issue 33: explanations were written for linguists, the hover
 * repeated the editor's own message, and one line was printed twice).
 *
 * The finding's message stays as it is (it names the words involved, and the Problems panel shows it); the plain
 * lead does not repeat it.
 */
import { applyEdits } from './textEdits';
import { Finding } from './types';

export interface PlainExplanation {
  /** What is wrong, in one or two short sentences. */
  wrong: string;
  /** The text around the fix as it reads with the fix applied (the changed marks between `changed` markers), if any. */
  write?: { before: string; changed: string; after: string; cut: { start: boolean; end: boolean } };
  /** The model's view, one line each; a bracketing line is `{ tree }`. No line twice. */
  more: Array<string | { label: string; tree: string }>;
}

type Action = 'insert' | 'delete' | 'replace';

/** What a fix does: adds marks, removes them, or changes them. */
function actionOf(f: Finding): Action {
  const edits = f.fixes[0]?.edits ?? [];
  if (edits.length && edits.every((e) => e.start.offset === e.end.offset)) return 'insert';
  if (edits.length && edits.every((e) => e.newText === '')) return 'delete';
  return 'replace';
}

/**
 * What is wrong, per rule and what its fix does: words a learner knows (no "non-restrictive", "apposition",
 * "constituent"). Written for these rules (`ruleCatalog.ts`); a rule without a line here gets its message.
 */
const WRONG: Record<string, Partial<Record<Action, string>> & { any?: string }> = {
  'nonrestrictive-comma': {
    insert: 'Words that add extra information in the middle of a sentence need a comma before them and a comma after them.',
    delete: 'These words say which one you mean, so they are not extra information: no commas go around them.',
  },
  'subject-verb-comma': {
    any: 'A comma does not go between who does something and what they do (the subject and its verb), or between a verb and what follows it.',
  },
  'introductory-comma': {
    insert: 'Put a comma after the opening words of a sentence, before the main part starts.',
    delete: 'No comma is needed after these opening words.',
  },
  'comma-splice': {
    any: 'Two complete sentences are joined with only a comma. Use a period or a semicolon, or add a word such as "and".',
  },
  comma: { insert: 'A comma is missing here.', delete: 'This comma is not needed.', replace: 'A different mark belongs here.' },
  'sentence-final': {
    insert: 'A sentence ends with a period, a question mark or an exclamation mark.',
    replace: 'This sentence ends with the wrong mark.',
  },
  'serial-comma': {
    insert: 'Your style puts a comma before "and" or "or" at the end of a list of three or more.',
    delete: 'Your style puts no comma before "and" or "or" at the end of a list.',
  },
  'quote-placement': { any: 'Your quote style decides whether a period or comma goes inside or outside the closing quotation mark.' },
  'doubled-mark': { any: 'The same mark is written twice. Write it once.' },
  'mark-absorption': { any: 'Two marks are written together where one is enough. Keep the stronger one.' },
  'mark-spacing': { delete: 'No space goes before this mark: write it against the word before it.', any: 'One space goes after a comma.' },
  'unbalanced-pair': { any: 'A bracket or quotation mark is opened and not closed, or closed and not opened.' },
  'fused-sentence': { any: 'Two complete sentences run together with no mark between them. End the first with a period, or join them with a semicolon.' },
  'semicolon-colon': { any: 'A colon, not a semicolon, goes before a list or an explanation that follows a complete sentence.' },
  'date-comma': { any: 'In a date such as "May 4, 2020" a comma goes between the day and the year, and after a weekday ("Monday, May 4").' },
  'eg-comma': {
    insert: 'Your style puts a comma after "e.g." and "i.e.".',
    delete: 'Your style puts no comma after "e.g." and "i.e.".',
  },
};

/** Words of context on each side of the fix in the "write" excerpt. */
const WRITE_WORDS = 6;

/** The sentence-final rule's special cases, told by the fix's title (written by the engine for each). */
function sentenceFinalWrong(f: Finding, action: Action): string | undefined {
  const title = f.fixes[0]?.title ?? '';
  if (/question mark/i.test(title)) return 'This sentence asks a question, so it ends with a question mark.';
  if (title === 'Use a period') return 'This sentence tells about a question but does not ask it, so it ends with a period.';
  if (/restore/i.test(title) || (f.fixes[0]?.edits.length ?? 0) > 2) return 'This text has no punctuation marks, but it reads as several sentences.';
  return WRONG['sentence-final'][action];
}

/** The excerpt of `text` around the first fix, as it reads with the fix applied. */
function writeExcerpt(f: Finding, text: string): PlainExplanation['write'] {
  const edits = [...(f.fixes[0]?.edits ?? [])].sort((a, b) => a.start.offset - b.start.offset);
  if (!edits.length) return undefined;
  const first = edits[0].start.offset;
  const last = edits[edits.length - 1].end.offset;
  // A fix that rewrites a whole paragraph (a restored text) is too long to quote.
  if (last - first > 200) return undefined;
  const changed = applyEdits(text, edits, first, last);
  const lineStart = text.lastIndexOf('\n', first - 1) + 1;
  const lineEndAt = text.indexOf('\n', last);
  const lineEnd = lineEndAt < 0 ? text.length : lineEndAt;
  // Within the sentence: from after the last sentence end before the fix to the first one after it.
  const beforeText = text.slice(lineStart, first).split(/(?<=[.?!]['"’”)\]]*)\s+(?=\S)/).pop()!;
  let afterText = text.slice(last, lineEnd);
  const end = /[.?!]['"’”)\]]*(?=\s|$)/.exec(afterText);
  if (/[.?!]['"’”)\]]*$/.test(changed)) afterText = ''; // the fix ends the sentence
  else if (end) afterText = afterText.slice(0, end.index + end[0].length);
  const beforeWords = beforeText.split(/(?<=\s)(?=\S)/);
  const afterWords = afterText.split(/(?<=\S)(?=\s)/);
  const before = beforeWords.slice(-WRITE_WORDS).join('');
  const after = afterWords.slice(0, WRITE_WORDS).join('');
  return { before, changed, after, cut: { start: beforeWords.length > WRITE_WORDS, end: afterWords.length > WRITE_WORDS } };
}

/** "4.8e+4 times": a ratio said as a person would. */
export function plainRatio(odds: number): string {
  if (!Number.isFinite(odds) || odds >= 1e6) return 'more than a million times';
  if (odds >= 100) {
    const digits = Math.floor(Math.log10(odds)) - 1;
    return `about ${(Math.round(odds / 10 ** digits) * 10 ** digits).toLocaleString('en-US')} times`;
  }
  return `${odds >= 10 ? Math.round(odds) : odds.toFixed(1)} times`;
}

/** The model's explanation lines (`correction/pipeline/findings.ts`), said plainly; bracketings kept as trees. */
function moreLines(explanation: string): PlainExplanation['more'] {
  const out: PlainExplanation['more'] = [];
  const seen = new Set<string>();
  for (const raw of explanation.split('\n')) {
    const line = raw.trim();
    if (!line || seen.has(line)) continue;
    seen.add(line);
    const tree = /^(.*?:)?\s*(\[.*\])$/.exec(line);
    if (tree) {
      const label = /most probable tree/.test(tree[1] ?? '')
        ? 'How the model groups the words, with the punctuation it expects around each group (its most probable reading):'
        : (tree[1] ?? 'How the model groups the words:');
      out.push({ label, tree: tree[2] });
      continue;
    }
    const odds = /^The model finds the corrected punctuation ([\d.e+]+) times as likely for this sentence structure\.$/.exec(line);
    if (odds) {
      const ratio = Number(odds[1]);
      // Below 1 the model alone prefers what was written: the finding comes from a convention of edited prose (a
      // style setting, or a text held to learner standards), and the line says so instead of "0.0 times as likely".
      out.push(
        ratio >= 1
          ? `The model finds the corrected sentence ${plainRatio(ratio)} as likely as the sentence as written.`
          : 'The model alone does not prefer the change here: the finding follows the convention of edited prose.',
      );
      continue;
    }
    out.push(line);
  }
  return out;
}

/** The plain-words explanation of `f`, a finding of `text` (document offsets). */
export function plainExplanation(f: Finding, text: string): PlainExplanation {
  const action = actionOf(f);
  const row = WRONG[f.ruleId];
  const wrong = (f.ruleId === 'sentence-final' ? sentenceFinalWrong(f, action) : undefined) ?? row?.[action] ?? row?.any ?? f.message;
  const more = moreLines(f.explanation);
  // Not every producer's confidence is a calibrated frequency (a convention's is fixed, a small model's is its own
  // probability), so the line says what it is, not how often findings this sure are right.
  more.push(`Confidence: ${Math.round(f.confidence * 100)}% (how sure Puncteme is that this is an error).`);
  const write = writeExcerpt(f, text);
  return { wrong, ...(write ? { write } : {}), more };
}

/** The plain text of `plainExplanation` (the terminal's `puncteme explain`): the lead, then "More:" and the details. */
export function plainExplanationText(p: PlainExplanation): string[] {
  const lines = [p.wrong];
  if (p.write) lines.push(`Write: ${p.write.cut.start ? '…' : ''}${p.write.before}${p.write.changed}${p.write.after}${p.write.cut.end ? '…' : ''}`);
  lines.push('More:');
  for (const m of p.more) {
    if (typeof m === 'string') lines.push(`  ${m}`);
    else lines.push(`  ${m.label}`, `    ${m.tree}`);
  }
  return lines;
}
