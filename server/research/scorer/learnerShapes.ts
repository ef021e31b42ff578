/**
 * Learner-shaped comma errors, for the learned scorer's training only (`fit.ts --learner-shapes N`). The writers'
 * generator (`eval/corrupt.ts`) adds a subject–verb comma only where the tree's nearest edge at the slot is the
 * subject's own, so a comma after a whole subject that ends in a relative clause, a reduced relative or a phrase
 * ("The girl who sits next to me, is", "The house we rented in the summer, had", "What I want to say, is") never
 * occurs in its output, nor one between a verb and a clause it takes that opens with a wh-word or "that" ("We
 * discussed, how", "The problem is, that", where UD hangs the clause's verb over the copula). Learners write both: 5 of the 10 subject–verb pairs and 3 of the 5
 * verb–object pairs of `examples/probes/learner-pairs.tsv`. Measured in the dense scorer's training data (journal,
 * "The guards as the learned scorer's features"): the keys the candidate generator gives these slots
 * (`subject-verb-comma/delete/restrictive-subject`, `…/pseudo-cleft`, `…/wh-complement`) had 2 right examples among 14,
 * so the scorer learned that such a comma is kept. The generator is shared with the benchmarks, whose items must not
 * move, so these shapes are added here, not there.
 */
import { TreeInfo, treeInfo } from '../../src/engine/treeInfo';
import { SlotMark } from '../../src/engine/sentence';
import { Corruption, ErrorKind } from '../eval/corrupt';
import { cloneDraft, Draft, draftOf, renderDraft, setSlot } from '../eval/draft';
import { pick, seededRng, shuffled } from '../eval/rng';
import { EditedItem, SuiteDocument } from '../corruption/editedSuite';

const COMMA: SlotMark = { norm: ',', text: ',' };
const CLAUSE_OPENERS = /^(that|how|what|why|when|where|whether|if|who|which)$/i;

const boundary = (d: Draft, i: number) => i > 0 && i < d.slots.length - 1 && d.words.some((w) => w.lastWord === i);

/** The first word of w's predicate after its subject: the head itself or an auxiliary or copula of it. */
function predicateStart(info: TreeInfo, subject: number): number {
  const h = info.head(subject);
  const before = info.children[h].filter((c) => c > subject && c < h && /^(aux|aux:pass|cop)$/.test(info.rel(c)));
  return before.length ? Math.min(...before) : h;
}

/** The slots where a learner's comma would split a long subject from its verb, or a verb from its clause. */
export function learnerShapeSlots(d: Draft): Array<{ slot: number; error: ErrorKind; kind: string }> {
  const info = treeInfo(d.gold.sentence.tree);
  const out: Array<{ slot: number; error: ErrorKind; kind: string }> = [];
  for (let w = 1; w <= info.n; w++) {
    const rel = info.rel(w);
    const [a, b] = info.span[w];
    // The bundled parser labels the subject of a copula with a clausal predicate `nsubj:outer` ("What I want to say,
    // is that …"): the same long subject, so the same shape (a learner probe the scorer missed without it).
    if (/^(nsubj|nsubj:pass|csubj|nsubj:outer|csubj:outer)$/.test(rel) && b - a + 1 >= 3 && b < info.n && predicateStart(info, w) === b + 1 && boundary(d, b) && d.slots[b].length === 0)
      out.push({ slot: b, error: 'subject-verb-comma-added', kind: 'comma after a long subject' });
    const words = d.gold.sentence.tree.words;
    if (rel === 'ccomp' && a >= 2 && CLAUSE_OPENERS.test(words[a - 1].form) && boundary(d, a - 1) && d.slots[a - 1].length === 0) {
      const h = info.head(w);
      if (h === a - 1 || (info.head(a - 1) === h && a - 1 > h)) out.push({ slot: a - 1, error: 'verb-object-comma-added', kind: 'comma before a clause a verb takes' });
    }
    // A copula whose predicate is a clause ("The problem is, that nobody listens"): UD makes the clause's verb the
    // head, the copula its `cop` and the opener its `mark`, so the `ccomp` shape above never sees it.
    if (rel === 'cop' && w < info.n && CLAUSE_OPENERS.test(words[w].form) && info.head(w + 1) === info.head(w) && /^(mark|advmod|nsubj|obj)$/.test(info.rel(w + 1)) && info.head(w) > w + 1 && boundary(d, w) && d.slots[w].length === 0)
      out.push({ slot: w, error: 'verb-object-comma-added', kind: 'comma before a clause a copula takes' });
  }
  return out;
}

