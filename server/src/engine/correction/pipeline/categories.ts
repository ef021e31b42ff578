/**
 * Which rule a comma edit at a slot belongs to, read off the tree: the constituent whose edge the slot is and its
 * relation. One function serves the engine (to name its findings) and the benchmark (to file gold edits and the
 * edits of other tools under the same categories).
 */
import { hasSubject, TreeInfo } from '../../treeInfo';

export type CommaCategory =
  | 'serial-comma'
  | 'nonrestrictive-comma'
  | 'subject-verb-comma'
  | 'introductory-comma'
  | 'comma-splice'
  | 'comma';

/** Relations whose constituents take commas on both sides when non-restrictive. */
export const NONRESTRICTIVE_RELS = new Set(['appos', 'acl:relcl']);
const INTRODUCTORY_BASES = new Set(['advcl', 'obl', 'advmod', 'discourse', 'intj', 'vocative', 'nmod', 'ccomp']);
const BETWEEN_SUBJECT_AND_VERB = new Set(['aux', 'cop', 'advmod']);
/**
 * After a copula, the predicate's own pre-modifiers ("is a nurse", "are very old friends"): the subject still meets
 * its verb, the copula, at the slot (UD heads a copular clause on the predicate, not on the verb).
 */
const PREDICATE_PREMODIFIERS = new Set(['det', 'amod', 'nummod', 'compound', 'nmod:poss', 'det:poss']);

/** The constituent `w` that makes slot i a non-restrictive edge, with which edge it is. */
export function nonrestrictiveAt(info: TreeInfo, i: number): Array<{ w: number; side: 'left' | 'right' }> {
  const out: Array<{ w: number; side: 'left' | 'right' }> = [];
  for (let w = 1; w <= info.n; w++) {
    if (!NONRESTRICTIVE_RELS.has(info.rel(w))) continue;
    const [a, b] = info.span[w];
    if (a - 1 === i) out.push({ w, side: 'left' });
    else if (b === i) out.push({ w, side: 'right' });
  }
  return out;
}

/** Conjunct whose left edge is slot i when it is the last of three or more with a coordinator (the Oxford comma). */
export function serialCommaAt(info: TreeInfo, i: number): number | undefined {
  for (let w = 1; w <= info.n; w++) {
    if (info.base(w) !== 'conj' || info.span[w][0] - 1 !== i) continue;
    const h = info.head(w);
    const conjs = info.children[h].filter((c) => info.base(c) === 'conj');
    if (conjs.length < 2 || conjs[conjs.length - 1] !== w) continue;
    if (info.children[w].some((c) => info.base(c) === 'cc' && c < w)) return w;
  }
  return undefined;
}

/**
 * Two clauses with their own subjects that slot i joins without a coordinator or subordinator (two clauses a comma
 * cannot join): a clause after the slot whose head sits in a clause before it (`parataxis`, `conj`), returned; or a
 * clause ending at the slot that the parse made an adverbial of the clause after it though nothing subordinates it
 * ("My office moved last year, the building has …": the parser, trained on writers who splice, reads the first of two
 * spliced clauses as fronted), returned too. Whether the clauses are finite is left to the caller.
 */
export function spliceAt(info: TreeInfo, i: number): number | undefined {
  const unjoined = (w: number) => !info.children[w].some((c) => info.base(c) === 'cc' || info.base(c) === 'mark');
  for (let w = 1; w <= info.n; w++) {
    const [a, b] = info.span[w];
    const h = info.head(w);
    if (h === 0 || !unjoined(w) || !hasSubject(info, w) || !hasSubject(info, h)) continue;
    const base = info.base(w);
    if (a - 1 === i && h < w && (base === 'parataxis' || base === 'conj')) return w;
    if (b === i && h > i && base === 'advcl') return w;
  }
  return undefined;
}

