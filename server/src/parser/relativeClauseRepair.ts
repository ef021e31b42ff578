/**
 * Repairs one garden path the greedy transition parser walks into: a subject that ends in a relative clause, then the
 * sentence's own verb. "The phone that I bought broke" comes out with "phone" as the root and "broke" an `xcomp` of
 * "bought"; the reduced "The letter you sent me arrived today" with "sent" as the root, two subjects ("letter", "you")
 * and "arrived" its `xcomp`. When the parser meets "broke", the relative clause could still go on, and EWT has few
 * such subjects (22 in dev, whose subjects' heads the shipped parser gets right 12 times: BENCHMARKS, session 14),
 * so the stack decision goes the wrong way. Learners' and edited prose's long subjects are mostly of this shape.
 *
 * The repair reads a grammatical impossibility in the tree, not the words: a verb that is finite (its own tag, or a
 * finite auxiliary or copula of its own) cannot be the open complement (`xcomp`) or any other subjectless clausal
 * dependent of the relative clause's verb, since a finite clause has a subject and this one has none, no coordinator
 * and no subordinator. Its subject is the noun the relative clause modifies, and the tree is rebuilt so: the finite
 * verb becomes the root, the noun its subject, the relative clause the noun's. The same holds when the parser made the
 * finite verb the head but left both subjects on the clause before it ("The soup they cook here is hot": "cook" an
 * `advcl` of "hot" with "soup" and "they" its subjects; BENCHMARKS, session 14, F2). Another shape is repaired the
 * same way in spirit: "I met Maria, who works here" parsed with "who works here" as the verb's `ccomp` (an embedded
 * question), though a comma and a noun before "who" make it a relative clause of the noun.
 *
 * Every repaired tree is projective when the parse was (the noun's dependents after the verb move to the verb).
 */
import { TreeWord } from '../data/depunct';

/** The repair's name in the parser's version (bump when it changes what it returns). */
export const RELATIVE_CLAUSE_REPAIR = 'relcl2';

/** Fine tags of a finite verb or auxiliary. */
const FINITE_TAGS = new Set(['VBD', 'VBZ', 'VBP', 'MD']);
/** Relations the relative clause's verb gets from the finite verb in the fourth shape (its head, before it). */
const MISREAD_CLAUSES = /^(advcl|csubj|ccomp|dep)$/;
/** Relations a subjectless finite verb gets from the relative clause's verb in this misparse. */
const MISREAD_RELATIONS = /^(xcomp|ccomp|conj|parataxis|advcl|obj|dep)$/;
const SUBJECT = /^(nsubj|csubj|expl)/;
const NOMINAL = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);

/** The trees' children lists (1-based words; index 0 the root's). */
function childrenOf(words: readonly TreeWord[]): number[][] {
  const out: number[][] = Array.from({ length: words.length + 1 }, () => []);
  words.forEach((w, i) => out[w.head].push(i + 1));
  return out;
}

function subtreeEnd(children: number[][], w: number): number {
  let b = w;
  for (const c of children[w]) b = Math.max(b, subtreeEnd(children, c));
  return b;
}

function subtreeStart(children: number[][], w: number): number {
  let a = w;
  for (const c of children[w]) a = Math.min(a, subtreeStart(children, c));
  return a;
}

/**
 * n is a noun phrase that opens the sentence and is no clause of its own (no subject, copula or preposition on it:
 * "This was the body that Bush proclaimed was bringing …" keeps its extraction).
 */
function opensSentenceAsNoun(words: readonly TreeWord[], children: number[][], n: number): boolean {
  if (!NOMINAL.has(words[n - 1].upos) || subtreeStart(children, n) !== 1) return false;
  return !children[n].some((c) => SUBJECT.test(words[c - 1].deprel) || words[c - 1].deprel === 'cop' || words[c - 1].deprel === 'case');
}

/** A finite verb with nothing that would let it go without a subject: no subject, coordinator or subordinator. */
function subjectlessFinite(words: readonly TreeWord[], children: number[][], v: number): boolean {
  const kids = children[v].map((c) => words[c - 1]);
  if (kids.some((k) => SUBJECT.test(k.deprel) || k.deprel === 'cc' || k.deprel === 'mark')) return false;
  if (FINITE_TAGS.has(words[v - 1].xpos)) return true;
  return kids.some((k, j) => (k.deprel.startsWith('aux') || k.deprel === 'cop') && FINITE_TAGS.has(k.xpos) && children[v][j] < v);
}

/**
 * The verb v, now the clause's head in place of the relative clause's verb r and the noun n: v takes n's head and
 * relation (the root's), n becomes v's subject, and every dependent of n or r after v moves to v.
 */
