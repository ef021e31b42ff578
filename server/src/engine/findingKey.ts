/**
 * A finding's stable key: the same finding keeps its key when the document changes elsewhere (lines added above it,
 * other paragraphs edited, other findings fixed), so CI's code scanning, a baseline or a reviewer can follow it from
 * one run to the next. Line numbers and offsets change with every edit above a finding, so the key is made from what
 * the finding is about instead: its rule, the text it covers and the words around it within its sentence (whitespace
 * collapsed, so a re-wrapped paragraph keeps its keys), and, where that text occurs more than once, which occurrence it is.
 */
import { createHash } from 'crypto';

/** Characters of context on each side of the finding that enter its key. */
export const KEY_CONTEXT = 40;

interface Keyed {
  ruleId: string;
  start: { offset: number };
  end: { offset: number };
}

const squash = (s: string) => s.replace(/\s+/g, ' ');
const PARAGRAPH_BREAK = /\n[ \t]*\n/;
/** A sentence's end mark and the space after it (the mark stays with its sentence). */
const SENTENCE_END = /(?<=[.?!]['"’”)\]]*)\s+(?=\S)/;

/** The keys of `findings` (of `text`), in their order: `<16 hex digits>` or `<16 hex digits>:<n>` for the n-th repeat. */
export function findingKeys(text: string, findings: readonly Keyed[]): string[] {
  const seen = new Map<string, number>();
  const order = findings.map((f, i) => i).sort((a, b) => findings[a].start.offset - findings[b].start.offset || findings[a].end.offset - findings[b].end.offset);
  const keys: string[] = new Array(findings.length);
  for (const i of order) {
    const f = findings[i];
    // Context stops at a blank line and at a sentence's end: fixing or editing the next sentence leaves the keys of
    // this one's findings alone.
    const before = squash(text.slice(Math.max(0, f.start.offset - KEY_CONTEXT), f.start.offset).split(PARAGRAPH_BREAK).pop()!.split(SENTENCE_END).pop()!);
    const covered = squash(text.slice(f.start.offset, f.end.offset));
    const after = squash(text.slice(f.end.offset, f.end.offset + KEY_CONTEXT).split(PARAGRAPH_BREAK)[0].split(SENTENCE_END)[0]);
    const digest = createHash('sha1').update(`${f.ruleId}\0${before}\0${covered}\0${after}`).digest('hex').slice(0, 16);
    const n = seen.get(digest) ?? 0;
    seen.set(digest, n + 1);
    keys[i] = n === 0 ? digest : `${digest}:${n}`;
  }
  return keys;
}
