/**
 * The comma decision of restoration's second pass: once a run of words is cut into sentences and each is parsed, a
 * logistic model over the parse of the sentence decides which of its free slots get a comma (Favre, Hakkani-Tür &
 * Shriberg 2009: syntactic features decide commas that a window of words cannot, such as the end of a fronted
 * clause or the start of a coordinated clause). Its evidence: what the parse says of the slot (the largest phrase that
 * ends before it and the one that begins after it, their relations and lengths, the arcs that cross it), the words
 * beside it, and the share of the punctuation model's samples with a comma there, in bins. Trained on edited-english
 * train as dictation gives it, parsed as restoration parses it (`scripts/train-restore-commas.ts`,
 * `models/en/restore-commas.json`). The punctuation tagger's P(comma) is not among its features: the tagger was
 * trained on the same text and is far surer of it there than elsewhere (comma F1 0.79 on those train slots, 0.51 on
 * dev), so a model trained beside it learns to trust it too much. It is stacked instead, on edited-english dev:
 * P(comma) = σ(a·logit P_syntax + b·logit P_tagger + c·share + d). A slot gets a comma iff P(comma) reaches the
 * paragraph's threshold, which moves from edited English's (chosen for comma F1) towards web text's (chosen for
 * fewest edits) by the paragraph's P(web) (`register.ts`, `commaThreshold`).
 */
import * as fs from 'fs';
import * as path from 'path';
import { normWord, RunParse } from './boundaries';
import { hashOfParts, onceByFile } from './hashedLogistic';
import { weightsOfDense } from './punctTagger';
import { RegisterModel, RegisterModelJson, registerModelFromJson } from './register';
import type { CommaSecondStage } from './commaSecondStage';
import { readModelFile } from '../data/modelIntegrity';

export const COMMA_MODEL_FILE = 'restore-commas.json';

/**
 * What the comma model reads of a slot beside the parse: the share of the model's samples with a comma there (and, in
 * its stack, the tagger's P), and, with a register model, P(web text) of the paragraph (`register.ts`).
 */
export interface CommaEvidence {
  tagger: number;
  model: number;
  register?: number;
}

export interface CommaModel {
  readonly version: string;
  readonly bits: number;
  readonly weights: Float32Array;
  /** A free slot gets a comma iff P(comma) is at least this (chosen on edited-english dev by the trainer). */
  readonly threshold: number;
  /**
   * With a register model, the threshold for web text: a paragraph's is `commaThreshold` (between the two by P(web)).
   * Comma F1 is edited English's goal, but on web text, where the model's commas are less often right, a comma below
   * this P costs more edits than it saves and restoration lost to the trivial baseline (issue #31).
   */
  readonly webThreshold?: number;
  /** The stack of the syntactic model's P with the tagger's (fitted on edited-english dev); absent: the syntactic P alone. */
  readonly stack?: CommaStack;
  /** Its feature set (`writeCommaFeatures`; absent: 2; 3 adds the clause features, 4 the series and opening ones, 5 a wider window too). */
  readonly featureSet?: number;
  /** The paragraph's register (absent in a model trained without it), read by the threshold (`commaThreshold`). */
  readonly register?: RegisterModel;
  /** Whether the features and the stack read the register too (a model trained so; else only the threshold does). */
  readonly registerFeatures?: boolean;
  /** The second stage (`commaSecondStage.ts`), which reads this model's P at the sentence's other slots; its P is then the one thresholded. */
  readonly secondStage?: CommaSecondStage;
}

export interface CommaStack {
  syntax: number;
  tagger: number;
  model: number;
  bias: number;
  /** The weight of logit P(web) (a model with a register model). */
  register?: number;
}

