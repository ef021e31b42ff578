/**
 * Where a comma that sets a phrase off may be missing, read off the parse of the text as written (the parse of the
 * comma-less text, which is what the linter sees when a writer left the commas out):
 * - a relative clause or an apposition (`acl:relcl`, `appos`) with no comma on one or both of its edges, the pair
 *   decided as one ("My brother⟦,⟧ who lives in Boston⟦,⟧ is a doctor");
 * - a phrase fronted before the main clause (a prefix of the sentence whose tops all hang on the main verb after it,
 *   the first an adverbial: "In 2010⟦,⟧ the company grew") with no comma after it.
 * A relative clause must open with a relative word (`which`, `who`, …: one without is restrictive), and an apposition
 * next to a month or a weekday is left to the date-comma rule.
 * Whether an editor would have written the commas is the model's decision (`model.ts`); a candidate here only says
 * where the question arises. A slot that holds any other mark (a dash, a bracket, a colon) is not asked about.
 */
import { AnalysedSentence, slotMarks } from '../sentence';
import { hasSubject, TreeInfo } from '../treeInfo';

export type SetOffKind = 'relative' | 'appositive' | 'introductory';

export interface SetOffCandidate {
  kind: SetOffKind;
  /** The constituent's head word (for a fronted phrase: the first top of the prefix). */
  w: number;
  /** Its left edge slot (0 for a fronted phrase) and right edge slot. */
  left: number;
  right: number;
  /** The slots a comma would be written at (1 or 2, ascending). */
  slots: number[];
}

/** Relations that open a sentence as a fronted (introductory) phrase. */
const FRONTED_BASES = new Set(['advcl', 'obl', 'advmod', 'discourse', 'intj', 'vocative', 'nmod', 'ccomp', 'xcomp', 'acl', 'dep', 'parataxis']);
/** Relations that a prefix ending before the main verb may hold besides the fronted phrase without being one. */
const NOT_FRONTED = new Set(['nsubj', 'csubj', 'expl', 'aux', 'cop', 'cc', 'mark', 'punct', 'obj', 'iobj', 'det', 'case']);

export type SlotState = 'empty' | 'comma' | 'other';

/** The words that open a non-restrictive relative clause; a clause without one ("the book I read") is restrictive. */
const RELATIVE_WORDS = /^(which|who|whom|whose|where|when)$/i;
/** Dates: their commas are the date-comma rule's (`rules/dateCommas.ts`). */
const DATE_WORDS = /^(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i;

/** The clause from word a opens with a relative word, alone or after a preposition or a quantifier ("in which", "some of whom"). */
function opensWithRelative(s: AnalysedSentence, a: number, b: number): boolean {
  for (let k = a; k <= Math.min(b, a + 3); k++) {
    const w = s.tree.words[k - 1];
    // "which" determining a noun at the clause's start asks a question ("note which version we use"): no relative.
    if (RELATIVE_WORDS.test(w.form)) return !(k === a && (w.upos === 'DET' || w.deprel.startsWith('det')));
    if (!/^(ADP|DET|PRON|NUM|ADJ)$/.test(w.upos)) return false;
  }
  return false;
}

function isDate(s: AnalysedSentence, from: number, to: number): boolean {
  for (let k = from; k <= to; k++) if (DATE_WORDS.test(s.tree.words[k - 1].form)) return true;
  return false;
}

export function slotState(s: AnalysedSentence, i: number): SlotState {
  const marks = slotMarks(s, i);
  // An abbreviation's dot is no mark of the slot's, but a comma written there would follow it ("U.S., the …"): not asked.
  if (marks.length === 0) return s.tree.slots[i].length ? 'other' : 'empty';
  return marks.some((m) => m.norm === ',') ? 'comma' : 'other';
}

/**
 * Slot i lies between two written tokens (not inside `don't`), and not before a coordinator: a comma before "and" is
 * the serial comma's or the coordination's question, not a set-off phrase's (the silver trees read some list items as
 * appositions, and their commas taught the model to ask for one there).
 */
export function tokenBoundary(s: AnalysedSentence, i: number): boolean {
  return i > 0 && i < s.tree.words.length && s.wordTokens[i - 1] !== s.wordTokens[i] && s.tree.words[i].upos !== 'CCONJ';
}

/**
 * Per slot, whether it lies inside a quotation or a bracket opened earlier in the sentence: a title or a quoted phrase
 * ("the “Borne the Battle” podcast") is not split by the sentence's commas.
 */
export function enclosed(s: AnalysedSentence): boolean[] {
  const out: boolean[] = [];
  let depth = 0;
  s.tree.slots.forEach((marks) => {
    for (const m of marks) {
      if (m === '“' || m === '(' || m === '[') depth++;
      else if ((m === '”' || m === ')' || m === ']') && depth > 0) depth--;
    }
    out.push(depth > 0);
  });
  return out;
}

export function setOffCandidates(s: AnalysedSentence, info: TreeInfo): SetOffCandidate[] {
  const n = info.n;
  const out: SetOffCandidate[] = [];
  const inside = enclosed(s);
  for (let w = 1; w <= n; w++) {
    const rel = info.rel(w);
    if (rel !== 'acl:relcl' && rel !== 'appos') continue;
    const [a, b] = info.span[w];
    const left = a - 1;
    if (left < 1 || !tokenBoundary(s, left)) continue;
    if (rel === 'acl:relcl' ? !opensWithRelative(s, a, b) : isDate(s, Math.max(1, left - 1), Math.min(n, a + 1))) continue;
    const l = slotState(s, left);
    if (l === 'other') continue;
    const closedByEnd = b === n;
    const r = closedByEnd ? 'comma' : slotState(s, b);
    const slots: number[] = [];
    if (l === 'empty') slots.push(left);
    if (r === 'empty') {
      if (!tokenBoundary(s, b)) continue;
      slots.push(b);
    }
    if (slots.length && !slots.some((i) => inside[i])) out.push({ kind: rel === 'appos' ? 'appositive' : 'relative', w, left, right: b, slots });
  }
  const root = info.children[0][0];
  if (root === undefined) return out;
  for (let i = 1; i < Math.min(root, n - 1); i++) {
    if (!tokenBoundary(s, i) || slotState(s, i) !== 'empty' || inside[i]) continue;
    // The prefix 1..i is a run of whole subtrees, each hanging on the main verb after it.
    let ok = true;
    const tops: number[] = [];
    for (let k = 1; k <= i && ok; k++) {
      const h = info.head(k);
      if (h >= 1 && h <= i) continue;
      if (h !== root || info.span[k][1] > i) ok = false;
      else tops.push(k);
    }
    if (!ok || !tops.length || !FRONTED_BASES.has(info.base(tops[0])) || tops.some((t) => NOT_FRONTED.has(info.base(t)))) continue;
    // A comma the writer put after an earlier top already closed the fronted phrase: what follows it is the clause's
    // own ("After porting the code, the benchmarks see …"), and a comma at i would split it from its verb.
    if (tops.some((t) => info.span[t][1] < i && slotState(s, info.span[t][1]) !== 'empty')) continue;
    // … and so when the main verb has no subject of its own though a comma stands inside the prefix: the parse has
    // taken the subject into the fronted phrase.
    if (!hasSubject(info, root) && s.tree.slots.slice(1, i).some((m) => m.includes(','))) continue;
    out.push({ kind: 'introductory', w: tops[0], left: 0, right: i, slots: [i] });
  }
  return out;
}
