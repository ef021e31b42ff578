/**
 * Missing and stray commas found by the comma-gap model (`model.ts`) at every gap of a sentence as written, whether or
 * not the parse read a phrase there that takes commas: the set-off comma candidates miss a third of the appositions
 * whose commas were left out, because the comma-less parse reads them as compounds (journal, "Comma gaps learned from
 * edited English"). The two missing edges of one relative clause or apposition are reported as one finding with one
 * fix, and of the gaps that could close a pair a comma opened, only the likeliest (one closing comma per opening). Each finding's explanation names, in plain words, what weighed most for it.
 */
import { normWord } from '../../restore/boundaries';
import { featureIndex } from '../../restore/hashedLogistic';
import { PlainEdit, PlainFinding } from '../finding';
import { AnalysedSentence } from '../sentence';
import { TreeInfo, treeInfo } from '../treeInfo';
import { GapHead, GapKind, gapFeatures, gapHead, gapKind, GapSentence, gapSentence, openerAfterComma, setOffAt } from './features';
import { CommaGapsModel, gapProbabilityAt, gapThreshold } from './model';

export interface CommaGapOptions {
  minConfidence?: number;
  /** `EngineModel.commaPrior` of the sentence's tree (a feature; without it the model reads none). */
  prior?: Float64Array;
}

/** A finding with the kind of gap it is about (an introductory comma waits for the document's habit under `auto`). */
export interface CommaGapFinding {
  finding: PlainFinding;
  kind: GapKind;
  head: GapHead;
  /** The gaps it edits (slot i: after word i). */
  slots: number[];
}

interface Flagged {
  i: number;
  head: GapHead;
  kind: GapKind;
  p: number;
  features: string[];
}

const RULE: Record<GapHead, Record<GapKind, string>> = {
  missing: { relative: 'nonrestrictive-comma', appositive: 'nonrestrictive-comma', introductory: 'introductory-comma', coordinator: 'comma', 'subject-verb': 'comma', 'verb-object': 'comma', restrictive: 'comma', 'after-coordinator': 'comma', other: 'comma' },
  stray: { relative: 'comma', appositive: 'comma', introductory: 'comma', coordinator: 'comma', 'subject-verb': 'subject-verb-comma', 'verb-object': 'subject-verb-comma', restrictive: 'nonrestrictive-comma', 'after-coordinator': 'comma', other: 'comma' },
};

/**
 * What a feature that weighed for the finding says, in plain words (templates of `features.ts`); undefined for those
 * that say nothing a writer could use (a tag pair, a bucket of positions).
 */
function plainReason(f: string, head: GapHead): string | undefined {
  const [name, value = ''] = f.slice(2).split('=');
  const parts = value.split('|');
  const comma = head === 'missing' ? 'a comma' : 'no comma';
  switch (name) {
    case 'w1':
      return `editors write ${comma} before "${value}" in sentences like this one`;
    case 'w0':
      return `editors write ${comma} after "${value}" in sentences like this one`;
    case 'opener|partner':
    case 'opener|O':
      return /^[a-z]/.test(parts[0]) ? `a phrase that opens with "${parts[0]}" here ${head === 'missing' ? 'is usually set off with commas' : 'usually says which one is meant'}` : undefined;
    case 'openedBefore':
    case 'openedBefore|w1':
      return parts[0] !== 'none' ? 'a comma opens the phrase that ends here, so a comma also closes it' : undefined;
    case 'closedAfter':
    case 'closedAfter|u0':
      return parts[0] !== 'none' ? 'a comma closes the phrase that starts here, so a comma also opens it' : undefined;
    case 'C|partner':
      return parts[1] === 'comma' ? 'a comma before the phrase that ends here asks for its closing comma' : undefined;
    case 'O|partner':
      return parts[1] === 'comma' ? 'the phrase that starts here already has its closing comma' : undefined;
    case 'C|O|partners':
      return parts[2] === 'comma' || parts[3] === 'comma' ? 'a comma on the other side of the phrase asks for this one' : undefined;
    case 'front':
      return parts[1] === 'true' && parts[2] === 'true' && parts[3] === 'true' ? 'the words before it open the sentence before its main part' : undefined;
    case 'front|first':
      return value !== '-' ? 'the words before it open the sentence before its main part' : undefined;
    case 'cc':
    case 'cc|after':
      return parts[0] === 'clauses' ? 'the word after it joins two complete sentences' : undefined;
    case 'prior':
    case 'prior|C|O':
    case 'prior|u0|u1':
      return head === 'missing' ? 'the punctuation model also expects a comma here' : 'the punctuation model does not expect a comma here';
    case 'open':
    case 'open|dist':
    case 'open|x1':
    case 'open|u0|u1':
      if (parts[0] === 'none' || !/^([a-z]+|np:.*)$/.test(parts[0])) return undefined;
      return head === 'missing'
        ? `the comma before "${parts[0].startsWith('np:') ? 'the phrase after the name' : parts[0]}" opens a phrase that no comma has closed yet`
        : `the comma before "${parts[0].startsWith('np:') ? 'the phrase after the name' : parts[0]}" already opens a phrase`;
    case 'close':
    case 'close|dist':
      return parts[0] !== 'none' && head === 'missing' ? 'a comma closes the phrase that starts here, so a comma also opens it' : undefined;
    case 'lead':
      return parts[2] === 'false' && head === 'missing' ? 'the words before it have no verb of their own: they open the sentence' : undefined;
    case 'rootSide':
      return parts[1] === 'subjNext' ? 'the main part of the sentence starts right after it' : undefined;
    default:
      return undefined;
  }
}

