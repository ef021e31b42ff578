/**
 * Candidate corrections x_c of one sentence's surface punctuation: every single comma insertion or deletion between
 * two written words, the paired insertion or deletion of the two commas around a non-restrictive (or restrictive)
 * constituent, a semicolon for a comma that joins two clauses, a final period, and a question's end mark
 * (`questionMarks.ts`). The noisy-channel decision
 * (decide.ts) scores each against what was written.
 *
 * Below it, the learned decision's dense candidates (`denseCandidates`).
 */
import { PunctuatedTree } from '../../../data/depunct';
import { AnalysedSentence, Reparse, SlotMark, slotMarks } from '../../sentence';
import { TreeInfo } from '../../treeInfo';
import { bracketFragmentSlots, callArgumentSlots, coordinatorAsideSlots } from '../guards/sentenceGuards';
import { CommaCategory, commaCategory, introductoryAt, NONRESTRICTIVE_RELS, spliceAt, subjectEndsInModifierAt } from './categories';
import { guardSkipped, guardTrace, GuardVeto, loneCommaGuardsAt, loneCommaVeto } from '../guards/registry';
import { introductoryKind } from '../style/introductoryConvention';
import { UNCLOSED, unclosedSupplements } from '../candidates/unclosedSupplements';
import { endsInCloseName, LONE_RELATIVE, loneThatRelativeCommaAt, PAIRED_SUBJECT, pairedSubjectCommaAt, PLAIN_SUBJECT, plainSubjectCommaAt, PSEUDO_CLEFT, pseudoCleftCommaAt, relativeSubjectCommaAt, RESTRICTIVE_SUBJECT, THAT_RELATIVE, thatRelativeAt } from '../candidates/subjects';
import { ADJECTIVE_NOUN, adjectiveNounCommaAt, AFTER_COORDINATOR, AFTER_PREPOSITION, commaCutsWordAt, CONTRAST_CLAUSE, contrastClauseCommaAt, coordinatorCommaAt, DEGREE_COMPLEMENT, degreeComplementCommaAt, prepositionCommaAt, WH_COMPLEMENT, whComplementCommaAt } from '../candidates/clauses';
import { questionMarkCandidate } from '../candidates/questionMarks';

export type CandidateCategory = CommaCategory | 'sentence-final';

/**
 * Whether a text may take this candidate at all: a heading or a list item (`LintOptions.fragment`, which the markup
 * says) is a label, whose final mark is the writer's style, so no final period is proposed there. (The learned
 * decision offered one at both headings of the README's sample document.)
 */
export function proposable(c: Pick<Candidate, 'category' | 'action'>, fragment: boolean | undefined): boolean {
  return !(fragment && c.category === 'sentence-final' && c.action === 'insert');
}

export interface Candidate {
  category: CandidateCategory;
  /** New marks for the slots it changes. */
  changes: Map<number, SlotMark[]>;
  /** 'insert' | 'delete' | 'replace', of commas (or of the final mark). */
  action: 'insert' | 'delete' | 'replace';
  /** The constituent whose edge(s) the change sits on (for messages and explanations); 0 = the sentence. */
  node: number;
  /** A finer kind for the error model where writers' habits differ (an introductory clause vs a short phrase). */
  variant?: string;
  /**
   * Words in the introductory element whose comma this is (introductory commas only): a feature of the error model
   * beside Δ, since writers set off long introductory elements far more consistently than "In 2005".
   */
  size?: number;
  /**
   * The tree the candidate is scored on when it is not the written sentence's T: the sentence parsed with the change
   * written (`unclosedSupplements.ts`), where the parse of the written text misleads.
   */
  tree?: PunctuatedTree;
  /** Candidates of one group are alternatives (the places one opened supplement could close): only the best is kept. */
  group?: string;
  /**
   * Proposed only by the learned decision's dense generator (`denseCandidates`): no hand-written generator or guard
   * let it through. `scored`: whether it is worth an inference (the model's prior at its slots is high enough).
   */
  dense?: { scored: boolean };
  /** Every guard whose predicate holds at the candidate's slots (`candidates`' `firedGuards`): the learned scorer's features. */
  guards?: string[];
}

export const COMMA: SlotMark = { norm: ',', text: ',' };
const TERMINAL = new Set(['.', '?', '!', '...', '?!', '<.>']);

