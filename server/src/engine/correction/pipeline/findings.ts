/**
 * From chosen corrections to findings: message, fixes (text edits), range, related range for the other half of a
 * paired edit, and the explanation from the MAP underlying tree of the corrected sentence.
 *
 * Below it, a slot's marks as text edits (`slotTextEdits`) and where an unclosed bracket or quotation should
 * close (`placeCloser`).
 */
import { deferredExplanation, minimalEdit, PlainEdit, PlainFinding, PlainFix } from '../../finding';
import { EngineModel } from '../../punctModel';
import { AnalysedSentence, SlotMark, slotMarks, slotRegion } from '../../sentence';
import { TreeInfo, treeInfo } from '../../treeInfo';
import { constituentBracketing, describeRewrite } from '../../explain';
import { candidateWork, ScoredCandidate, SENTENCE_SCORING_WORK, slotWork, withSlots } from './decide';
import { NONRESTRICTIVE_RELS, nonrestrictiveAt, subjectVerbAt } from './categories';
import { UNCLOSED } from '../candidates/unclosedSupplements';
import { LONE_RELATIVE, PAIRED_SUBJECT, PSEUDO_CLEFT, RESTRICTIVE_SUBJECT, subjectAbove, THAT_RELATIVE } from '../candidates/subjects';
import { ADJECTIVE_NOUN, AFTER_COORDINATOR, AFTER_PREPOSITION, complementAfter, CONTRAST_CLAUSE, DEGREE_COMPLEMENT, prepositionEndingAt, WH_COMPLEMENT } from '../candidates/clauses';
import { INDIRECT_QUESTION, QUESTION } from '../candidates/questionMarks';
import { renderSlot } from '../../render';

const MAX_PHRASE_WORDS = 7;

/**
 * The words of w's subtree as written (its tokens, marks inside it included, spaced as in the text: "Mr. Smith",
 * "don't", "well-known", not the tree's "Mr Smith", "do n't"), cut after `MAX_PHRASE_WORDS` − 1 words when longer.
 */
/** Words a..b as written (their tokens with the spaces between them: "don't", not "do n't"). */
function wordsText(s: AnalysedSentence, a: number, b: number): string {
  let text = '';
  for (let t = s.wordTokens[a - 1]; t <= s.wordTokens[b - 1]; t++) {
    const token = s.tokens[t];
    text += (text && token.start > s.tokens[t - 1].end ? ' ' : '') + token.text;
  }
  return text;
}

function phrase(s: AnalysedSentence, info: TreeInfo, w: number): string {
  const [a, b] = info.span[w];
  const last = b - a + 1 > MAX_PHRASE_WORDS ? a + MAX_PHRASE_WORDS - 2 : b;
  const text = wordsText(s, a, last);
  return last < b ? `${text} …` : text;
}

function constituentName(info: TreeInfo, w: number): string {
  const rel = info.rel(w);
  if (rel === 'acl:relcl') return 'relative clause';
  if (rel === 'appos') return 'apposition';
  const base = info.base(w);
  if (base === 'advcl') return 'clause';
  if (base === 'obl' || base === 'nmod') return 'phrase';
  return 'element';
}

/** What a finding calls the constituent a candidate is about: `clause "When the rain stopped"`, `word "However"`. */
export function constituentLabel(c: ScoredCandidate, s: AnalysedSentence, info: TreeInfo): string {
  const node = c.candidate.node;
  return node > 0 ? `${constituentName(info, node)} "${phrase(s, info, node)}"` : 'element';
}

/** The verb the reader meets after slot i: an auxiliary or copula before the head h ("is" in "… is a nurse"), else h. */
function verbAfter(info: TreeInfo, h: number, i: number): number {
  for (let k = i + 1; k < h; k++) if (info.head(k) === h && (info.base(k) === 'aux' || info.base(k) === 'cop')) return k;
  return h;
}

/**
 * The subject–verb message names the two parts the comma separates ("No comma between the subject "The man who called
 * yesterday" and its verb "wants"."): a learner sees which words the rule is about, not only the rule.
 */