/** The plain reasons of the features that weighed most for the finding (at most two, no line twice). */
function reasonsOf(model: CommaGapsModel, g: Flagged): string[] {
  const weighed = g.features.map((f) => ({ f, w: model.weights.at(featureIndex(f, model.bits)) })).sort((a, b) => b.w - a.w);
  const out: string[] = [];
  for (const { f, w } of weighed) {
    if (w <= 0 || out.length >= 2) break;
    const r = plainReason(f, g.head);
    if (r && !out.includes(r)) out.push(r);
  }
  return out;
}

function quoted(text: string, s: AnalysedSentence, from: number, to: number, max = 6): string {
  const words = to - from + 1;
  const last = words > max ? from + max - 1 : to;
  return text.slice(s.tokens[s.wordTokens[from - 1]].start, s.tokens[s.wordTokens[last - 1]].end) + (words > max ? ' …' : '');
}

function messageOf(text: string, s: AnalysedSentence, g: Flagged, span?: [number, number]): { message: string; title: string } {
  const word = (k: number) => s.tree.words[k - 1].form;
  const L = word(g.i);
  const R = word(g.i + 1);
  if (g.head === 'missing') {
    if ((g.kind === 'relative' || g.kind === 'appositive') && span) {
      const phrase = quoted(text, s, span[0], span[1]);
      return { message: `"${phrase}" adds information rather than saying which one is meant: set it off with commas.`, title: 'Add a comma' };
    }
    if (g.kind === 'introductory') return { message: `A comma goes after the opening phrase "${quoted(text, s, 1, g.i)}", before the main clause.`, title: `Add a comma after "${L}"` };
    if (g.kind === 'coordinator') return { message: `A comma goes before "${R}" when it joins two complete clauses.`, title: `Add a comma before "${R}"` };
    return { message: `Editors would write a comma between "${L}" and "${R}".`, title: `Add a comma after "${L}"` };
  }
  if (g.kind === 'subject-verb') return { message: `No comma goes between the subject and its verb ("${L}, ${R}").`, title: 'Remove the comma' };
  if (g.kind === 'verb-object') return { message: `No comma goes between a verb and what it takes ("${L}, ${R}").`, title: 'Remove the comma' };
  if (g.kind === 'restrictive') return { message: `The clause after "${L}" says which one is meant: no comma goes before it.`, title: 'Remove the comma' };
  if (g.kind === 'after-coordinator') return { message: `No comma goes right after "${L}".`, title: 'Remove the comma' };
  return { message: `Editors would not write a comma between "${L}" and "${R}".`, title: 'Remove the comma' };
}

/**
 * The comma before a relative clause at gap i is one of a pair the writer wrote: the clause is closed by a comma too
 * ("My car, that I bought last year, broke down"), or the comma closes a phrase opened by one ("a common belief,
 * shared by many teachers, that we should read"). Taking it away alone leaves the other comma alone, a worse sentence;
 * the gap model asks about one gap at a time (`test/engine/editedProseConventions.test.ts` caught both), so a written
 * pair is left to the pipeline.
 */
function writtenPair(info: ReturnType<typeof treeInfo>, comma: readonly boolean[], i: number): boolean {
  for (let w = 1; w <= info.n; w++) {
    const [a, b] = info.span[w];
    if (a === i + 1 && info.rel(w) === 'acl:relcl' && b < info.n && comma[b]) return true;
    // A phrase opened by a comma before the gap that ends at it or runs over it (the parse may hang the clause on it).
    if (a > 1 && a <= i && b >= i && comma[a - 1]) return true;
  }
  return false;
}

/**
 * The sentence's gap view (`gapSentence`, with its tree view), built once a sentence: `commaGapFindings`, the set-off
 * agreement (`sentenceKinds.ts` `gapBacking`, once per slot) and the habit's gap evidence (`introductoryHabit.ts`) all ask
 * it of the same sentence with the same prior (`EngineModel.commaPrior` is one array a tree). Built again when the
 * sentence's tree or the prior differ from those it was built with.
 */
const views = new WeakMap<AnalysedSentence, GapSentence>();

/**
 * `info`, when given, is a view of the sentence's tree (`treeInfo(s.tree)`) the caller already has; one of another tree
 * gets a view of its own, not kept.
 */