/** Slot i lies between two separately written words (not inside `don't`), so a mark can go there. */
export function isEditableSlot(s: AnalysedSentence, i: number): boolean {
  const n = s.tree.words.length;
  return i > 0 && i < n && s.wordTokens[i - 1] !== s.wordTokens[i];
}

/** The smallest constituent with an edge at slot i (its right edge preferred: the mark closes it). */
export function nodeAt(info: TreeInfo, i: number): number {
  let best = 0;
  let size = Infinity;
  for (let w = 1; w <= info.n; w++) {
    const [a, b] = info.span[w];
    if ((b === i || a - 1 === i) && b - a < size) {
      best = w;
      size = b - a;
    }
  }
  return best;
}

/** What `commaDeletions` reads of the sentence's written marks. */
interface SlotReaders {
  hasComma(j: number): boolean;
  marked(j: number): boolean;
  judged(j: number): boolean;
}

/**
 * The deletion candidates of the lone comma at slot i that no guard protects. Where grammar settles the comma, a
 * convention's (`CONVENTION_VARIANTS`): after a pseudo-cleft's "what" clause, before a relative "that", after a
 * restrictive relative clause that ends the subject or a plain subject (`slot.plainSubject`, which the caller asks
 * before its list guard). After a relative clause that may be supplementary, either repair, the model choosing (one
 * group): the comma goes, or the clause gets its opening comma. Else the plain deletion of the slot's category.
 */
function commaDeletions(
  tree: PunctuatedTree,
  info: TreeInfo,
  i: number,
  slot: Pick<Candidate, 'category' | 'node' | 'variant' | 'size'> & { plainSubject: boolean },
  read: SlotReaders,
  vetoes?: GuardVeto[],
): Candidate[] {
  const drop = () => new Map([[i, []]]);
  if (pseudoCleftCommaAt(tree, i)) return [{ category: 'subject-verb-comma', action: 'delete', node: slot.node, variant: PSEUDO_CLEFT, changes: drop() }];
  if (degreeComplementCommaAt(tree, i)) return [{ category: 'comma', action: 'delete', node: slot.node, variant: DEGREE_COMPLEMENT, changes: drop() }];
  if (adjectiveNounCommaAt(tree, info, i)) return [{ category: 'comma', action: 'delete', node: slot.node, variant: ADJECTIVE_NOUN, changes: drop() }];
  const question = whComplementCommaAt(tree, info, i);
  if (question !== undefined) return [{ category: 'subject-verb-comma', action: 'delete', node: question, variant: WH_COMPLEMENT, changes: drop() }];
  const thatClause = loneThatRelativeCommaAt(tree, info, i, read.marked);
  if (thatClause !== undefined) return [{ category: 'nonrestrictive-comma', action: 'delete', node: thatClause, variant: THAT_RELATIVE, changes: drop() }];
  // A comma after a restrictive relative clause that ends the subject separates the subject from its verb whatever
  // the tree's nearest edge calls it (`subjects.ts`).
  const relative = relativeSubjectCommaAt(tree, info, i, read.hasComma);
  if (relative?.restrictive) return [{ category: 'subject-verb-comma', action: 'delete', node: relative.clause, variant: RESTRICTIVE_SUBJECT, changes: drop() }];
  if (relative) {
    const group = `lone@${i}`;
    const out: Candidate[] = [{ category: 'subject-verb-comma', action: 'delete', node: relative.clause, variant: LONE_RELATIVE, group, changes: drop() }];
    const opening = info.span[relative.clause][0] - 1;
    if (read.judged(opening) && !read.marked(opening))
      out.push({ category: 'nonrestrictive-comma', action: 'insert', node: relative.clause, variant: LONE_RELATIVE, group, changes: new Map([[opening, [COMMA]]]) });
    return out;
  }
  // An unexplained comma is weighed only where it cuts a word from what it needs (`clauses.ts`).
  if (slot.category === 'comma' && slot.variant === undefined && !slot.plainSubject && !commaCutsWordAt(tree, info, i)) {
    guardTrace.fired?.(tree, i, ['uncut-comma']);
    if (!guardSkipped('uncut-comma')) {
      vetoes?.push({ guard: 'uncut-comma', slot: i, category: 'comma', action: 'delete' });
      return [];
    }
  }
  return [{ category: slot.category, action: 'delete', node: slot.node, variant: slot.plainSubject ? PLAIN_SUBJECT : slot.variant, size: slot.size, changes: drop() }];
}

