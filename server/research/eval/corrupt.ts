/**
 * The corruption generator (paper §6.2 stand-in: no learner treebank here). It mimics learners' punctuation errors on
 * a well-punctuated treebank sentence — dropped and inserted commas, commas between subject and verb, missing commas
 * around non-restrictive clauses and spurious ones around restrictive clauses, splices, transposed quotes, doubled and
 * stacked marks, unclosed brackets, a missing final mark — and records the original punctuation of every slot it
 * changed, so that a linter's fixes can be scored against it.
 *
 * Every corruption is labelled with its writer's error kind (`ErrorKind`). The EWT suite of `bench:lint` draws from
 * the kinds it always had; `writers: true` adds the kinds of issue 29 (a missing comma before a coordinator joining
 * clauses or closing an aside, a comma after a coordinator, a comma before a restrictive clause written on its left
 * only, a comma stacked before the final period, a semicolon and a colon written for each other), and the silver-tree
 * benchmark (`server/research/benchEdited.ts`) draws by kind (`corruptByKind`). The rates at which writers make each
 * kind are in `server/research/corruption/rates.ts`, with their sources.
 */
import { SlotMark } from '../../src/engine/sentence';
import { hasSubject, treeInfo, TreeInfo } from '../../src/engine/treeInfo';
import { commaCategory, NONRESTRICTIVE_RELS, spliceAt, subjectVerbAt } from '../../src/engine/correction/pipeline/categories';
import { cloneDraft, Draft, setSlot } from './draft';
import { pick, Rng } from './rng';

export type CorruptionCategory =
  | 'nonrestrictive-comma'
  | 'subject-verb-comma'
  | 'introductory-comma'
  | 'comma-splice'
  | 'comma'
  | 'quote-placement'
  | 'doubled-mark'
  | 'mark-absorption'
  | 'unbalanced-pair'
  | 'sentence-final'
  | 'fused-sentence'
  | 'semicolon-colon';

/**
 * What the writer did wrong, finer than the category (which names the engine rule that should catch it), each with
 * `inSentenceComma`: a comma written or dropped inside one sentence, which changes how the words read (the errors the
 * parser trains to read through: `parser/writersErrors.ts`; the marks at a sentence's end, quotes and brackets, a
 * fused sentence and a semicolon/colon swap do not).
 */
export const ERROR_KIND_TAGS = {
  'relative-clause-comma-missing': { inSentenceComma: true },
  'appositive-comma-missing': { inSentenceComma: true },
  'introductory-comma-missing': { inSentenceComma: true },
  'clause-coordinator-comma-missing': { inSentenceComma: true },
  'aside-closing-comma-missing': { inSentenceComma: true },
  'comma-missing': { inSentenceComma: true },
  'subject-verb-comma-added': { inSentenceComma: true },
  'verb-object-comma-added': { inSentenceComma: true },
  'restrictive-clause-comma-added': { inSentenceComma: true },
  'comma-after-coordinator': { inSentenceComma: true },
  'comma-added': { inSentenceComma: true },
  'comma-splice': { inSentenceComma: true },
  'fused-sentence': { inSentenceComma: false },
  'quote-transposition': { inSentenceComma: false },
  'doubled-mark': { inSentenceComma: false },
  'stacked-marks': { inSentenceComma: false },
  'unbalanced-bracket': { inSentenceComma: false },
  'semicolon-colon-confusion': { inSentenceComma: false },
  'final-mark-missing': { inSentenceComma: false },
  // A direct question ended with a period ("Do you like it."): learners' and web writers', never edited prose's; the
  // learned scorer's training plants it (`scorer/learnerShapes.ts questionSlots`), the writers' generator does not.
  'question-mark-missing': { inSentenceComma: false },
} as const satisfies Record<string, { inSentenceComma: boolean }>;
export type ErrorKind = keyof typeof ERROR_KIND_TAGS;
export const ERROR_KINDS = Object.keys(ERROR_KIND_TAGS) as ErrorKind[];