export function gapView(s: AnalysedSentence, prior?: Float64Array, info?: TreeInfo): GapSentence {
  if (info && info.words !== s.tree.words) return gapSentence(s, info, prior);
  const seen = views.get(s);
  if (seen && seen.prior === prior && seen.info.words === s.tree.words) return seen;
  const g = gapSentence(s, info ?? treeInfo(s.tree), prior);
  views.set(s, g);
  return g;
}

/** The comma-gap findings of one sentence, at the model's thresholds or at `minConfidence` when the user sets one. */
export function commaGapFindings(s: AnalysedSentence, text: string, model: CommaGapsModel, options: CommaGapOptions = {}): CommaGapFinding[] {
  const n = s.tree.words.length;
  if (n < 3) return [];
  const g = gapView(s, options.prior);
  const info = g.info;
  // The empty gaps after a comma that opens a relative clause or an apposition (`openerAfterComma`), up to the next
  // comma: one of them closes it, so only the likeliest may be reported (the pair's edits decided as one).
  const closingOf = new Map<number, number>();
  const likeliest = new Map<number, number>();
  let opened = 0;
  for (let i = 1; i < n; i++) {
    if (g.comma[i]) {
      opened = openerAfterComma(s, i + 1) ? i : 0;
      continue;
    }
    if (!opened || gapHead(s, i) !== 'missing') continue;
    closingOf.set(i, opened);
  }
  const asked: Flagged[] = [];
  for (let i = 1; i < n; i++) {
    const head = gapHead(s, i);
    if (!head) continue;
    const kind = gapKind(g, i, head);
    if (kind === 'restrictive' && writtenPair(info, g.comma, i)) continue;
    const threshold = gapThreshold(model, head, kind);
    const opener = closingOf.get(i);
    if (!(threshold <= 1) && opener === undefined) continue;
    const p = gapProbabilityAt(model, g, i, head);
    if (opener !== undefined && p > (likeliest.get(opener) ?? -1)) likeliest.set(opener, p);
    // The features as strings only for a gap that may be reported: its explanation names the ones that weighed.
    if (threshold <= 1 && p >= Math.max(0.5, options.minConfidence ?? threshold)) asked.push({ i, head, kind, p, features: gapFeatures(g, i, head) });
  }
  const flagged = asked.filter((f) => closingOf.get(f.i) === undefined || likeliest.get(closingOf.get(f.i)!) === f.p);
  // The two missing edges of one relative clause or apposition: one finding, one fix.
  const groups = new Map<string, { gaps: Flagged[]; span?: [number, number] }>();
  for (const f of flagged) {
    let key = `${f.i}`;
    let span: [number, number] | undefined;
    if (f.head === 'missing' && (f.kind === 'relative' || f.kind === 'appositive')) {
      const w = setOffAt(info, f.i);
      if (w) {
        span = info.span[w];
        key = `c${w}`;
      }
    }
    const grp = groups.get(key) ?? { gaps: [], span };
    grp.gaps.push(f);
    groups.set(key, grp);
  }
  const out: CommaGapFinding[] = [];
  for (const { gaps, span } of groups.values()) {
    const first = gaps[0];
    const edits: PlainEdit[] = gaps.map((x) => {
      if (x.head === 'missing') {
        const at = s.tokens[s.wordTokens[x.i - 1]].end;
        return { start: at, end: at, newText: ',' };
      }
      const comma = s.tokens[s.slotTokens[x.i][0]];
      return { start: comma.start, end: comma.end, newText: '' };
    });
    const p = Math.min(...gaps.map((x) => x.p));
    const { message, title } = messageOf(text, s, first, span);
    const reasons = [...new Set(gaps.flatMap((x) => reasonsOf(model, x)))];
    const what = first.head === 'missing' ? 'editors of edited English would write a comma here' : 'editors of edited English would not write this comma';
    out.push({
      kind: first.kind,
      head: first.head,
      slots: gaps.map((x) => x.i),
      finding: {
        ruleId: RULE[first.head][first.kind],
        message,
        severity: 'warning',
        confidence: p,
        start: first.head === 'missing' ? s.tokens[s.wordTokens[first.i - 1]].start : edits[0].start,
        end: edits[edits.length - 1].end,
        fixes: [{ title, edits }],
        explanation: `Learned from edited English: ${what}${reasons.length ? ` (${reasons.join('; ')})` : ''}. Probability ${p.toFixed(2)}, read from the words around the gap, the commas nearby and the parse of the sentence as written.`,
      },
    });
  }
  return out;
}

/** For tests and research: the probability and kind the model gives gap i of the sentence (undefined: no question). */
export function gapDecision(s: AnalysedSentence, model: CommaGapsModel, i: number, prior?: Float64Array): { head: GapHead; kind: GapKind; p: number; word: string } | undefined {
  const head = gapHead(s, i);
  if (!head) return undefined;
  const g = gapView(s, prior);
  return { head, kind: gapKind(g, i, head), p: gapProbabilityAt(model, g, i, head), word: normWord(s.tree.words[i - 1].form) };
}