export interface CommaModelJson {
  version: string;
  bits: number;
  threshold: number;
  webThreshold?: number;
  stack?: CommaStack;
  featureSet?: number;
  registerFeatures?: boolean;
  /** Sparse weights: [hashed index, weight] pairs (or `dense`). */
  weights?: Array<[number, number]>;
  /** All 2^bits weights in the punctuation tagger's dense form (int16 steps of 1/1000, gzipped, base64; or `weights`). */
  dense?: string;
  register?: RegisterModelJson;
  /** The second stage's weights (`commaSecondStage.ts`), in the dense form. */
  secondStage?: { bits: number; dense: string };
}

/** A feature whose string is its parts joined; hashed part by part (`parser/fnv.ts`) without building it. */
export type CommaFeatureWriter = (a: string, b?: string, c?: string, d?: string, e?: string, f?: string, g?: string, h?: string) => void;

const SIZES = ['1', '2', '3', '4', '5-8', '9+'];
const size = (k: number) => SIZES[k <= 4 ? k - 1 : k <= 8 ? 4 : 5];
const BINS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
/** A probability's tenth (0 … 9). */
export const bin = (p: number) => BINS[Math.max(0, Math.min(9, Math.floor(p * 10)))];

/** What the comma model reads of a sentence's tree once: each word's yield and the arcs over each slot. */
export interface SentenceSpans {
  /** The first and last word each word's subtree covers. */
  lo: Int32Array;
  hi: Int32Array;
  /** cross[i]: how many arcs pass over the slot before word i (one end before it, the other at or after it). */
  cross: Int32Array;
  /** Whether each word heads a clause with its own subject (a child nsubj, csubj or expl; with the deprels only). */
  subject?: Uint8Array;
}

const SUBJECTS = new Set(['nsubj', 'nsubj:pass', 'csubj', 'csubj:pass', 'expl']);

/** Each word's yield (a projective-or-not tree, from the heads), the arcs over each slot and, with the deprels, the clauses with a subject. */
export function yields(head: readonly number[], deprel?: readonly string[]): SentenceSpans {
  const n = head.length;
  const lo = Int32Array.from({ length: n }, (_, k) => k);
  const hi = Int32Array.from(lo);
  const cross = new Int32Array(n + 1);
  for (let d = 0; d < n; d++) {
    // Every ancestor of d covers d (a cycle, which a parser never gives, is cut after n steps).
    for (let h = head[d], steps = 0; h >= 0 && steps < n; h = head[h], steps++) {
      if (d < lo[h]) lo[h] = d;
      if (d > hi[h]) hi[h] = d;
    }
    // The arc d–head passes over slots min + 1 … max: counted by differences, summed below.
    const h = head[d];
    if (h >= 0) {
      cross[Math.min(h, d) + 1]++;
      cross[Math.max(h, d) + 1]--;
    }
  }
  for (let i = 1; i <= n; i++) cross[i] += cross[i - 1];
  if (!deprel) return { lo, hi, cross };
  const subject = new Uint8Array(n);
  for (let d = 0; d < n; d++) if (head[d] >= 0 && SUBJECTS.has(deprel[d])) subject[head[d]] = 1;
  return { lo, hi, cross, subject };
}

/**
 * The highest word on the way up from word k whose yield still has the same `edge` there (`edge` the yields' `hi`
 * and k the word before a slot: the largest phrase that ends there; `lo` and the word after: the largest that begins).
 */
function highestWithEdge(parse: RunParse, edge: Int32Array, k: number): number {
  let a = k;
  for (let steps = 0; steps < parse.head.length; steps++) {
    const h = parse.head[a];
    if (h < 0 || edge[h] !== k) break;
    a = h;
  }
  return a;
}

/**
 * The features of the slot before words[i] (1 ≤ i < n) of a parsed sentence; `spans`: `yields(parse.head)`, computed
 * once per sentence.
 */