export interface Corruption {
  category: CorruptionCategory;
  error: ErrorKind;
  /** What was done, for reports. */
  kind: string;
  draft: Draft;
  /** Slot → the compact (space-free) strings that count as a correct repair (the original first). */
  gold: Map<number, string[]>;
}

const COMMA: SlotMark = { norm: ',', text: ',' };
const CLAUSE_COORDINATORS = /^(and|but|or|nor|so|yet)$/i;
/** Dependents set off as an aside when written between commas mid-sentence ("The plan, however, failed"). */
const ASIDE_BASES = new Set(['advmod', 'obl', 'advcl', 'parataxis', 'discourse', 'vocative', 'nmod']);

export function compactSlot(marks: readonly SlotMark[]): string {
  return marks.map((m) => m.text).join('');
}

type Option = { kind: string; category: CorruptionCategory; error: ErrorKind; apply: (d: Draft) => void; accept?: Record<number, string[]> };

/** Which kinds of error to generate: the EWT suite's (as `bench:lint` always had) or, with `writers`, all of them. */
export interface CorruptOptions {
  writers?: boolean;
}

/** Slots between two words that are separate written tokens (not inside `don't`). */
function isTokenBoundary(d: Draft, i: number): boolean {
  return d.words.some((w) => w.lastWord === i) && i > 0 && i < d.slots.length - 1;
}

