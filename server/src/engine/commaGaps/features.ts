/**
 * What the comma-gap model reads at one gap of a sentence as written (slot i, between words i and i+1): the words,
 * tags and shapes of a window around it, the marks the writer put nearby (a comma that opens a phrase whose closing
 * comma is missing is strong evidence), the parse of the written sentence (the largest constituent that ends at the
 * gap and the largest that starts after it, their relations, and whether their other edge holds a comma), and the
 * punctuation model's own prior of a comma at the slot (`EngineModel.commaPrior`, the Attach model's p of a comma on
 * some constituent's edge there), and what the words and tags alone say about a pair of commas the writer opened or
closed nearby (`pairFeatures`), since the parse of a sentence with a missing comma is often wrong exactly there. Two
questions share these features, each under its own prefix: at an empty gap,
 * is a comma missing (`m`); at a gap holding a lone comma, is it stray (`s`).
 *
 * Unlike the set-off comma candidates (`setOffCommas/candidates.ts`) nothing here needs the parse to have read a
 * phrase as a relative clause or an apposition: every gap is asked, and the parse is one feature among others.
 */
import { normWord } from '../../restore/boundaries';
import { bucketOf, wordShape } from '../../restore/hashedLogistic';
import type { FeatureWriter } from '../../restore/boundaries';
import { AnalysedSentence } from '../sentence';
import { hasSubject, TreeInfo } from '../treeInfo';
import type { TreeWord } from '../../data/depunct';

export type GapHead = 'missing' | 'stray';

/** Relative words and the like that open a clause set off by commas when it adds information. */
const OPENERS = /^(which|who|whom|whose|where|when|that|while|although|though|because|since|but|and|or|so|yet|if|as)$/;
const COORDINATORS = /^(and|but|or|nor|so|yet)$/i;
/** Relations that open a sentence as a fronted phrase, and those a prefix before the main verb holds without being one. */
const FRONTED_BASES = new Set(['advcl', 'obl', 'advmod', 'discourse', 'intj', 'vocative', 'nmod', 'ccomp', 'xcomp', 'acl', 'dep', 'parataxis']);
const NOT_FRONTED = new Set(['nsubj', 'csubj', 'expl', 'aux', 'cop', 'cc', 'mark', 'punct', 'obj', 'iobj', 'det', 'case']);

/** The question a slot asks, or none: an empty gap between two written tokens, or one holding a lone comma. */
export function gapHead(s: AnalysedSentence, i: number): GapHead | undefined {
  const n = s.tree.words.length;
  if (i < 1 || i >= n || s.wordTokens[i - 1] === s.wordTokens[i]) return undefined;
  const slot = s.tree.slots[i];
  if (slot.length === 0) {
    // Two tokens written together ("do|n't", "U.S.|-based") have no gap a comma could go in.
    return s.tokens[s.wordTokens[i]].start > s.tokens[s.wordTokens[i - 1]].end ? 'missing' : undefined;
  }
  return slot.length === 1 && slot[0] === ',' ? 'stray' : undefined;
}

/** Per slot, the depth of quotation marks and brackets opened before it and not yet closed. */
export function enclosureDepth(slots: readonly (readonly string[])[]): number[] {
  const out: number[] = [];
  let depth = 0;
  for (const marks of slots) {
    for (const m of marks) {
      if (m === '“' || m === '(' || m === '[') depth++;
      else if ((m === '”' || m === ')' || m === ']') && depth > 0) depth--;
    }
    out.push(depth);
  }
  return out;
}

/** What the features of one sentence share: its parse facts and the punctuation model's prior per slot. */
export interface GapSentence {
  s: AnalysedSentence;
  info: TreeInfo;
  /** `EngineModel.commaPrior` of the sentence's tree, when the model offers it. */
  prior?: Float64Array;
  depth: number[];
  /** Per slot, whether it holds a comma. */
  comma: boolean[];
  root: number;
  /** The words' normalised forms and shapes, read at the first gap asked (`writeGapFeatures`). */
  wordForms?: GapWords;
}

export function gapSentence(s: AnalysedSentence, info: TreeInfo, prior?: Float64Array): GapSentence {
  return { s, info, prior, depth: enclosureDepth(s.tree.slots), comma: s.tree.slots.map((m) => m.includes(',')), root: info.children[0][0] ?? 0, wordForms: undefined };
}

/** The largest constituent whose last word is i (closing), and the largest whose first word is i+1 (opening). */
export function edgeConstituents(info: TreeInfo, i: number): { closing: number; opening: number } {
  let closing = 0;
  let opening = 0;
  for (let w = 1; w <= info.n; w++) {
    const [a, b] = info.span[w];
    if (b === i && (closing === 0 || a < info.span[closing][0])) closing = w;
    if (a === i + 1 && (opening === 0 || b > info.span[opening][1])) opening = w;
  }
  return { closing, opening };
}