export function writeCommaFeatures(
  words: readonly string[],
  parse: RunParse,
  spans: SentenceSpans,
  i: number,
  evidence: CommaEvidence,
  add: CommaFeatureWriter,
  featureSet = 2,
): void {
  const n = words.length;
  const dir = (k: number) => (parse.head[k] < 0 ? 'root' : parse.head[k] < k ? 'L' : 'R');
  const [l1, r1] = [normWord(words[i - 1]), normWord(words[i])];
  const mb = bin(evidence.model);
  add('b');
  add('mb=', mb);
  add('l1=', l1);
  add('r1=', r1);
  add('pu=', parse.upos[i - 1], '|', parse.upos[i]);
  add('rd=', parse.deprel[i], '|', dir(i));
  add('ld=', parse.deprel[i - 1], '|', dir(i - 1));
  const c = BINS[Math.min(spans.cross[i], 4)];
  add('c=', c);
  // The largest phrase that ends before the slot and the largest that begins after it.
  const e = highestWithEdge(parse, spans.hi, i - 1);
  const s = highestWithEdge(parse, spans.lo, i);
  const [eRel, eDir, eSize] = [parse.deprel[e], dir(e), size(spans.hi[e] - spans.lo[e] + 1)];
  const [sRel, sDir, sSize] = [parse.deprel[s], dir(s), size(spans.hi[s] - spans.lo[s] + 1)];
  const initial = spans.lo[e] === 0 ? 'I' : 'M';
  add('e=', eRel, '|', eDir, '|', initial);
  add('es=', eRel, '|', eDir, '|', eSize);
  add('s=', sRel, '|', sDir);
  add('ss=', sRel, '|', sDir, '|', sSize);
  add('es2=', eRel, '|', eDir, '|', sRel, '|', sDir);
  add('esu=', parse.upos[e], '|', eRel, '|', parse.upos[s], '|', sRel);
  add('sr1=', sRel, '|', sDir, '|', r1);
  add('el1=', eRel, '|', eDir, '|', l1);
  // A coordinator or subordinator after the slot: what it joins (`, and` before a clause, not between two nouns).
  const hr = parse.head[i];
  if (hr >= 0 && (parse.deprel[i] === 'cc' || parse.deprel[i] === 'mark')) add('joins=', parse.deprel[i], '|', parse.deprel[hr], '|', parse.upos[hr], '|', r1);
  // The phrase ending here attached to a head after the slot (a fronted clause or phrase), by the head's tag.
  if (eDir === 'R') add('fronted=', eRel, '|', parse.upos[parse.head[e]], '|', eSize);
  add('mbe=', mb, '|', eRel, '|', eDir);
  add('mbs=', mb, '|', sRel, '|', sDir);
  // The words around the slot, and the words that open the phrase ending here and head the one beginning (`if … ,`).
  const [l2, r2] = [normWord(words[i - 2]), normWord(words[i + 1])];
  add('l1r1=', l1, '|', r1);
  add('l2l1=', l2, '|', l1);
  add('r1r2=', r1, '|', r2);
  add('ef=', eRel, '|', eDir, '|', normWord(words[spans.lo[e]]));
  add('sh=', sRel, '|', sDir, '|', normWord(words[s]));
  add('pos=', BINS[Math.min(i, 6)], '|', BINS[Math.min(n - i, 6)]);
  if (featureSet === 3) writeClauseFeatures(parse, spans, i, e, s, add);
  if (featureSet >= 4) writeSeriesFeatures(words, parse, i, e, s, add);
  if (featureSet >= 5) writeWindowFeatures(words, parse, spans, i, e, add);
  if (evidence.register !== undefined) {
    // The register: its tenth alone, and a coarse edited / mixed / web level with what most decides a comma.
    const rg = evidence.register < 0.2 ? 'E' : evidence.register < 0.8 ? 'M' : 'W';
    add('rg=', bin(evidence.register));
    add('rgm=', rg, '|', mb);
    add('rge=', rg, '|', eRel, '|', eDir);
    add('rgs=', rg, '|', sRel, '|', sDir);
    add('rgl=', rg, '|', l1);
    add('rgr=', rg, '|', r1);
  }
}

/**
 * Feature set 3 (Favre et al. 2009's syntactic cues beyond the phrases at the slot): whether the phrase ending and
 * the one beginning are clauses with their own subject, how the two attach to each other (siblings under one head,
 * or the later one inside the earlier one's head), the lowest common ancestor of the words on either side, and the
 * sentence's length.
 */