/**
 * The slots where a learner's comma would split a verb group: an auxiliary or copula from the word after it ("They
 * have, finished", "She is, very happy") and a verb from the infinitive it takes ("He wants, to stay"). A single comma
 * there is never edited English (an aside inside a verb group is set off on both sides, and then the slot is not
 * empty). The writers' generator plants its `comma-added` at any comma slot alike, so these slots are a few of its
 * 250 items; the scorer gave the learner probes' `He wants, to stay` 0.43 and `They have, finished` 0.26 against the
 * deletions' 0.86, with the punctuation model's Δ at 11–13 nats for each (journal, "Learner commas inside a verb
 * group"). Drawn apart from `learnerShapeSlots` (`fit.ts --verb-group-shapes`) because nearly every sentence has an
 * auxiliary: mixed in, they would crowd out the long subjects.
 */
export function verbGroupSlots(d: Draft): Array<{ slot: number; error: ErrorKind; kind: string }> {
  const info = treeInfo(d.gold.sentence.tree);
  const words = d.gold.sentence.tree.words;
  const out: Array<{ slot: number; error: ErrorKind; kind: string }> = [];
  for (let w = 1; w <= info.n; w++) {
    const rel = info.rel(w);
    if (/^(aux|aux:pass|cop)$/.test(rel) && info.head(w) > w && boundary(d, w) && d.slots[w].length === 0)
      out.push({ slot: w, error: 'comma-added', kind: rel === 'cop' ? 'comma after a copula' : 'comma after an auxiliary' });
    const [a] = info.span[w];
    if (rel === 'xcomp' && a >= 2 && words[a - 1].form.toLowerCase() === 'to' && info.head(w) === a - 1 && boundary(d, a - 1) && d.slots[a - 1].length === 0)
      out.push({ slot: a - 1, error: 'comma-added', kind: 'comma before an infinitive a verb takes' });
  }
  return out;
}

/**
 * The sentences that end in a question mark alone, for a learner's question written with a period ("Do you have a
 * friend like Ana."; three of the learner essays' 42 errors, and web writers' too: "Are you free for lunch today.").
 * The writers' generator has no such error, since edited prose never makes it, so the scorer never saw the question
 * candidate (`correction/candidates/questionMarks.ts`) right and gave it 0.03 where its words are a question's. Every
 * such sentence is offered; the candidate generator decides which are questions by their words, as at run time, and a
 * sentence it does not take contributes its other candidates as negatives.
 */
export function questionSlots(d: Draft): ShapeSlot[] {
  const n = d.slots.length - 1;
  const last = d.slots[n];
  return last.length === 1 && last[0].norm === '?' ? [{ slot: n, error: 'question-mark-missing', kind: 'question written with a period', marks: [PERIOD], gold: '?' }] : [];
}

const PERIOD: SlotMark = { norm: '.', text: '.' };

function corruptionAt(d: Draft, x: ShapeSlot): Corruption {
  const draft = cloneDraft(d);
  setSlot(draft, x.slot, x.marks ?? [COMMA]);
  const category = x.error === 'comma-added' ? 'comma' : x.error === 'question-mark-missing' ? 'sentence-final' : 'subject-verb-comma';
  return { category, error: x.error, kind: x.kind, draft, gold: new Map([[x.slot, [x.gold ?? '']]]) };
}

/** A learner's error at one slot: a comma planted there unless `marks` says what is written instead of `gold`. */
interface ShapeSlot {
  slot: number;
  error: ErrorKind;
  kind: string;
  marks?: SlotMark[];
  gold?: string;
}

type ShapeSlots = (d: Draft) => ShapeSlot[];

/** Up to `count` sentences of the documents, each with one learner-shaped comma at a slot `slotsOf` offers, drawn uniformly. */
export function learnerShapeItems(docs: readonly SuiteDocument[], count: number, seed: number, slotsOf: ShapeSlots = learnerShapeSlots, tag = 'learner'): EditedItem[] {
  const rng = seededRng(seed);
  const sites: Array<[number, number, number]> = [];
  docs.forEach((doc, di) => doc.sentences.forEach((ss, p) => ss.forEach((_, k) => sites.push([di, p, k]))));
  const out: EditedItem[] = [];
  for (const [di, p, k] of shuffled(rng, sites)) {
    if (out.length >= count) break;
    const s = docs[di].sentences[p][k];
    const draft = draftOf(s.gold);
    const slots = slotsOf(draft);
    if (slots.length === 0) continue;
    const x = pick(rng, slots);
    const c = corruptionAt(draft, x);
    out.push({ id: `${docs[di].key}/${p}/${k}/${tag}`, error: x.error, doc: di, par: p, start: s.start, end: s.end, original: renderDraft(draft), corrupted: renderDraft(c.draft), corruption: c });
  }
  return out;
}