function options(d: Draft, info: TreeInfo, opts: CorruptOptions = {}): Option[] {
  const n = info.n;
  const out: Option[] = [];
  const slots = d.slots;
  const isComma = (i: number) => slots[i].length === 1 && slots[i][0].norm === ',';
  const without = (i: number, k: number) => slots[i].filter((_, j) => j !== k);

  // Non-restrictive constituents: drop one or both commas. Restrictive relative clauses: add both.
  for (let w = 1; w <= n; w++) {
    if (!NONRESTRICTIVE_RELS.has(info.rel(w))) continue;
    const [a, b] = info.span[w];
    const li = a - 1;
    const left = slots[li].length > 0 && slots[li][slots[li].length - 1].norm === ',' ? slots[li].length - 1 : -1;
    const right = b < n && slots[b].length > 0 && slots[b][0].norm === ',' ? 0 : -1;
    // Only constituents set off on both sides (or closed by the end of the sentence) are surely non-restrictive.
    const closedByEnd = b === n || slots[b].some((m) => m.norm === '.' || m.norm === '?' || m.norm === '!');
    const error: ErrorKind = info.rel(w) === 'appos' ? 'appositive-comma-missing' : 'relative-clause-comma-missing';
    if (left >= 0 && (right >= 0 || closedByEnd))
      out.push({ kind: `drop left comma of ${info.rel(w)}`, category: 'nonrestrictive-comma', error, apply: (x) => setSlot(x, li, without(li, left)) });
    if (left >= 0 && right >= 0) {
      out.push({ kind: `drop right comma of ${info.rel(w)}`, category: 'nonrestrictive-comma', error, apply: (x) => setSlot(x, b, without(b, right)) });
      out.push({
        kind: `drop both commas of ${info.rel(w)}`,
        category: 'nonrestrictive-comma',
        error,
        apply: (x) => {
          setSlot(x, li, without(li, left));
          setSlot(x, b, without(b, right));
        },
      });
    }
    // Restrictive: introduced by "that", or reduced (no relative pronoun: "the book I bought").
    const words = d.gold.sentence.tree.words;
    const restrictive = words[a - 1].form.toLowerCase() === 'that' || !info.children[w].some((c) => /^(who|whom|whose|which|where|when)$/i.test(words[c - 1].form));
    if (info.rel(w) === 'acl:relcl' && li > 0 && b < n && slots[li].length === 0 && slots[b].length === 0 && isTokenBoundary(d, li) && isTokenBoundary(d, b) && restrictive)
      out.push({
        kind: 'commas around a restrictive relative clause',
        category: 'nonrestrictive-comma',
        error: 'restrictive-clause-comma-added',
        apply: (x) => {
          setSlot(x, li, [COMMA]);
          setSlot(x, b, [COMMA]);
        },
      });
    // Writers more often put only the opening comma ("the book, that I bought"): at the end of the sentence too.
    if (opts.writers && info.rel(w) === 'acl:relcl' && li > 0 && slots[li].length === 0 && isTokenBoundary(d, li) && restrictive)
      out.push({ kind: 'comma before a restrictive relative clause', category: 'nonrestrictive-comma', error: 'restrictive-clause-comma-added', apply: (x) => setSlot(x, li, [COMMA]) });
  }
  for (let i = 1; i < n; i++) {
    if (!isTokenBoundary(d, i)) continue;
    const cat = commaCategory(info, i, (j) => slots[j].some((m) => m.norm === ','));
    if (cat === 'serial-comma') continue; // style, not error
    if (slots[i].length === 0 && (cat === 'subject-verb-comma' || cat === 'comma')) {
      const sv = cat === 'subject-verb-comma' ? subjectVerbAt(info, i) : undefined;
      const error: ErrorKind = cat === 'comma' ? (opts.writers && afterCoordinator(info, d, i) ? 'comma-after-coordinator' : 'comma-added') : sv !== undefined && /^[nc]subj/.test(info.rel(sv)) ? 'subject-verb-comma-added' : 'verb-object-comma-added';
      out.push({ kind: cat === 'comma' ? (error === 'comma-after-coordinator' ? 'comma after a coordinator' : 'insert a comma') : 'comma between subject/verb or verb/object', category: cat, error, apply: (x) => setSlot(x, i, [COMMA]) });
    }
    if (isComma(i) && (cat === 'introductory-comma' || cat === 'comma')) {
      const error: ErrorKind =
        cat === 'introductory-comma' ? 'introductory-comma-missing' : !opts.writers ? 'comma-missing' : beforeClauseCoordinator(info, d, i) ? 'clause-coordinator-comma-missing' : closesAside(info, slots, i) ? 'aside-closing-comma-missing' : 'comma-missing';
      const kind = cat === 'introductory-comma' ? 'drop the comma after an introductory element' : error === 'clause-coordinator-comma-missing' ? 'drop the comma before a coordinator joining clauses' : error === 'aside-closing-comma-missing' ? 'drop the closing comma of an aside' : 'drop a comma';
      out.push({ kind, category: cat, error, apply: (x) => setSlot(x, i, []) });
    }
    if (slots[i].length === 1 && slots[i][0].norm === ';' && spliceAt(info, i) !== undefined)
      out.push({ kind: 'semicolon between clauses → comma', category: 'comma-splice', error: 'comma-splice', apply: (x) => setSlot(x, i, [COMMA]), accept: { [i]: [';', '.'] } });
    // A semicolon written for the colon that ends a complete clause before a list or an explanation ("to serve our
    // audiences; the general public, …"). The other way round is left out: a colon between two clauses is often right.
    if (opts.writers && slots[i].length === 1 && slots[i][0].norm === ':' && completeClauseBefore(info, i))
      out.push({ kind: 'colon → semicolon', category: 'semicolon-colon', error: 'semicolon-colon-confusion', apply: (x) => setSlot(x, i, [{ norm: ';', text: ';' }]) });
    // Quote transposition: American `,”` / `.”` written as `”,` / `”.`.
    const s = slots[i];
    for (let k = 0; k + 1 < s.length; k++) {
      if ((s[k].norm === ',' || s[k].norm === '.') && s[k + 1].norm === '”') {
        out.push({
          kind: `transpose ${s[k].text}${s[k + 1].text}`,
          category: 'quote-placement',
          error: 'quote-transposition',
          apply: (x) => setSlot(x, i, [...s.slice(0, k), s[k + 1], s[k], ...s.slice(k + 2)]),
        });
      }
    }
    if (isComma(i)) out.push({ kind: 'double a comma', category: 'doubled-mark', error: 'doubled-mark', apply: (x) => setSlot(x, i, [COMMA, COMMA]) });
  }
  const last = slots[n];
  for (let k = 0; k + 1 < last.length; k++) {
    if (last[k].norm === '.' && last[k + 1].norm === '”')
      out.push({ kind: 'transpose final .”', category: 'quote-placement', error: 'quote-transposition', apply: (x) => setSlot(x, n, [...last.slice(0, k), last[k + 1], last[k], ...last.slice(k + 2)]) });
  }
  if (last.length === 1 && last[0].norm === '.') {
    out.push({ kind: 'drop the final period', category: 'sentence-final', error: 'final-mark-missing', apply: (x) => setSlot(x, n, []) });
    out.push({ kind: 'double the final period', category: 'doubled-mark', error: 'doubled-mark', apply: (x) => setSlot(x, n, [last[0], { norm: '.', text: '.' }]) });
    if (opts.writers) out.push({ kind: 'comma before the final period', category: 'doubled-mark', error: 'stacked-marks', apply: (x) => setSlot(x, n, [COMMA, last[0]]) });
  }
  if (last.length === 1 && (last[0].text === '?' || last[0].text === '!'))
    out.push({ kind: `period before ${last[0].text}`, category: 'mark-absorption', error: 'stacked-marks', apply: (x) => setSlot(x, n, [{ norm: '.', text: '.' }, last[0]]) });
  if (last.length === 0 && d.abbrev[n])
    out.push({ kind: 'period after a final abbreviation', category: 'mark-absorption', error: 'stacked-marks', apply: (x) => setSlot(x, n, [{ norm: '.', text: '.' }]) });
  // Unclosed brackets: drop a closer whose opener is in the sentence.
  const opened = new Map<string, number>();
  for (let i = 0; i <= n; i++) {
    slots[i].forEach((m, k) => {
      if (m.norm === '(' || m.norm === '“') opened.set(m.norm, (opened.get(m.norm) ?? 0) + 1);
      const opener = m.norm === ')' ? '(' : m.norm === '”' ? '“' : undefined;
      if (opener && (opened.get(opener) ?? 0) > 0) {
        opened.set(opener, (opened.get(opener) ?? 0) - 1);
        out.push({ kind: `drop closing ${m.text}`, category: 'unbalanced-pair', error: 'unbalanced-bracket', apply: (x) => setSlot(x, i, slots[i].filter((_, j) => j !== k)) });
      }
    });
  }
  return out;
}

