/**
 * Relative clauses that the parse of the text as written does not show, found from the relative word and a parse of
 * the sentence with a trial comma. Where a writer left out the commas of "Barcelona which is in Spain has wonderful
 * beaches", the comma-less parse is wrong exactly there (it hangs "Spain" on "Barcelona" as a modifier, not a
 * relative clause), so the candidates read off its relations (`candidates.ts`) miss the clause or its closing slot
 * (journal, "Set-off commas learned from edited English": 22 of 147 corrupted relative-clause items on dev had no
 * candidate at a gold slot). So, for each relative word (`which`, `who`, `whom`, `whose`, after its preposition if it
 * has one) that no candidate opens:
 * - open: a comma is tried before it (unless the writer wrote one) and the sentence parsed again; the clause is the
 *   subtree that starts at the relative word and holds it, whatever relation the parse gives it (the edges, not the
 *   labels, are what the trial comma mends);
 * - close: if that clause runs to the sentence's end though a finite verb stands after its head ("who lives in Boston
 *   is a doctor"), a comma is tried before that verb too; if the trial parse ends the clause there, that is the slot.
 * And for an apposition the comma-less parse misses ("the Rail Crossing Locator a mobile app from DOT", read as one
 * noun phrase): after a noun, before `a`, `an`, `the` or a number, a comma is tried; if the trial parse reads an
 * apposition from there, its candidate is asked (its closing slot where the trial ends it).
 * At most `MAX_TRIALS` parses a sentence. Whether an editor would write the commas is still the set-off model's
 * decision; its features are read off the trial parse with the slots as written, and say which way the candidate was
 * found (`trialFeatures`).
 */
import { AnalysedSentence, Reparse } from '../sentence';
import { treeInfo, TreeInfo } from '../treeInfo';
import { enclosed, SetOffCandidate, setOffCandidates, slotState, tokenBoundary } from './candidates';

/** How a candidate was found: on the parse as written, or from a relative word on a trial parse (`open`, `close`). */
export type CandidateSource = 'parse' | 'open' | 'close';

export interface ReadCandidate {
  c: SetOffCandidate;
  /** The sentence whose parse the candidate was read from: for a trial, its words with the slots as written. */
  s: AnalysedSentence;
  info: TreeInfo;
  source: CandidateSource;
}

/** Parses a sentence may spend on trials (a relative word that no candidate opens is in a few sentences of 100). */
export const MAX_TRIALS = 4;

const RELATIVE_OPENERS = /^(which|who|whom|whose)$/i;
/** A finite verb or modal: where a main clause's predicate may start after a clause that runs on. */
const FINITE = /^(VBZ|VBD|VBP|MD)$/;

/** The words that open a noun phrase an apposition may start with, after a noun with no comma. */
const APPOSITION_OPENERS = /^(a|an|the|one|two|three)$/i;

/** The largest subtree that starts at word a and holds the relative word k, headed after k (else undefined). */
function clauseFrom(info: TreeInfo, a: number, k: number): number | undefined {
  let h = info.head(k);
  if (h <= k || info.span[h][0] !== a) return undefined;
  for (let up = info.head(h); up > k && info.span[up][0] === a; up = info.head(up)) h = up;
  return h;
}