/**
 * `prior` (optional, per slot): the model's prior probability of a comma there; insertions below `minPrior` are not
 * considered (they would cost an inference each and the model would not propose them). `reparse` (optional): how to
 * parse the sentence again with a comma written, for the closing comma of a supplement the writer opened.
 */
export function candidates(
  s: AnalysedSentence,
  info: TreeInfo,
  prior?: Float64Array,
  minPrior = 0,
  reparse?: Reparse,
  /** When given, each guard's veto is recorded here (`guards.ts`). */
  vetoes?: GuardVeto[],
  /**
   * When given, every guard whose predicate holds at a written lone comma, by slot, whether or not it vetoed (the
   * learned scorer reads them as features: `denseCandidates`).
   */
  firedGuards?: Map<number, string[]>,
): Candidate[] {
  const n = info.n;
  const out: Candidate[] = [];
  const marks = Array.from({ length: n + 1 }, (_, i) => slotMarks(s, i));
  const onlyComma = (i: number) => marks[i].length === 1 && marks[i][0].norm === ',';
  const hasComma = (i: number) => marks[i].some((m) => m.norm === ',');
  const marked = (i: number) => marks[i].length > 0;
  const inCall = guardSkipped('call-arguments') ? [] : callArgumentSlots(s);
  const inFragment = guardSkipped('bracket-fragment') ? [] : bracketFragmentSlots(s);
  if (guardTrace.fired) {
    const call = callArgumentSlots(s);
    const fragment = bracketFragmentSlots(s);
    for (let i = 1; i < n; i++) {
      const fired = [...(call[i] ? ['call-arguments'] : []), ...(fragment[i] ? ['bracket-fragment'] : [])];
      if (fired.length > 0 && isEditableSlot(s, i)) guardTrace.fired(s.tree, i, fired);
    }
  }
  const judged = (i: number) => isEditableSlot(s, i) && !inCall[i] && !inFragment[i];
  for (let i = 1; i < n; i++) {
    if (!judged(i)) {
      if (vetoes && isEditableSlot(s, i) && hasComma(i))
        vetoes.push({ guard: inCall[i] ? 'call-arguments' : 'bracket-fragment', slot: i, category: commaCategory(info, i, hasComma), action: 'delete' });
      continue;
    }
    const category = commaCategory(info, i, hasComma);
    const intro = category === 'introductory-comma' ? introductoryAt(info, i) : undefined;
    const node = intro ?? nodeAt(info, i);
    // A subject–verb comma after a relative clause or apposition has an error model of its own: there the comma may
    // also be the second of a pair whose first the writer dropped, which a bare subject never is.
    const afterModifier = category === 'subject-verb-comma' && subjectEndsInModifierAt(info, i, hasComma);
    const variant =
      intro !== undefined ? introductoryKind(info, intro) : afterModifier ? 'after-modifier' : contrastClauseCommaAt(s.tree, info, i) ? CONTRAST_CLAUSE : undefined;
    const size = intro === undefined ? undefined : info.span[intro][1];
    if (marks[i].length === 0 && (!prior || prior[i] >= minPrior)) out.push({ category, action: 'insert', node, variant, size, changes: new Map([[i, [COMMA]]]) });
    if (coordinatorCommaAt(s.tree, info, i, marked, onlyComma)) {
      // A lone comma after a coordinator is decided by grammar before any guard reads the slot as an opener's
      // (`clauses.ts`); it joins no clause, so it is no splice either.
      out.push({ category: 'comma', action: 'delete', node, variant: AFTER_COORDINATOR, changes: new Map([[i, []]]) });
    } else if (prepositionCommaAt(s.tree, i, marked, onlyComma)) {
      // So is a lone comma after "such as" or "including", which a list guard would otherwise keep ("such as, football
      // and tennis"; `clauses.ts`).
      out.push({ category: 'comma', action: 'delete', node, variant: AFTER_PREPOSITION, changes: new Map([[i, []]]) });
    } else if (pairedSubjectCommaAt(s.tree, info, i, marked, onlyComma)) {
      // A lone comma before the coordinator of a subject of two is decided by grammar too (`subjects.ts`).
      out.push({ category: 'comma', action: 'delete', node, variant: PAIRED_SUBJECT, changes: new Map([[i, []]]) });
    } else if (onlyComma(i)) {
      // A plain subject's comma (`subjects.ts`, which leaves a predicate right before a coordinator to the list
      // guards) is no list's for a coordinator a few words on alone ("The food, is fresh and tastes great"); another
      // comma close after it still makes it one ("Animate elements, manipulate the DOM, and query …").
      // A subject that ends in a relative clause or apposition has guards of its own, but for a close apposition of
      // names ("My best friend Carlos‸,"), which is part of its noun phrase (`endsInCloseName`).
      const subject = category === 'subject-verb-comma' ? plainSubjectCommaAt(s.tree, info, i, marked) : undefined;
      const plainSubject = subject !== undefined && (!afterModifier || endsInCloseName(s.tree, info, subject, i, marked));
      // The registered guards (`guards.ts`): lists, misparses and writers' conventions, where the parse misleads.
      const veto = loneCommaVeto({ tree: s.tree, info, category, plainSubject, onlyComma }, i);
      if (firedGuards) {
        const fired = loneCommaGuardsAt({ tree: s.tree, info, category, plainSubject, onlyComma }, i);
        if (category === 'comma' && variant === undefined && !plainSubject && !commaCutsWordAt(s.tree, info, i)) fired.push('uncut-comma');
        if (fired.length > 0) firedGuards.set(i, fired);
      }
      if (veto === undefined) {
        out.push(...commaDeletions(s.tree, info, i, { category, node, variant, size, plainSubject }, { hasComma, marked, judged }, vetoes));
      } else vetoes?.push({ guard: veto, slot: i, category, action: 'delete' });
      const clause = spliceAt(info, i);
      if (clause !== undefined)
        out.push({ category: 'comma-splice', action: 'replace', node: clause, changes: new Map([[i, [{ norm: ';', text: ';' }]]]) });
    }
  }
  for (let w = 1; w <= n; w++) {
    if (!NONRESTRICTIVE_RELS.has(info.rel(w))) continue;
    const [a, b] = info.span[w];
    const li = a - 1;
    if (b >= n || !judged(li) || !judged(b)) continue;
    const category: CandidateCategory = 'nonrestrictive-comma';
    if (marks[li].length === 0 && marks[b].length === 0 && (!prior || Math.max(prior[li], prior[b]) >= minPrior))
      out.push({ category, action: 'insert', node: w, changes: new Map([[li, [COMMA]], [b, [COMMA]]]) });
    if (onlyComma(li) && onlyComma(b)) out.push({ category, action: 'delete', node: w, variant: thatRelativeAt(s.tree, info, w, marked) ? THAT_RELATIVE : undefined, changes: new Map([[li, []], [b, []]]) });
  }
  if (reparse)
    for (const u of unclosedSupplements(s, reparse, judged))
      out.push({ category: 'nonrestrictive-comma', action: 'insert', variant: UNCLOSED, node: u.node, tree: u.tree, group: `unclosed@${u.opener}`, changes: new Map([[u.close, [COMMA]]]) });
  const last = marks[n];
  if (!last.some((m) => TERMINAL.has(m.norm)) && s.tree.slots[n][0] !== '<.>') {
    const closers = last.length > 0 && (last[last.length - 1].norm === '”' || last[last.length - 1].norm === '’') ? 1 : 0;
    const k = last.length - closers;
    out.push({
      category: 'sentence-final',
      action: 'insert',
      node: 0,
      changes: new Map([[n, [...last.slice(0, k), { norm: '.', text: '.' }, ...last.slice(k)]]]),
    });
  }
  const question = questionMarkCandidate(s.tree, info, last);
  if (question) out.push(question);
  return out;
}