function subjectVerbMessage(s: AnalysedSentence, info: TreeInfo, i: number): string {
  const w = subjectVerbAt(info, i);
  if (w === undefined) return 'Do not separate a subject from its verb, or a verb from its object, with a comma.';
  const h = info.head(w);
  const base = info.base(w);
  if (base !== 'nsubj' && base !== 'csubj') return `No comma between the verb "${s.tree.words[h - 1].form}" and its object "${phrase(s, info, w)}".`;
  return `No comma between the subject "${phrase(s, info, w)}" and its verb "${s.tree.words[verbAfter(info, h, i) - 1].form}".`;
}

/**
 * After a restrictive relative clause `r` that ends the subject (`subjects.ts`), the message says why the
 * clause takes no comma, in the words ESL grammars use: a defining relative clause is part of the subject.
 */
function restrictiveSubjectMessage(s: AnalysedSentence, info: TreeInfo, r: number, i: number): string {
  const w = subjectAbove(info, r);
  const why = `"${phrase(s, info, r)}" is a defining relative clause, part of the subject`;
  if (w === 0) return `Remove this comma: ${why}.`;
  return `No comma between the subject "${phrase(s, info, w)}" and its verb "${s.tree.words[verbAfter(info, info.head(w), i) - 1].form}": ${why}.`;
}

/** Words a..b of the sentence, at most `MAX_PHRASE_WORDS`, cut on the side away from the comma ("from" the start or the end). */
function clauseText(s: AnalysedSentence, a: number, b: number, keep: 'start' | 'end'): string {
  if (b - a + 1 <= MAX_PHRASE_WORDS) return wordsText(s, a, b);
  return keep === 'start' ? `${wordsText(s, a, a + MAX_PHRASE_WORDS - 2)} …` : `… ${wordsText(s, b - MAX_PHRASE_WORDS + 2, b)}`;
}

/**
 * The splice message names the two clauses, so that a learner sees what each sentence would be: the clause before the
 * comma up to it, and the one after it (the candidate's node `c` is one of the two, as `spliceAt` found it; its head
 * the other).
 */
function spliceMessage(s: AnalysedSentence, info: TreeInfo, c: number, i: number): string {
  if (c <= 0) return 'Comma splice: two independent clauses are joined by a comma alone.';
  const h = info.head(c);
  const [leftStart, rightEnd] = h < c ? [info.span[h][0], info.span[c][1]] : [info.span[c][0], info.span[h][1]];
  const left = clauseText(s, leftStart, i, 'end');
  const right = clauseText(s, i + 1, rightEnd, 'start');
  return `Comma splice: "${left}" and "${right}" could each stand as a sentence; a comma alone cannot join them.`;
}

/**
 * Why a lone comma inside a verb group is wrong, in plain words, for a deletion no variant names: after an auxiliary
 * or copula that leads into its verb or predicate ("They have, finished"), or before an infinitive its verb takes ("He
 * wants, to stay"). Learners write both; "Unnecessary comma." alone does not say what the comma cuts apart.
 */
function verbGroupReason(s: AnalysedSentence, info: TreeInfo, i: number): string | undefined {
  if (i < 1 || i >= info.n) return undefined;
  const words = s.tree.words;
  if ((info.base(i) === 'aux' || info.base(i) === 'cop') && info.head(i) > i)
    return `No comma after "${words[i - 1].form}": it leads straight into "${words[info.head(i) - 1].form}", and nothing here is set off.`;
  const complement = complementAfter(info, i);
  if (complement !== undefined && words[i].form.toLowerCase() === 'to' && info.head(i + 1) === complement)
    return `No comma before "${wordsText(s, i + 1, complement)}": the infinitive completes "${words[i - 1].form}", and nothing here is set off.`;
  return undefined;
}