/** Slot i ends the sentence's main clause, subject and verb included, with words after it. */
function completeClauseBefore(info: TreeInfo, i: number): boolean {
  const root = info.children[0][0];
  return root !== undefined && root <= i && info.span[root][1] > i && hasSubject(info, root) && (subjectOfRoot(info, root) ?? i + 1) < i;
}

function subjectOfRoot(info: TreeInfo, root: number): number | undefined {
  return info.children[root].find((c) => /^(nsubj|csubj|expl)/.test(info.rel(c)));
}

/** Slot i lies right after a coordinator word ("and, then we left"). */
function afterCoordinator(info: TreeInfo, d: Draft, i: number): boolean {
  return info.base(i) === 'cc' && CLAUSE_COORDINATORS.test(d.gold.sentence.tree.words[i - 1].form);
}

/** Slot i lies before a coordinator that joins two clauses, each with its own subject ("…, and we left"). */
function beforeClauseCoordinator(info: TreeInfo, d: Draft, i: number): boolean {
  const k = i + 1;
  if (k > info.n || info.base(k) !== 'cc' || !CLAUSE_COORDINATORS.test(d.gold.sentence.tree.words[k - 1].form)) return false;
  const conj = info.head(k);
  return conj > k && info.base(conj) === 'conj' && info.span[conj][0] === k && hasSubject(info, conj) && hasSubject(info, info.head(conj));
}