/**
 * A relative clause or an apposition with an edge at gap i: one that starts right after it, else one that ends right
 * before it (not only the largest constituent there: "My brother who lives in Boston⟦ ⟧is" ends the subject too); 0 if none.
 */
export function setOffAt(info: TreeInfo, i: number): number {
  let ending = 0;
  for (let w = 1; w <= info.n; w++) {
    if (!/^(acl:relcl|appos)$/.test(info.rel(w))) continue;
    const [a, b] = info.span[w];
    if (a === i + 1) return w;
    if (b === i && !ending) ending = w;
  }
  return ending;
}

/** Tags of a finite verb (PTB): a clause's own verb, or the main verb a subject waits for. */
const FINITE = new Set(['VBZ', 'VBD', 'VBP', 'MD']);
/** Words that open a relative clause or a like aside after a comma. */
const RELATIVES = /^(which|who|whom|whose|where|when)$/;

/**
 * What the phrase starting at word a (right after a comma) opens, read from words and tags: a relative word (`which`,
 * `who`, …) or a noun phrase after a noun or name (`np:DET`, an apposition's start); undefined for anything else.
 */
export function openerAfterComma(s: AnalysedSentence, a: number): string | undefined {
  const words = s.tree.words;
  if (a < 2 || a > words.length) return undefined;
  const form = normWord(words[a - 1].form);
  if (RELATIVES.test(form)) return form;
  return /^(PROPN|NOUN|PRON)$/.test(words[a - 2].upos) && /^(DET|PROPN|NOUN|ADJ|NUM)$/.test(words[a - 1].upos) ? `np:${words[a - 1].upos}` : undefined;
}

/*
 * Word k of a sentence (1-based) as the gap features read it, with a placeholder beyond the sentence. Functions of the
 * module rather than closures made at each gap: the bundle's keepNames names every closure as it is made.
 */
/** Word k's normalised form (`normWord`, read once a sentence: `wordsOf`); `<s>` before the sentence, `</s>` after it. */
function gapFormAt(words: GapWords, k: number): string {
  return k >= 1 && k <= words.forms.length ? words.forms[k - 1] : k < 1 ? '<s>' : '</s>';
}
function uposAt(words: readonly TreeWord[], k: number): string {
  return k >= 1 && k <= words.length ? words[k - 1].upos : 'NONE';
}
function xposAt(words: readonly TreeWord[], k: number): string {
  return k >= 1 && k <= words.length ? words[k - 1].xpos ?? '_' : 'NONE';
}
function relAt(info: TreeInfo, k: number): string {
  return k >= 1 && k <= info.n ? info.rel(k) : 'none';
}
function shapeAt(words: GapWords, k: number): string {
  return k >= 1 && k <= words.shapes.length ? words.shapes[k - 1] : 'none';
}

/** The normalised forms and the shapes of a sentence's words, as every gap of it reads them. */
interface GapWords {
  forms: readonly string[];
  shapes: readonly string[];
}

/** The sentence's `GapWords`, computed at its first gap and kept on its view (its words never change). */
function wordsOf(g: GapSentence): GapWords {
  return (g.wordForms ??= { forms: g.s.tree.words.map((w) => normWord(w.form)), shapes: g.s.tree.words.map((w) => wordShape(w.form)) });
}
/** The marks written at slot j, joined; `_` for none, `none` beyond the sentence. */
function marksAt(s: AnalysedSentence, j: number): string {
  return j >= 0 && j <= s.tree.words.length ? s.tree.slots[j].join('') || '_' : 'none';
}
/** Whether word k is a finite verb by its tag. */
function finiteAt(words: readonly TreeWord[], k: number): boolean {
  return k >= 1 && k <= words.length && FINITE.has(words[k - 1].xpos ?? '');
}
/** Whether a word from..to (clipped to the sentence) is a finite verb. */
function anyFiniteIn(words: readonly TreeWord[], from: number, to: number): boolean {
  for (let k = Math.max(1, from); k <= Math.min(words.length, to); k++) if (finiteAt(words, k)) return true;
  return false;
}

/**
 * What the words and marks say about gap i without the parse, which a corrupted sentence misleads exactly where the
 * error is ("My brother, who lives in Boston⟦ ⟧is a doctor": the comma-less parse makes Boston the subject of "is"): the
 * last comma before the gap and what it opens (a relative word, a noun phrase after a name or noun: an apposition, or
 * the word's tag), whether a finite verb comes before that comma, between it and the gap, and right after the gap; the
 * same for the first comma after the gap (a phrase closed by a comma whose opening comma is missing). Tags only, no
 * relations.
 */