function message(c: ScoredCandidate, s: AnalysedSentence, info: TreeInfo): string {
  const { category, action, changes } = c.candidate;
  const slots = [...changes.keys()];
  // A one-slot candidate is hung on the smallest constituent with an edge there (`nodeAt`): for a set-off comma the
  // message names the apposition or relative clause at the slot instead (not the "the" it begins with).
  const setOff = category === 'nonrestrictive-comma' && slots.length === 1 ? nonrestrictiveAt(info, slots[0]) : [];
  const node = setOff.length > 0 && !NONRESTRICTIVE_RELS.has(info.rel(c.candidate.node)) ? setOff[0].w : c.candidate.node;
  const p = node > 0 ? phrase(s, info, node) : '';
  const what = node > 0 ? constituentName(info, node) : '';
  if (c.candidate.variant === LONE_RELATIVE) {
    const both = `the relative clause "${p}" is set off by commas on both sides or on neither`;
    return action === 'insert' ? `Add a comma before "${s.tree.words[info.span[node][0] - 1].form}", or remove the one after the clause: ${both}.` : `Remove this comma, or add one before "${s.tree.words[info.span[node][0] - 1].form}": ${both}.`;
  }
  switch (category) {
    case 'nonrestrictive-comma':
      if (c.candidate.variant === THAT_RELATIVE) {
        const why = `a relative clause opened by "that" is restrictive, part of its noun phrase`;
        return slots.length === 2 ? `"${p}" takes no commas: ${why}.` : `No comma before "that": ${why}.`;
      }
      if (c.candidate.variant === UNCLOSED) return `Add a comma to close the ${what} "${p}": it opens with a comma, so it also ends with one.`;
      if (action === 'insert') return slots.length === 2 ? `Set off the non-restrictive ${what} "${p}" with commas.` : `Add a comma: "${p}" is a non-restrictive ${what}, set off on both sides.`;
      return slots.length === 2 ? `"${p}" is a restrictive ${what}: no commas around it.` : `Remove this comma: it sets off only one side of the ${what} "${p}".`;
    case 'subject-verb-comma':
      if (action !== 'delete') return 'Missing comma.';
      if (c.candidate.variant === WH_COMPLEMENT) return `No comma between the verb "${s.tree.words[info.head(node) - 1].form}" and its object "${p}": an indirect question is the verb's object, as a "that" clause is.`;
      if (c.candidate.variant === PSEUDO_CLEFT) return `No comma between the subject "${clauseText(s, 1, slots[0], 'start')}" and its verb "${s.tree.words[slots[0]].form}": the whole "what" clause is the subject.`;
      return c.candidate.variant === RESTRICTIVE_SUBJECT ? restrictiveSubjectMessage(s, info, node, slots[0]) : subjectVerbMessage(s, info, slots[0]);
    case 'introductory-comma':
      if (action !== 'insert') return `No comma is needed after "${p}".`;
      return c.style ? `Edited prose sets off the introductory ${what} "${p}" with a comma.` : `Add a comma after the introductory ${what} "${p}".`;
    case 'comma-splice':
      return spliceMessage(s, info, node, slots[0]);
    case 'sentence-final':
      if (c.candidate.variant === QUESTION) return `"${clauseText(s, 1, info.n, 'start')}" asks a question: end it with a question mark.`;
      if (c.candidate.variant === INDIRECT_QUESTION) return `"${clauseText(s, 1, info.n, 'start')}" reports a question without asking it: an indirect question ends with a period.`;
      return 'The sentence has no final punctuation.';
    case 'serial-comma':
      return action === 'insert' ? 'Serial (Oxford) comma: add a comma before the conjunction of the last item.' : 'No serial comma: remove the comma before the conjunction of the last item.';
    default: {
      const i = slots[0];
      const before = s.tree.words[i - 1]?.form ?? '';
      if (c.candidate.variant === DEGREE_COMPLEMENT) {
        const than = s.tree.words[i].form.toLowerCase() === 'than';
        return `No comma before "${s.tree.words[i].form}": ${than ? 'the "than" phrase completes the comparison' : 'the "that" clause completes the "so" before it'}, and nothing sets it off.`;
      }
      if (c.candidate.variant === ADJECTIVE_NOUN) return `No comma between "${before}" and "${s.tree.words[i].form}": commas separate the adjectives of a series, but none comes between the last adjective and its noun.`;
      if (c.candidate.variant === PAIRED_SUBJECT)
        return `No comma before "${s.tree.words[i].form}": it joins the two halves of the subject, and a comma comes before "and" or "or" only in a series of three or more, or between clauses.`;
      if (c.candidate.variant === CONTRAST_CLAUSE && action === 'insert')
        return `Edited prose puts a comma before "${s.tree.words[i].form}" when it joins two clauses that could each stand as a sentence.`;
      if (c.candidate.variant === AFTER_PREPOSITION) {
        const preposition = wordsText(s, prepositionEndingAt(s.tree, i) ?? i, i);
        return `No comma after "${preposition}": it leads straight into its examples; a comma after it only opens an aside that a second comma closes.`;
      }
      if (c.candidate.variant === AFTER_COORDINATOR) return `No comma after "${before}": a coordinator joins what follows it directly; a comma after it only opens an aside that a second comma closes.`;
      return action === 'insert' ? `Missing comma after "${before}".` : (verbGroupReason(s, info, i) ?? 'Unnecessary comma.');
    }
  }
}