/**
 * The learned decision's candidates (issue 29): every word gap for a missing comma, every written lone comma for its
 * removal, and every constituent's pair of edges — both commas inserted or both removed, decided as one. The
 * hand-written generator (`candidates.ts`, with its guards) runs first and its candidates keep their kinds and
 * variants; what it did not propose (a comma its guards protect, a gap whose prior is below the scoring floor, a
 * constituent the parse did not call an apposition or a relative clause) is added here and marked `dense`, so the
 * scorer learns from edited text when a guard's veto holds instead of the guard deciding alone: every guard whose
 * predicate holds at a candidate's slots is named on it (`Candidate.guards`), one feature per guard id.
 *
 * Cost: an inference per candidate is spent only where the punctuation model's own prior of a comma reaches the
 * floor the calibrated decision uses (`MIN_COMMA_PRIOR`) or a written comma is removed; the other dense candidates are
 * scored from the prior and the syntax alone (Δ unavailable, a feature says so).
 */
/** The changes of a candidate as one string (slot:marks, in slot order), to tell proposals apart. */
export function changeSignature(c: Pick<Candidate, 'changes'>): string {
  return [...c.changes]
    .sort((a, b) => a[0] - b[0])
    .map(([i, ms]) => `${i}:${ms.map((m) => m.norm).join('')}`)
    .join(' ');
}