export function writePairFeatures(s: AnalysedSentence, comma: readonly boolean[], i: number, add: FeatureWriter): void {
  const words = s.tree.words;
  const n = words.length;
  const R = i + 1;
  // The nearest comma before the gap (slot j) and after it (slot z); 0: none.
  let j = i - 1;
  while (j >= 1 && !comma[j]) j--;
  j = Math.max(j, 0);
  let z = i + 1;
  while (z < n && !comma[z]) z++;
  if (z >= n) z = 0;
  const finR = finiteAt(words, R) ? 'fin' : uposAt(words, R) === 'VERB' || uposAt(words, R) === 'AUX' ? 'verb' : 'no';
  if (j) {
    const type = openerAfterComma(s, j + 1) ?? uposAt(words, j + 1);
    const finBefore = String(anyFiniteIn(words, 1, j));
    const finBetween = String(anyFiniteIn(words, j + 1, i));
    add('open=', type, '|', finBefore, '|', finBetween, '|', finR);
    add('open|dist=', type, '|', String(bucketOf(i - j, [1, 2, 3, 5, 8, 13])), '|', finR);
    add('open|x1=', type, '|', xposAt(words, R));
    add('open|u0|u1=', type, '|', uposAt(words, i), '|', uposAt(words, R), '|', finBefore);
    add('open|lead=', String(bucketOf(j, [1, 2, 3, 5, 8])), '|', finBefore, '|', finR);
  } else {
    const finBefore = String(anyFiniteIn(words, 1, i));
    add('open=none|', finR, '|', finBefore);
    add('lead=', uposAt(words, 1), '|', String(bucketOf(i, [1, 2, 3, 5, 8])), '|', finBefore, '|', `${uposAt(words, R)}|${finR}`);
  }
  if (z) {
    const finInside = String(anyFiniteIn(words, R, z));
    add('close=', uposAt(words, R), '|', finInside, '|', String(finiteAt(words, z + 1)), '|', String(anyFiniteIn(words, 1, i)));
    add('close|dist=', String(bucketOf(z - i, [1, 2, 3, 5, 8, 13])), '|', uposAt(words, i), '|', uposAt(words, R), '|', finInside);
  } else add('close=none|', uposAt(words, R), '|', String(anyFiniteIn(words, R, n)));
  add('x-1|x0|x1=', xposAt(words, i - 1), '|', xposAt(words, i), '|', xposAt(words, R));
  add('x0|x1|x2=', xposAt(words, i), '|', xposAt(words, R), '|', xposAt(words, R + 1));
}

/** `writePairFeatures`'s features as strings. */
export function pairFeatures(s: AnalysedSentence, comma: readonly boolean[], i: number): string[] {
  return collected((add) => writePairFeatures(s, comma, i, add));
}

/** The features a writer receives, each part by part, joined into strings (for training, tests and explanations). */
function collected(write: (add: FeatureWriter) => void): string[] {
  const out: string[] = [];
  write((a, b = '', c = '', d = '', e = '', f = '', g = '', h = '') => out.push(a + b + c + d + e + f + g + h));
  return out;
}

/**
 * The features of gap i for the question `head` asks: `writeGapFeatures`'s, each prefixed with the question (`m.`
 * missing, `s.` stray), as `gapProbability` and training read them.
 */
export function gapFeatures(g: GapSentence, i: number, head: GapHead): string[] {
  const p = gapQuestionPrefix(head);
  return collected((add) => writeGapFeatures(g, i, add)).map((x) => p + x);
}

/** What each of a gap's features starts with: the question it is asked for. */
export const gapQuestionPrefix = (head: GapHead): string => (head === 'missing' ? 'm.' : 's.');

/**
 * The one definition of a gap's features, written part by part (their concatenation is the feature, before the
 * question's prefix): the engine hashes them from their parts without building the strings (`gapProbabilityAt`);
 * building and hashing ~60 strings a gap cost ~5–9% of the whole lint (journal, "Speed: model files checked as they
 * are read").
 */