/** The title of a fix that replaces a mark: the question's end marks name the mark they write. */
function replaceTitle(c: ScoredCandidate): string {
  if (c.candidate.variant === QUESTION) return 'Use a question mark';
  return c.candidate.variant === INDIRECT_QUESTION ? 'Use a period' : 'Replace';
}

function fixes(c: ScoredCandidate, s: AnalysedSentence, text: string): PlainFix[] {
  const { category, changes } = c.candidate;
  const edits: PlainEdit[] = [];
  for (const [i, marks] of changes) edits.push(...slotTextEdits(s, text, i, marks));
  if (category !== 'comma-splice') {
    const title = c.candidate.action === 'insert' ? (category === 'sentence-final' ? 'Add a period' : changes.size > 1 ? 'Add both commas' : 'Add a comma') : c.candidate.action === 'delete' ? (changes.size > 1 ? 'Remove both commas' : 'Remove the comma') : replaceTitle(c);
    return [{ title, edits }];
  }
  // A splice has three fixes: semicolon (the model's choice), period with a capital, or comma + conjunction.
  const [i] = [...changes.keys()];
  const comma = s.tokens[s.slotTokens[i].find((t) => s.tokens[t].punct) ?? -1];
  const nextWord = s.tokens[s.wordTokens[i]];
  const out: PlainFix[] = [{ title: 'Use a semicolon', edits }];
  if (comma && nextWord) {
    const first = nextWord.text[0];
    const period: PlainEdit[] = [{ start: comma.start, end: comma.end, newText: '.' }];
    if (first !== first.toUpperCase()) period.push({ start: nextWord.start, end: nextWord.start + 1, newText: first.toUpperCase() });
    out.push({ title: 'Split into two sentences', edits: period });
    out.push({ title: 'Add "and" after the comma', edits: [{ start: comma.end, end: comma.end, newText: ' and' }] });
  }
  return out;
}

/** Range of a change at slot i: the mark removed or replaced, else the word before the insertion point. */
function rangeAt(s: AnalysedSentence, i: number): { start: number; end: number } {
  const marks = (s.slotTokens[i] ?? []).map((t) => s.tokens[t]).filter((t) => t.punct);
  if (marks.length > 0) return { start: marks[0].start, end: marks[marks.length - 1].end };
  const w = s.tokens[s.wordTokens[Math.max(0, i - 1)]];
  return { start: w.start, end: w.end };
}

/**
 * The constituent an explanation shows. The candidate's node, unless that is a single word with no mark around it in
 * T′ (a deleted comma's word: `[who]`, `[me]`, which shows nothing of what changed): then the smallest constituent
 * that holds the words on both sides of the first changed slot, where the removed mark stood.
 */