/** Slot i closes an aside opened by a comma mid-sentence ("The plan, however, failed"). */
function closesAside(info: TreeInfo, slots: SlotMark[][], i: number): boolean {
  for (let w = 1; w <= info.n; w++) {
    const [a, b] = info.span[w];
    if (b !== i || a <= 1 || !ASIDE_BASES.has(info.base(w))) continue;
    const h = info.head(w);
    if (h !== 0 && h > b && slots[a - 1].some((m) => m.norm === ',')) return true;
  }
  return false;
}

/** The categories of corruption that apply to a sentence. */
export function applicableCategories(d: Draft): CorruptionCategory[] {
  return [...new Set(options(d, treeInfo(d.gold.sentence.tree)).map((o) => o.category))];
}

/**
 * One corruption of the sentence in category `cat` (drawn uniformly among those that apply when not given), the site
 * drawn uniformly; undefined when none applies.
 */
export function corrupt(d: Draft, rng: Rng, cat?: CorruptionCategory): Corruption | undefined {
  const info = treeInfo(d.gold.sentence.tree);
  const opts = options(d, info).filter((o) => !cat || o.category === cat);
  if (opts.length === 0) return undefined;
  if (!cat) cat = pick(rng, [...new Set(opts.map((o) => o.category))]);
  // Within the category, each kind of error is equally likely (else "insert a comma anywhere" swamps the rest).
  const inCat = opts.filter((x) => x.category === cat);
  const kindGroup = (o: Option) => o.kind.replace(/ of \S+$/, '').replace(/^transpose .*/, 'transpose');
  const group = pick(rng, [...new Set(inCat.map(kindGroup))]);
  return applied(d, pick(rng, inCat.filter((x) => kindGroup(x) === group)));
}

/** Every corruption of the sentence whose kind `wanted` accepts ("drop right comma of appos", …), one per site. */
export function corruptionsOfKind(d: Draft, wanted: (kind: string) => boolean): Corruption[] {
  return options(d, treeInfo(d.gold.sentence.tree))
    .filter((o) => wanted(o.kind))
    .map((o) => applied(d, o));
}

/** The writer's error kinds that apply to a sentence (with every kind of `writers`). */
export function applicableErrors(d: Draft): ErrorKind[] {
  return [...new Set(options(d, treeInfo(d.gold.sentence.tree), { writers: true }).map((o) => o.error))];
}

/** One corruption of error kind `error`, its site (and variant) drawn uniformly; undefined when none applies. */
export function corruptByKind(d: Draft, rng: Rng, error: ErrorKind): Corruption | undefined {
  const opts = options(d, treeInfo(d.gold.sentence.tree), { writers: true }).filter((o) => o.error === error);
  return opts.length ? applied(d, pick(rng, opts)) : undefined;
}

/** Every corruption of error kind `error` the sentence allows, one per site and variant. */
export function corruptionsOfError(d: Draft, error: ErrorKind): Corruption[] {
  return options(d, treeInfo(d.gold.sentence.tree), { writers: true })
    .filter((o) => o.error === error)
    .map((o) => applied(d, o));
}

/** The sentence with one corruption applied, and the repairs that count as correct. */
function applied(d: Draft, o: Option): Corruption {
  const draft = cloneDraft(d);
  o.apply(draft);
  const gold = new Map<number, string[]>();
  draft.changed.forEach((c, i) => {
    if (c) gold.set(i, o.accept?.[i] ?? [compactSlot(d.slots[i])]);
  });
  return { category: o.category, error: o.error, kind: o.kind, draft, gold };
}