function writeClauseFeatures(parse: RunParse, spans: SentenceSpans, i: number, e: number, s: number, add: CommaFeatureWriter): void {
  const dir = (k: number) => (parse.head[k] < 0 ? 'root' : parse.head[k] < k ? 'L' : 'R');
  const clause = (k: number) => (spans.subject?.[k] ? 'S' : '-');
  add('ec=', parse.deprel[e], '|', dir(e), '|', clause(e));
  add('sc=', parse.deprel[s], '|', dir(s), '|', clause(s));
  add('esc=', clause(e), '|', clause(s), '|', parse.upos[e], '|', parse.upos[s]);
  const [he, hs] = [parse.head[e], parse.head[s]];
  const how = he === hs ? 'sib' : hs === e ? 'under-e' : he === s ? 'under-s' : hs >= 0 && hs < i ? 'before' : 'after';
  add('att=', how, '|', parse.deprel[e], '|', parse.deprel[s], '|', how === 'sib' && he >= 0 ? parse.upos[he] : '-');
  // The lowest common ancestor of the words either side: the first ancestor of words[i] whose yield reaches i − 1.
  let a = i;
  for (let steps = 0; steps < parse.head.length && a >= 0 && spans.lo[a] > i - 1; steps++) a = parse.head[a];
  add('lca=', a >= 0 ? parse.upos[a] : 'ROOT', '|', a >= 0 ? parse.deprel[a] : '-', '|', a >= 0 ? clause(a) : '-');
  add('n=', size(parse.head.length));
}

const COORDINATOR_WORDS = new Set(['and', 'or', 'nor']);

/**
 * Feature set 4, from the errors read on edited dev (journal, "Restoration: commas toward 0.65"): half the errors
 * are coordination. A list written without commas is misparsed (its items read as `compound` or `flat`), so its
 * commas are missed; a comma before `and` joining two phrases is written as if it joined clauses. Read from the tags
 * as well as the parse: the next coordinator after the slot (how far, and whether the word before the slot has the
 * tag of the word after that coordinator: the items of one series), the conjuncts the parse gives the phrase that
 * begins here, and the four tags around the slot. And the sentence's opening (its first word, how far the slot is
 * from it, whether the main clause's subject begins here), which a fronted phrase the parse misreads still shows.
 */
function writeSeriesFeatures(words: readonly string[], parse: RunParse, i: number, e: number, s: number, add: CommaFeatureWriter): void {
  const n = words.length;
  const tag = (k: number) => (k >= 0 && k < n ? parse.upos[k] : '-');
  const series = seriesOf(words, parse);
  const c = series.nextCoordinator[i];
  const dist = c < n ? size(c - i + 1) : 'none';
  const sameAfter = c < n ? (tag(c + 1) === tag(i - 1) ? 'same' : 'other') : '-';
  add('ncc=', dist, '|', sameAfter, '|', tag(i - 1), '|', tag(i));
  // A coordinator before the slot too (`A and B⟦ ⟧C`: rarely a series).
  const b = series.previousCoordinator[i];
  add('pcc=', b >= 0 ? size(i - b) : 'none', '|', dist);
  add('u4=', tag(i - 2), '|', tag(i - 1), '|', tag(i), '|', tag(i + 1));
  // The conjuncts of the head the phrase beginning here hangs on, when it is a conjunct: its place in the series.
  if (parse.deprel[s] === 'conj') {
    const h = parse.head[s];
    add('cj=', BINS[Math.min(series.conjuncts[h], 4)], '|', series.lastConjunct[h] === s ? 'last' : 'mid', '|', tag(h), '|', tag(s));
  }
  const subjectHere = parse.deprel[i].startsWith('nsubj') || (parse.deprel[s].startsWith('nsubj') && parse.head[s] > i);
  add('f0=', normWord(words[0]), '|', size(i), '|', subjectHere ? 'S' : '-');
  add('f0e=', normWord(words[0]), '|', parse.deprel[e], '|', tag(i));
}

