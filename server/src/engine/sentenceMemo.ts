/**
 * The model's findings per sentence, remembered by the sentence's content. An editor re-lints a whole paragraph after
 * each keystroke; the parser already remembers the parses of the sentences the keystroke did not touch, and this
 * memo spares the model's work on them too (scoring every candidate edit of a sentence costs a few milliseconds,
 * which made up most of an edit's analysis).
 *
 * A sentence's findings depend on its tokens and its tree (with the parser a function of the tokens, but the benchmark
 * lints gold trees too, so the tree is in the key), on the characters of the text it covers plus one on each side (a fix looks at the spaces around a mark), and
 * on the decision context (threshold, serial-comma and introductory-comma settings, quote style). All of that is in the key; offsets are
 * stored relative to the keyed span, so a sentence that merely moved is still a hit, with its findings shifted.
 *
 * What depends on the rest of the document is not remembered here: under `introductoryComma: auto` the sentence's
 * part of the habit (its counts and pending omissions) is, and the decision over the document is made after it, on
 * every lint (`introductoryHabit.ts`); so are the findings it would add in an error-prone document
 * (`writerErrorRate.ts`).
 */
import * as crypto from 'crypto';
import { LRUCache } from 'lru-cache';
import { PlainFinding } from './finding';
import { SentenceFindings } from './correction/pipeline/modelRules';
import { AnalysedSentence } from './sentence';

/** Sentences remembered: a paragraph-sized neighbourhood of every recent edit, many times over (a digest and, rarely, a finding or two). */
export const SENTENCE_MEMO_ENTRIES = 2048;

export class SentenceFindingsMemo {
  private readonly entries: LRUCache<string, SentenceFindings>;

  constructor(maxEntries = SENTENCE_MEMO_ENTRIES) {
    this.entries = new LRUCache({ max: maxEntries });
  }

  /** The findings of `s` in `text` under `context`: remembered, or computed by `compute` and remembered. */
  findings(text: string, s: AnalysedSentence, context: string, compute: () => SentenceFindings): SentenceFindings {
    let lo = s.start;
    let hi = s.end;
    for (const t of s.tokens) {
      lo = Math.min(lo, t.start);
      hi = Math.max(hi, t.end);
    }
    lo = Math.max(0, lo - 1);
    hi = Math.min(text.length, hi + 1);
    const tokens = s.tokens.map((t) => `${t.start - lo}\u0001${t.end - lo}\u0001${t.punct ? 1 : 0}`).join('\u0002');
    const tree = s.tree.words.map((w) => `${w.form}\u0001${w.head}\u0001${w.deprel}\u0001${w.upos}\u0001${w.xpos}`).join('\u0002');
    const slots = s.tree.slots.map((marks) => marks.join('\u0001')).join('\u0002');
    const layout = `${s.start - lo}\u0003${s.end - lo}\u0003${tokens}\u0003${s.wordTokens.join(' ')}\u0003${s.slotTokens.map((x) => x.join(' ')).join(',')}`;
    // Hashed: the key is ~1 KB of text, its digest 28 bytes (the memo must not cost the server's memory budget).
    const key = sha1(`${context}\u0004${layout}\u0004${tree}\u0004${slots}\u0004${text.slice(lo, hi)}`);
    let hit = this.entries.get(key);
    if (hit === undefined) {
      hit = shiftAll(compute(), -lo);
      this.entries.set(key, hit);
    }
    return shiftAll(hit, lo);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * SHA-1 in base64: Node's one-shot `crypto.hash` where it has one (Node 20.12+; ~30% less time than a Hash object
 * for a key this size), else the same digest from `createHash` (an editor's older Node).
 */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'base64') => string }).hash;
const sha1 = oneShot ? (s: string): string => oneShot('sha1', s, 'base64') : (s: string): string => crypto.createHash('sha1').update(s).digest('base64');

function shiftAll(r: SentenceFindings, by: number): SentenceFindings {
  const out: SentenceFindings = { findings: r.findings.map((f) => shift(f, by)) };
  if (r.habit) out.habit = { ...r.habit, pending: r.habit.pending.map((p) => ({ ...p, finding: shift(p.finding, by) })) };
  if (r.adaptive) out.adaptive = r.adaptive.map((f) => shift(f, by));
  // Slot numbers, not offsets: kept as they are.
  if (r.overruled) out.overruled = r.overruled;
  if (r.commaInserts) out.commaInserts = r.commaInserts;
  return out;
}

/** A copy of `f` with every offset moved by `by` (the memo hands out copies: callers may change what they get). */
function shift(f: PlainFinding, by: number): PlainFinding {
  const out: PlainFinding = {
    ...f,
    start: f.start + by,
    end: f.end + by,
    fixes: f.fixes.map((x) => ({ title: x.title, edits: x.edits.map((e) => ({ start: e.start + by, end: e.end + by, newText: e.newText })) })),
  };
  if (f.related) out.related = f.related.map((r) => ({ ...r, start: r.start + by, end: r.end + by }));
  return out;
}