export function writeGapFeatures(g: GapSentence, i: number, add: FeatureWriter): void {
  const { s, info, comma, root } = g;
  const words = s.tree.words;
  const n = words.length;
  const gw = wordsOf(g);
  const L = i;
  const R = i + 1;
  const { closing, opening } = edgeConstituents(info, i);
  const C = closing ? info.rel(closing) : 'none';
  const O = opening ? info.rel(opening) : 'none';
  const cStart = closing ? info.span[closing][0] : 0;
  const oEnd = opening ? info.span[opening][1] : 0;
  // The other edge of each constituent: a comma there with none here is a pair left half open.
  const cPartner = closing ? (cStart === 1 ? 'start' : comma[cStart - 1] ? 'comma' : s.tree.slots[cStart - 1].length ? 'other' : 'none') : 'na';
  const oPartner = opening ? (oEnd === n ? 'end' : comma[oEnd] ? 'comma' : s.tree.slots[oEnd].length ? 'other' : 'none') : 'na';
  const oHead = opening ? info.head(opening) : -1;
  const cHead = closing ? info.head(closing) : -1;
  const attach = oHead >= cStart && oHead <= i && oHead >= 1 ? 'o→left' : cHead > i && cHead <= (oEnd || n) ? 'c→right' : oHead === cHead ? 'siblings' : 'other';
  let before = 0;
  let lastBefore = 0;
  for (let j = 1; j < i; j++) if (comma[j]) (before++, (lastBefore = j));
  let after = 0;
  let firstAfter = 0;
  for (let j = n - 1; j > i; j--) if (comma[j]) (after++, (firstAfter = j));
  const subj = root ? info.children[root].find((c) => /^(nsubj|csubj|expl)/.test(info.rel(c))) : undefined;
  const subjStart = subj !== undefined ? info.span[subj][0] : 0;
  const prior = g.prior ? bucketOf(g.prior[i], [0.02, 0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 0.75, 0.9]) : -1;
  let ccClause = 'no';
  if (R <= n && info.base(R) === 'cc' && COORDINATORS.test(words[R - 1].form)) {
    const conj = info.head(R);
    ccClause = conj > R && info.base(conj) === 'conj' && hasSubject(info, conj) && hasSubject(info, info.head(conj)) ? 'clauses' : 'words';
  }
  const opener = OPENERS.test(gapFormAt(gw, R)) ? gapFormAt(gw, R) : uposAt(words, R);
  // Any constituent that ends at the gap and opens after a comma (the largest one may start with the sentence: "My
  // brother, who lives in Boston⟦ ⟧is"), and any that starts after the gap and is closed by a comma ("Our neighbour⟦ ⟧a
  // retired teacher, grows"): the half of a pair the writer did write.
  let openedBefore = 'none';
  let closedAfter = 'none';
  for (let w = 1; w <= n; w++) {
    const [a, b] = info.span[w];
    if (b === i && a > 1 && comma[a - 1] && openedBefore === 'none') openedBefore = `${info.rel(w)}|${OPENERS.test(gapFormAt(gw, a)) ? gapFormAt(gw, a) : uposAt(words, a)}`;
    if (a === R && b < n && comma[b] && closedAfter === 'none') closedAfter = `${info.rel(w)}|${bucketOf(b - i, [1, 2, 4, 8])}`;
  }
  add('bias');
  add('w0=', gapFormAt(gw, L));
  add('w1=', gapFormAt(gw, R));
  add('w-1=', gapFormAt(gw, L - 1));
  add('w2=', gapFormAt(gw, R + 1));
  add('w0|w1=', gapFormAt(gw, L), '|', gapFormAt(gw, R));
  add('u0|u1=', uposAt(words, L), '|', uposAt(words, R));
  add('u-1|u0|u1=', uposAt(words, L - 1), '|', uposAt(words, L), '|', uposAt(words, R));
  add('u0|u1|u2=', uposAt(words, L), '|', uposAt(words, R), '|', uposAt(words, R + 1));
  add('x0|x1=', xposAt(words, L), '|', xposAt(words, R));
  add('sh0|sh1=', shapeAt(gw, L), '|', shapeAt(gw, R));
  add('suf0=', gapFormAt(gw, L).slice(-3));
  add('suf1=', gapFormAt(gw, R).slice(-3));
  add('r0|r1=', relAt(info, L), '|', relAt(info, R));
  add('C=', C);
  add('O=', O);
  add('C|O=', C, '|', O);
  add('C|O|att=', C, '|', O, '|', attach);
  add('C|partner=', C, '|', cPartner);
  add('O|partner=', O, '|', oPartner);
  add('C|O|partners=', C, '|', O, '|', cPartner, '|', oPartner);
  add('openedBefore=', openedBefore);
  add('openedBefore|w1=', openedBefore === 'none' ? 'none' : 'yes', '|', uposAt(words, R), '|', relAt(info, R));
  add('closedAfter=', closedAfter);
  add('closedAfter|u0=', closedAfter === 'none' ? 'none' : 'yes', '|', uposAt(words, L), '|', uposAt(words, R));
  add('opener|O=', opener, '|', O);
  add('opener|partner=', opener, '|', oPartner);
  add('Clen=', C, '|', String(bucketOf(closing ? i - cStart + 1 : 0, [1, 2, 3, 5, 8, 13])));
  add('Olen=', O, '|', String(bucketOf(opening ? oEnd - i : 0, [1, 2, 3, 5, 8, 13])));
  add('rootSide=', root > i ? 'after' : root >= 1 ? 'before' : 'none', '|', subjStart === R ? 'subjNext' : subjStart > R ? 'subjLater' : 'subjBefore');
  add('front=', C, '|', String(root > i), '|', String(cHead === root), '|', String(cStart === 1));
  add('front|first=', cStart === 1 && root > i ? gapFormAt(gw, 1) : '-');
  add('cc=', ccClause);
  add('cc|after=', ccClause, '|', String(bucketOf(after, [0, 1])));
  add('commas=', String(bucketOf(before, [0, 1, 2])), '|', String(bucketOf(after, [0, 1, 2])));
  add('lastBefore=', String(bucketOf(lastBefore ? i - lastBefore : 99, [1, 2, 4, 8, 16])), '|', C);
  add('firstAfter=', String(bucketOf(firstAfter ? firstAfter - i : 99, [1, 2, 4, 8, 16])), '|', O);
  add('marks±1=', marksAt(s, i - 1), '|', marksAt(s, i + 1));
  add('pos=', String(bucketOf(i, [1, 2, 3, 5, 8, 13])), '|', String(bucketOf(n - i, [1, 2, 3, 5, 8, 13])));
  add('enclosed=', String(g.depth[i] > 0));
  add('prior=', String(prior));
  add('prior|C|O=', String(prior), '|', C, '|', O);
  add('prior|u0|u1=', String(prior), '|', uposAt(words, L), '|', uposAt(words, R));
  writePairFeatures(s, comma, i, add);
}