export function denseCandidates(s: AnalysedSentence, info: TreeInfo, prior: Float64Array | undefined, minPrior: number, reparse?: Reparse): Candidate[] {
  const fired = new Map<number, string[]>();
  const out = candidates(s, info, prior, minPrior, reparse, undefined, fired);
  // A piece the parser cut from an over-long "sentence" (`split-long`: a pasted log, a list with no period) gets the
  // hand-written generator's candidates only: every written comma and constituent there would cost an inference, and
  // words joined by ", " cost 3.8–8 ms a word against the calibrated decision's 0.6, for candidates the scorer never
  // saw in a sentence of its training (journal, "The learned decision as the default": 600 words 5.2 s → 0.7 s).
  if (s.notes?.includes('split-long')) return out;
  const seen = new Set(out.map(changeSignature));
  const n = info.n;
  const marks = Array.from({ length: n + 1 }, (_, i) => slotMarks(s, i));
  const onlyComma = (i: number) => marks[i].length === 1 && marks[i][0].norm === ',';
  const hasComma = (i: number) => marks[i].some((m) => m.norm === ',');
  const inCall = callArgumentSlots(s);
  const inFragment = bracketFragmentSlots(s);
  const asideOpens = guardSkipped('coordinator-aside') ? [] : coordinatorAsideSlots(s);
  const judged = (i: number) => isEditableSlot(s, i) && !inCall[i] && !inFragment[i];
  const priorAt = (i: number) => (prior ? prior[i] : 1);
  const add = (c: Candidate) => {
    const sig = changeSignature(c);
    if (seen.has(sig)) return;
    seen.add(sig);
    out.push(c);
  };
  for (let i = 1; i < n; i++) {
    if (!judged(i)) continue;
    const category = commaCategory(info, i, hasComma);
    if (category === 'serial-comma') continue;
    const node = nodeAt(info, i);
    if (marks[i].length === 0) add({ category, action: 'insert', node, changes: new Map([[i, [COMMA]]]), dense: { scored: priorAt(i) >= minPrior } });
    else if (onlyComma(i) && !asideOpens[i]) add({ category, action: 'delete', node, changes: new Map([[i, []]]), dense: { scored: true } });
  }
  for (let w = 1; w <= n; w++) {
    const [a, b] = info.span[w];
    const li = a - 1;
    // A pair sets off a part of the sentence: not a single word's edges at both ends of the sentence, not the root.
    if (info.head(w) === 0 || li < 1 || b >= n || !judged(li) || !judged(b)) continue;
    if (marks[li].length === 0 && marks[b].length === 0)
      add({ category: 'nonrestrictive-comma', action: 'insert', node: w, changes: new Map([[li, [COMMA]], [b, [COMMA]]]), dense: { scored: Math.min(priorAt(li), priorAt(b)) >= minPrior } });
    else if (onlyComma(li) && onlyComma(b)) add({ category: 'nonrestrictive-comma', action: 'delete', node: w, changes: new Map([[li, []], [b, []]]), dense: { scored: true } });
  }
  // Each guard's predicate at the candidate's slots, as evidence for the scorer rather than a veto.
  for (const c of out) {
    const guards = [...new Set([...c.changes.keys()].flatMap((i) => fired.get(i) ?? []))];
    if (guards.length > 0) c.guards = guards;
  }
  return out;
}