function shownConstituent(node: number, slots: readonly number[], info: TreeInfo, u: { pairs: ReadonlyArray<{ l: readonly string[]; r: readonly string[] }> }): number {
  const marks = u.pairs[node - 1];
  const bare = info.children[node]?.length === 0 && !marks?.l.length && !marks?.r.length;
  const slot = Math.min(...slots);
  if (!bare || !(slot >= 1 && slot < info.n)) return node;
  let v = node;
  // Slot i lies between words i and i + 1: climb until the subtree holds both.
  while (v > 0 && !(info.lo[v] <= slot && slot + 1 <= info.hi[v])) v = info.head(v);
  return v > 0 ? v : node;
}

function explanation(c: ScoredCandidate, s: AnalysedSentence, info: TreeInfo, model: EngineModel): string {
  const corrected = withSlots(s, c.candidate.changes);
  let u;
  try {
    u = model.viterbi(corrected);
  } catch {
    return '';
  }
  const node = shownConstituent(c.candidate.node || s.tree.words.findIndex((w) => w.head === 0) + 1, [...c.candidate.changes.keys()], info, u);
  const lines = [`Underlying punctuation (most probable tree T′): ${constituentBracketing(corrected, info, u, node)}`];
  for (const i of c.candidate.changes.keys()) {
    const rw = describeRewrite(u.underlying[i] ?? [], corrected.slots[i]);
    const written = slotMarks(s, i).map((m) => m.norm);
    // "no mark", not a quoted "nothing" (which reads as the word the writer should type).
    const marks = (m: readonly string[]) => (m.length ? `"${m.join(' ')}"` : 'no mark');
    lines.push(`At this spot you wrote ${marks(written)}; the model expects ${marks(corrected.slots[i])}` + (rw ? ` — ${rw}.` : '.'));
  }
  if (Number.isFinite(c.delta)) {
    const odds = Math.exp(Math.min(50, c.delta));
    lines.push(`The model finds the corrected punctuation ${odds >= 100 ? odds.toExponential(1) : odds.toFixed(1)} times as likely for this sentence structure.`);
  }
  if (c.reasons?.length) lines.push(`What decided it (learned from edited prose): ${c.reasons.join('; ')}.`);
  return lines.join('\n');
}

export function candidateFinding(c: ScoredCandidate, written: AnalysedSentence, writtenInfo: TreeInfo, text: string, model: EngineModel, explain = true): PlainFinding {
  // A candidate scored on a tree of its own (the sentence parsed with the change written) is described on that tree.
  const own = c.candidate.tree;
  const s = own ? { ...written, tree: own } : written;
  const info = own ? treeInfo(own) : writtenInfo;
  const slots = [...c.candidate.changes.keys()].sort((a, b) => a - b);
  const main = rangeAt(s, slots[0]);
  const isStyle = c.style === true;
  return {
    ruleId: c.candidate.category,
    message: message(c, s, info),
    severity: isStyle ? 'info' : 'warning',
    confidence: c.confidence,
    start: main.start,
    end: main.end,
    fixes: fixes(c, s, text),
    explanation: explain ? deferredExplanation(() => explanation(c, s, info, model)) : '',
    related: slots.slice(1).map((i) => ({ ...rangeAt(s, i), message: 'The other comma of this pair.' })),
  };
}

/**
 * Text edits that turn a slot's written marks into a candidate's marks, touching only the marks that change (the
 * writer's spacing and line breaks stay as they were).
 */
export function slotTextEdits(s: AnalysedSentence, text: string, i: number, next: readonly SlotMark[]): PlainEdit[] {
  const region = slotRegion(s, i);
  const toks = (s.slotTokens[i] ?? []).map((t) => s.tokens[t]).filter((t) => t.punct);
  const old = toks.map((t) => t.text);
  const now = next.map((m) => m.text);
  let k = 0;
  while (k < old.length && k < now.length && old[k] === now[k]) k++;
  let tail = 0;
  while (tail < old.length - k && tail < now.length - k && old[old.length - 1 - tail] === now[now.length - 1 - tail]) tail++;
  const removed = old.length - k - tail;
  const added = now.slice(k, now.length - tail);
  if (removed === 1 && added.length === 0) {
    const t = toks[k];
    // Drop the mark; if it stood between spaces (`word , next`), drop one of them too.
    const spaced = text[t.start - 1] === ' ' && text[t.end] === ' ';
    return [{ start: t.start, end: t.end + (spaced ? 1 : 0), newText: '' }];
  }
  if (removed === 0 && added.length === 1) {
    const at = k === 0 ? region.start : toks[k - 1].end;
    return [{ start: at, end: at, newText: added[0] }];
  }
  if (removed === 1 && added.length === 1) return [{ start: toks[k].start, end: toks[k].end, newText: added[0] }];
  const n = s.tree.words.length;
  const rendered = renderSlot(next, i === 0, i === n).text;
  return [minimalEdit(region.start, text.slice(region.start, region.end), rendered)];
}