/** Words h+1..i all belong to objects of h ("told me, that …"): nothing but the verb's objects before the slot. */
export function onlyObjectsBetween(info: TreeInfo, h: number, i: number): boolean {
  for (let k = h + 1; k <= i; k++) {
    let x = k;
    while (x !== 0 && info.head(x) !== h) x = info.head(x);
    if (x === 0 || (info.base(x) !== 'obj' && info.base(x) !== 'iobj')) return false;
  }
  return true;
}

/** The subject that slot i separates from its verb, or the object it separates from its verb, if any. */
export function subjectVerbAt(info: TreeInfo, i: number): number | undefined {
  for (let w = 1; w <= info.n; w++) {
    const base = info.base(w);
    const [a, b] = info.span[w];
    const h = info.head(w);
    if ((base === 'nsubj' || base === 'csubj') && b === i && h > b) {
      let ok = true;
      let copula = false;
      for (let k = i + 1; k < h; k++) {
        const between = info.base(k);
        if (info.head(k) !== h || !(BETWEEN_SUBJECT_AND_VERB.has(between) || (copula && PREDICATE_PREMODIFIERS.has(info.rel(k))))) ok = false;
        if (between === 'cop') copula = true;
      }
      if (ok) return w;
    }
    if ((base === 'obj' || base === 'iobj') && a - 1 === i && h === i) return w;
    // A clause the verb takes as its object, opened by a complementizer ("I believe that …", "told me whether …"):
    // the comma learners put before "that" separates a verb from its object all the same. Reported speech is not one
    // of these ("He said, "I am tired"" has no complementizer).
    // Asked last: this walk runs for every slot of every candidate, and only a ccomp starting at the slot needs it.
    if (base === 'ccomp' && a - 1 === i && h <= i && info.children[w].includes(a) && info.base(a) === 'mark' && onlyObjectsBetween(info, h, i)) return w;
  }
  return undefined;
}

/** The introductory constituent that slot i closes, if any (a pre-verbal dependent of the main verb from word 1). */
export function introductoryAt(info: TreeInfo, i: number): number | undefined {
  for (let w = 1; w <= info.n; w++) {
    const [a, b] = info.span[w];
    if (a !== 1 || b !== i || i >= info.n) continue;
    const h = info.head(w);
    if (h === 0 || info.head(h) !== 0 || h <= b) continue;
    if (INTRODUCTORY_BASES.has(info.base(w))) return w;
  }
  return undefined;
}

/**
 * Slot i is where a subject ending in a relative clause or an apposition meets its verb, and that constituent has no
 * comma at its left edge: a comma here does not close a non-restrictive pair, it separates the subject from its verb
 * ("The book that I bought yesterday, is interesting", "My friend Anna, is a nurse") — the error learners make most
 * with long subjects. `hasComma(j)`: slot j holds a comma as written.
 */
export function subjectEndsInModifierAt(info: TreeInfo, i: number, hasComma: (j: number) => boolean): boolean {
  const edges = nonrestrictiveAt(info, i);
  return edges.length > 0 && edges.every((e) => e.side === 'right' && !hasComma(info.span[e.w][0] - 1)) && subjectVerbAt(info, i) !== undefined;
}

/**
 * The category of inserting or deleting a comma at slot i (1 ≤ i < n). Without `hasComma` (what the slots hold as
 * written) a relative clause's or an apposition's edge is always a non-restrictive comma's place; with it, the end of
 * a subject whose modifier is not set off on the left is a subject–verb comma's (`subjectEndsInModifierAt`).
 */
export function commaCategory(info: TreeInfo, i: number, hasComma?: (j: number) => boolean): CommaCategory {
  if (serialCommaAt(info, i) !== undefined) return 'serial-comma';
  if (hasComma && subjectEndsInModifierAt(info, i, hasComma)) return 'subject-verb-comma';
  if (nonrestrictiveAt(info, i).length > 0) return 'nonrestrictive-comma';
  if (subjectVerbAt(info, i) !== undefined) return 'subject-verb-comma';
  if (introductoryAt(info, i) !== undefined) return 'introductory-comma';
  return 'comma';
}