/** The candidates of the sentence as parsed, and those the relative words and trial commas reveal (given `reparse`). */
export function candidatesWithTrials(s: AnalysedSentence, info: TreeInfo, reparse?: Reparse): ReadCandidate[] {
  const out: ReadCandidate[] = setOffCandidates(s, info).map((c) => ({ c, s, info, source: 'parse' as const }));
  if (!reparse) return out;
  const n = s.tree.words.length;
  const asked = new Set(out.filter((x) => x.c.kind !== 'introductory').map((x) => x.c.left));
  const inside = enclosed(s);
  let budget = MAX_TRIALS;
  const trial = (commas: number[]): { s: AnalysedSentence; info: TreeInfo } | undefined => {
    if (commas.length === 0) return { s, info };
    if (budget <= 0) return undefined;
    budget--;
    const tree = reparse(s, commas);
    if (!tree) return undefined;
    // The trial's words and relations, the slots as written: the features see the commas the writer wrote.
    const ts: AnalysedSentence = { ...s, tree: { ...tree, slots: s.tree.slots } };
    return { s: ts, info: treeInfo(ts.tree) };
  };
  for (let k = 2; k <= n && budget > 0; k++) {
    const word = s.tree.words[k - 1];
    if (!RELATIVE_OPENERS.test(word.form)) continue;
    // "which" determining a noun ("note which version") asks a question; it opens no relative clause.
    if (/^which$/i.test(word.form) && k < n && /^(NOUN|PROPN|ADJ)$/.test(s.tree.words[k].upos)) continue;
    const a = k > 2 && s.tree.words[k - 2].upos === 'ADP' ? k - 1 : k;
    const left = a - 1;
    if (left < 1 || asked.has(left) || !tokenBoundary(s, left) || inside[left]) continue;
    const opened = slotState(s, left);
    if (opened === 'other') continue;
    const open = opened === 'empty' ? [left] : [];
    const view = trial(open);
    if (!view) continue;
    const h = clauseFrom(view.info, a, k);
    if (h === undefined) continue;
    let right = view.info.span[h][1];
    let found = { s: view.s, info: view.info, h };
    let source: 'open' | 'close' = 'open';
    if (right === n) {
      // The clause runs to the end: a finite verb after its head may be where the main clause goes on.
      const verb = [...Array(n - h).keys()].map((i) => h + 1 + i).find((w) => w < n && FINITE.test(s.tree.words[w - 1].xpos ?? '') && slotState(s, w - 1) === 'empty' && tokenBoundary(s, w - 1));
      if (verb !== undefined) {
        const closing = trial([...open, verb - 1]);
        const h2 = closing && clauseFrom(closing.info, a, k);
        if (closing && h2 !== undefined && closing.info.span[h2][1] === verb - 1) {
          found = { s: closing.s, info: closing.info, h: h2 };
          right = verb - 1;
          source = 'close';
        }
      }
    }
    const slots = [...open];
    if (right < n) {
      const r = slotState(s, right);
      if (r === 'other' || (r === 'empty' && (!tokenBoundary(s, right) || inside[right]))) continue;
      if (r === 'empty') slots.push(right);
    }
    if (slots.length === 0) continue;
    asked.add(left);
    out.push({ c: { kind: 'relative', w: found.h, left, right, slots }, s: found.s, info: found.info, source });
  }
  for (let i = 1; i < n - 1 && budget > 0; i++) {
    if (!/^(NOUN|PROPN)$/.test(s.tree.words[i - 1].upos) || !APPOSITION_OPENERS.test(s.tree.words[i].form)) continue;
    if (asked.has(i) || slotState(s, i) !== 'empty' || !tokenBoundary(s, i) || inside[i]) continue;
    const view = trial([i]);
    if (!view) continue;
    const w = [...Array(n - i).keys()].map((k) => i + 1 + k).find((k) => view.info.rel(k) === 'appos' && view.info.span[k][0] === i + 1 && view.info.head(k) <= i);
    if (w === undefined) continue;
    const right = view.info.span[w][1];
    const slots = [i];
    if (right < n) {
      const r = slotState(s, right);
      if (r === 'other' || (r === 'empty' && (!tokenBoundary(s, right) || inside[right]))) continue;
      if (r === 'empty') slots.push(right);
    }
    asked.add(i);
    out.push({ c: { kind: 'appositive', w, left: i, right, slots }, s: view.s, info: view.info, source: 'open' });
  }
  return out;
}

/** The features that tell the model how a candidate was found (none for the parse as written). */
export function trialFeatures(r: Pick<ReadCandidate, 'c' | 'source' | 'info'>): string[] {
  if (r.source === 'parse') return [];
  return [`trial=${r.c.kind}|${r.source}`, `trial|state=${r.c.kind}|${r.source}|${r.c.slots.length}`, `trial|rel=${r.info.rel(r.c.w)}`];
}