/** What the series features read of a sentence, once (they are asked at every slot). */
interface SeriesView {
  /** Per slot i (before words[i]): the first coordinator at or after words[i] (n if none), the last before it (−1). */
  nextCoordinator: Int32Array;
  previousCoordinator: Int32Array;
  /** Per word: its `conj` dependents, and the last of them (itself if none). */
  conjuncts: Int32Array;
  lastConjunct: Int32Array;
  /** The words it was read from (a parse asked again with other words is read again). */
  words: readonly string[];
}

const seriesViews = new WeakMap<RunParse, SeriesView>();

function seriesOf(words: readonly string[], parse: RunParse): SeriesView {
  let v = seriesViews.get(parse);
  if (v && v.words === words) return v;
  const n = words.length;
  const coordinator = words.map((w) => COORDINATOR_WORDS.has(w.toLowerCase()));
  const nextCoordinator = new Int32Array(n + 1).fill(n);
  for (let k = n - 1; k >= 0; k--) nextCoordinator[k] = coordinator[k] ? k : nextCoordinator[k + 1];
  const previousCoordinator = new Int32Array(n + 1).fill(-1);
  for (let k = 1; k <= n; k++) previousCoordinator[k] = coordinator[k - 1] ? k - 1 : previousCoordinator[k - 1];
  const conjuncts = new Int32Array(n);
  const lastConjunct = Int32Array.from({ length: n }, (_, k) => k);
  for (let k = 0; k < n; k++) {
    const h = parse.head[k];
    if (h < 0 || parse.deprel[k] !== 'conj') continue;
    conjuncts[h]++;
    if (k > lastConjunct[h] || lastConjunct[h] === h) lastConjunct[h] = k;
  }
  v = { nextCoordinator, previousCoordinator, conjuncts, lastConjunct, words };
  seriesViews.set(parse, v);
  return v;
}

/**
 * Feature set 5: set 4 and a wider window (the word trigrams across the slot, the last word's suffix with the next
 * tag), the main verb's side of the slot with the phrases there, and the verbs before and after the slot (a clause
 * on each side is what a comma between clauses needs).
 */
function writeWindowFeatures(words: readonly string[], parse: RunParse, spans: SentenceSpans, i: number, e: number, add: CommaFeatureWriter): void {
  const n = words.length;
  const w = (k: number) => (k < 0 ? '<s>' : k >= n ? '</s>' : normWord(words[k]));
  add('l2l1r1=', w(i - 2), '|', w(i - 1), '|', w(i));
  add('l1r1r2=', w(i - 1), '|', w(i), '|', w(i + 1));
  add('suf=', w(i - 1).slice(-3), '|', parse.upos[i]);
  let root = 0;
  while (root < n && parse.head[root] >= 0) root++;
  let before = 0;
  let after = 0;
  for (let k = 0; k < n; k++) if (parse.upos[k] === 'VERB' || parse.upos[k] === 'AUX') k < i ? before++ : after++;
  add('vb=', BINS[Math.min(before, 3)], '|', BINS[Math.min(after, 3)], '|', root < i ? 'root<' : 'root>');
  add('efr=', normWord(words[spans.lo[e]]), '|', parse.upos[i], '|', size(i - spans.lo[e]));
}

/** The hashes of a slot's features (`writeCommaFeatures`), each `fnv(the feature's string)`. */
export function commaFeatureHashes(words: readonly string[], parse: RunParse, spans: SentenceSpans, i: number, evidence: CommaEvidence, out: number[] = [], featureSet = 2): number[] {
  out.length = 0;
  writeCommaFeatures(words, parse, spans, i, evidence, (a, b, c, d, e, f, g, h) => out.push(hashOfParts(a, b, c, d, e, f, g, h)), featureSet);
  return out;
}