/**
 * What kind of comma a gap's question is about, read off the parse (the finding's rule and message, and the
 * threshold it is held to): for a missing comma, the edge of a relative clause or an apposition, the end of a fronted
 * phrase (the words before the gap are whole subtrees hanging on the main verb after it), a coordinator joining two
 * clauses, or another; for a stray comma, one between subject and verb or verb and object, one before a restrictive
 * clause, one after a coordinator, or another.
 */
export type GapKind = 'relative' | 'appositive' | 'introductory' | 'coordinator' | 'subject-verb' | 'verb-object' | 'restrictive' | 'after-coordinator' | 'other';

export function gapKind(g: GapSentence, i: number, head: GapHead): GapKind {
  const { info, root } = g;
  const { closing, opening } = edgeConstituents(info, i);
  const C = closing ? info.rel(closing) : 'none';
  const O = opening ? info.rel(opening) : 'none';
  const words = g.s.tree.words;
  if (head === 'missing') {
    const w = setOffAt(info, i);
    if (w) return info.rel(w) === 'appos' ? 'appositive' : 'relative';
    if (root > i) {
      // As the set-off candidates read a fronted phrase (`setOffCommas/candidates.ts`): whole subtrees on the main
      // verb, the first an adverbial, none a subject, an auxiliary or an object.
      const tops: number[] = [];
      let whole = true;
      for (let k = 1; k <= i && whole; k++) {
        const h = info.head(k);
        if (h >= 1 && h <= i) continue;
        if (h === root && info.span[k][1] <= i) tops.push(k);
        else whole = false;
      }
      if (whole && tops.length && FRONTED_BASES.has(info.base(tops[0])) && !tops.some((t) => NOT_FRONTED.has(info.base(t)))) return 'introductory';
    }
    const R = i + 1;
    if (info.base(R) === 'cc' && COORDINATORS.test(words[R - 1].form)) return 'coordinator';
    return 'other';
  }
  if (closing && /^(nsubj|csubj)/.test(C) && info.head(closing) > i) return 'subject-verb';
  if (opening && /^(obj|iobj|ccomp|xcomp)/.test(O) && info.head(opening) <= i) return 'verb-object';
  if (O === 'acl:relcl') return 'restrictive';
  if (info.base(i) === 'cc' && COORDINATORS.test(words[i - 1].form)) return 'after-coordinator';
  return 'other';
}

export const GAP_KINDS: readonly GapKind[] = ['relative', 'appositive', 'introductory', 'coordinator', 'subject-verb', 'verb-object', 'restrictive', 'after-coordinator', 'other'];