/**
 * Where an unclosed bracket or quotation should close, decided by the model: the opener is the left half of the
 * punctemes of some constituent starting after it, so every later slot is a candidate for the closer; each candidate
 * surface is scored by p(x_c | T) and the best wins, its posterior share among the candidates being the confidence.
 */
const TERMINAL = new Set(['.', '?', '!', '...', '?!']);
const CLOSER_NORM: Record<string, string> = { '(': ')', '[': ']', '{': '}', '“': '”' };

export interface Placement {
  edits: PlainEdit[];
  /** Posterior share of this placement among all placements. */
  share: number;
  slot: number;
  /** Words between the opener and this placement of the closer. */
  words: number;
  /** The text those words are written with. */
  inside: string;
}

/** Best place for the closer of the opener written at `openerOffset`, or undefined if it is not in this sentence. */
export function placeCloser(text: string, s: AnalysedSentence, model: EngineModel, openerOffset: number): Placement | undefined {
  const n = s.tree.words.length;
  let from = -1;
  let openerNorm = '';
  for (let i = 0; i <= n && from < 0; i++) {
    (s.slotTokens[i] ?? []).forEach((t, j) => {
      if (s.tokens[t].punct && s.tokens[t].start === openerOffset) {
        from = i;
        openerNorm = s.tree.slots[i][j];
      }
    });
  }
  const closerNorm = CLOSER_NORM[openerNorm];
  if (from < 0 || !closerNorm) return undefined;
  const closer: SlotMark = { norm: closerNorm, text: closerNorm === '”' ? (text[openerOffset] === '"' ? '"' : '”') : closerNorm };
  const options: Array<{ slot: number; marks: SlotMark[] }> = [];
  for (let j = from + 1; j <= n; j++) {
    if (j < n && s.wordTokens[j - 1] === s.wordTokens[j]) continue;
    const marks = slotMarks(s, j);
    // The closer ends the constituent: it comes first in its slot. At the end of the sentence it may also follow
    // the final mark — "(Laughter.)", American "… a disaster." — when the bracketed part is the whole sentence.
    options.push({ slot: j, marks: [closer, ...marks] });
    let k = 0;
    while (k < marks.length && TERMINAL.has(marks[k].norm)) k++;
    if (j === n && k > 0) options.push({ slot: j, marks: [...marks.slice(0, k), closer, ...marks.slice(k)] });
  }
  if (options.length === 0) return undefined;
  // Past the sentence's scoring budget (`withinScoringWork`) the text rule's guess stays: in a sentence parsed as a chain
  // each place recomputes the chain. 162 brackets left open in edited English cost at most 1,303 units.
  const work = slotWork(treeInfo(s.tree));
  if (options.reduce((sum, o) => sum + candidateWork(work, [o.slot]), 0) > SENTENCE_SCORING_WORK) return undefined;
  const lps = model.logProbs(s.tree, options.map((o) => withSlots(s, new Map([[o.slot, o.marks]])).slots));
  const max = Math.max(...lps);
  if (!Number.isFinite(max)) return undefined;
  const z = lps.reduce((acc, lp) => acc + Math.exp(lp - max), 0);
  const best = lps.indexOf(max);
  const o = options[best];
  return { edits: slotTextEdits(s, text, o.slot, o.marks), share: 1 / z, slot: o.slot, words: o.slot - from, inside: o.slot > from ? text.slice(s.tokens[s.wordTokens[from]].start, s.tokens[s.wordTokens[o.slot - 1]].end) : '' };
}