/** The feature strings of a slot (what the hashes are of; for tests and inspection). */
export function commaFeatures(words: readonly string[], parse: RunParse, i: number, evidence: CommaEvidence, featureSet = 2): string[] {
  const out: string[] = [];
  writeCommaFeatures(words, parse, yields(parse.head, parse.deprel), i, evidence, (...parts) => out.push(parts.filter((x) => x !== undefined).join('')), featureSet);
  return out;
}

/** σ(Σ w) over a slot's feature hashes: the syntactic model's P(comma). */
export function commaProbOfHashes(m: Pick<CommaModel, 'bits' | 'weights'>, hashes: readonly number[]): number {
  const mask = (1 << m.bits) - 1;
  let z = 0;
  for (const h of hashes) z += m.weights[(h >>> 0) & mask];
  return 1 / (1 + Math.exp(-z));
}

/** log(p / (1 − p)), p kept within [1e−6, 1 − 1e−6]. */
export function logit(p: number): number {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
}

/** The comma threshold of a paragraph whose P(web) is `register` (the model's own without a web threshold or a register). */
export function commaThreshold(m: Pick<CommaModel, 'threshold' | 'webThreshold'>, register: number | undefined): number {
  if (m.webThreshold === undefined || register === undefined) return m.threshold;
  return m.threshold + (m.webThreshold - m.threshold) * register;
}

/** The stacked P(comma) of a slot from the syntactic model's P and the evidence (the syntactic P alone without a stack). */
export function stackedProb(stack: CommaStack | undefined, pSyntax: number, evidence: CommaEvidence): number {
  if (!stack) return pSyntax;
  const register = stack.register !== undefined && evidence.register !== undefined ? stack.register * logit(evidence.register) : 0;
  return 1 / (1 + Math.exp(-(stack.syntax * logit(pSyntax) + stack.tagger * logit(evidence.tagger) + stack.model * evidence.model + register + stack.bias)));
}

/** P(comma) at the slot before words[i]: the syntactic model's, stacked with the tagger's. */
export function commaProb(m: CommaModel, words: readonly string[], parse: RunParse, spans: SentenceSpans, i: number, given: CommaEvidence, buf: number[] = []): number {
  // A model whose features do not read the register must not see it (its features would hash to other weights).
  const evidence = m.registerFeatures || given.register === undefined ? given : { tagger: given.tagger, model: given.model };
  return stackedProb(m.stack, commaProbOfHashes(m, commaFeatureHashes(words, parse, spans, i, evidence, buf, m.featureSet)), evidence);
}

export function commaModelFromJson(j: CommaModelJson): CommaModel {
  if (!(j.bits > 0 && j.bits <= 24)) throw new Error(`comma model: ${j.bits}-bit features`);
  let weights: Float32Array;
  if (j.dense !== undefined) weights = weightsOfDense(j.bits, j.dense);
  else {
    weights = new Float32Array(1 << j.bits);
    for (const [k, v] of j.weights ?? []) weights[k] = v;
  }
  if (j.featureSet !== undefined && j.featureSet !== 2 && j.featureSet !== 3 && j.featureSet !== 4 && j.featureSet !== 5) throw new Error(`comma model: unknown feature set ${String(j.featureSet)}`);
  return { version: j.version, bits: j.bits, weights, threshold: j.threshold, webThreshold: j.webThreshold, featureSet: j.featureSet, registerFeatures: j.registerFeatures, stack: j.stack, register: j.register && registerModelFromJson(j.register), secondStage: j.secondStage && { bits: j.secondStage.bits, weights: weightsOfDense(j.secondStage.bits, j.secondStage.dense) } };
}

const readCommaModel = onceByFile((f) => commaModelFromJson(JSON.parse(readModelFile(f).toString('utf8')) as CommaModelJson));

/** The bundled comma model, or undefined when it is missing (restoration then mixes the tagger's and the model's P). */
export function loadCommaModel(dir: string): CommaModel | undefined {
  return readCommaModel(path.join(dir, COMMA_MODEL_FILE));
}