function makeHead(words: TreeWord[], children: number[][], n: number, r: number, v: number, rootOf: number): void {
  const top = words[rootOf - 1];
  words[v - 1] = { ...words[v - 1], head: top.head, deprel: top.deprel };
  const passive = children[v].some((c) => words[c - 1].deprel === 'aux:pass');
  for (const x of [n, r]) for (const c of children[x]) if (c > v) words[c - 1] = { ...words[c - 1], head: v };
  words[n - 1] = { ...words[n - 1], head: v, deprel: passive ? 'nsubj:pass' : 'nsubj' };
}

/** The tree with the three misparses above repaired; the same array when nothing matched. */
export function repairRelativeClauseSubjects(words: readonly TreeWord[], slots: readonly (readonly string[])[]): TreeWord[] {
  // Most sentences have none of the shapes: no relative clause on the root, no word with two subjects, no wh-relative.
  const subjects = new Uint8Array(words.length + 1);
  let shaped = false;
  for (const w of words) {
    if (w.deprel.startsWith('nsubj') && ++subjects[w.head] === 2) shaped = true;
    else if (w.deprel === 'acl:relcl' && words[w.head - 1].head === 0) shaped = true;
    else if (/^(who|which|whom|whose)$/i.test(w.form)) shaped = true;
  }
  if (!shaped) return words as TreeWord[];
  let out = words as TreeWord[];
  let children = childrenOf(out);
  const unmarked = (from: number, to: number) => slots.slice(from, to).every((m) => m.length === 0);
  const edit = () => (out === words ? (out = words.slice()) : out);
  for (let r = 1; r <= words.length; r++) {
    if (out !== words) children = childrenOf(out);
    const rw = out[r - 1];
    // 1. "The phone that I bought broke": n is the root, r its relative clause, v a finite dependent of r after it.
    if (rw.deprel === 'acl:relcl' && out[rw.head - 1].head === 0 && rw.head < r) {
      const n = rw.head;
      const v = children[r].find((c) => c > r && MISREAD_RELATIONS.test(out[c - 1].deprel) && subjectlessFinite(out, children, c));
      if (v !== undefined && opensSentenceAsNoun(out, children, n) && children[r].every((c) => c <= v)) {
        edit();
        makeHead(out, children, n, r, v, n);
        continue;
      }
    }
    // 2. "The letter you sent me arrived": r the root with two subjects before it, v a finite dependent after it.
    if (rw.head === 0) {
      const subjects = children[r].filter((c) => c < r && out[c - 1].deprel.startsWith('nsubj'));
      const v = children[r].find((c) => c > r && MISREAD_RELATIONS.test(out[c - 1].deprel) && subjectlessFinite(out, children, c));
      if (
        subjects.length === 2 &&
        v !== undefined &&
        opensSentenceAsNoun(out, children, subjects[0]) &&
        subtreeEnd(children, subjects[0]) < subjects[1] &&
        // No mark between the two: "Mahmoud Zahar, Hamas's leader declared" is an apposition, not a relative clause.
        unmarked(subtreeEnd(children, subjects[0]), subtreeStart(children, subjects[1])) &&
        children[r].every((c) => c <= v)
      ) {
        const n = subjects[0];
        edit();
        makeHead(out, children, n, r, v, r);
        out[r - 1] = { ...out[r - 1], head: n, deprel: 'acl:relcl' };
        continue;
      }
    }
    // 4. "The soup they cook here is hot": r a clausal dependent before its head v, with both subjects; v none.
    if (rw.head > r && MISREAD_CLAUSES.test(rw.deprel) && subjectlessFinite(out, children, rw.head)) {
      const v = rw.head;
      const subjects = children[r].filter((c) => c < r && out[c - 1].deprel.startsWith('nsubj'));
      if (
        subjects.length === 2 &&
        !children[r].some((c) => out[c - 1].deprel === 'mark') &&
        opensSentenceAsNoun(out, children, subjects[0]) &&
        subtreeEnd(children, subjects[0]) < subjects[1] &&
        unmarked(subtreeEnd(children, subjects[0]), subtreeStart(children, subjects[1]))
      ) {
        const n = subjects[0];
        edit();
        const passive = children[v].some((c) => out[c - 1].deprel === 'aux:pass');
        out[n - 1] = { ...out[n - 1], head: v, deprel: passive ? 'nsubj:pass' : 'nsubj' };
        out[r - 1] = { ...out[r - 1], head: n, deprel: 'acl:relcl' };
        continue;
      }
    }
    // 3. "I met Maria, who works here": a ccomp opened by "who"/"which" right after a comma that follows a noun.
    if (rw.deprel === 'ccomp') {
      const a = subtreeStart(children, r);
      const first = out[a - 1];
      const noun = a - 1;
      const afterCommaAndNoun = noun >= 1 && slots[noun]?.length === 1 && slots[noun][0] === ',' && ['NOUN', 'PROPN'].includes(out[noun - 1].upos);
      if (afterCommaAndNoun && /^(who|which|whom|whose)$/i.test(first.form) && out[noun - 1].head === rw.head) {
        edit();
        out[r - 1] = { ...out[r - 1], head: noun, deprel: 'acl:relcl' };
      }
    }
  }
  return out;
}
