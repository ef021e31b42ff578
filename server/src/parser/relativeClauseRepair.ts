/**
 * Repairs one garden path the greedy transition parser walks into: a subject that ends in a relative clause, then the
 * sentence's own verb. "The phone that I bought broke" comes out with "phone" as the root and "broke" an `xcomp` of
 * "bought"; the reduced "The letter you sent me arrived today" with "sent" as the root, two subjects ("letter", "you")
 * and "arrived" its `xcomp`. When the parser meets "broke", the relative clause could still go on, and EWT has few
 * such subjects (22 in dev, whose subjects' heads the shipped parser gets right 12 times: journal, "a relative clause's
 * commas, as learners get them wrong"), so the stack decision goes the wrong way. Learners' and edited prose's long
 * subjects are mostly of this shape.
 *
 * The repair reads a grammatical impossibility in the tree, not the words: a verb that is finite (its own tag, or a
 * finite auxiliary or copula of its own) cannot be the open complement (`xcomp`) or any other subjectless clausal
 * dependent of the relative clause's verb, since a finite clause has a subject and this one has none, no coordinator
 * and no subordinator. Its subject is the noun the relative clause modifies, and the tree is rebuilt so: the finite
 * verb becomes the root, the noun its subject, the relative clause the noun's. The same holds when the parser made the
 * finite verb the head but left both subjects on the clause before it ("The soup they cook here is hot": "cook" an
 * `advcl` of "hot" with "soup" and "they" its subjects; journal, "a relative clause's commas, as learners get them
 * wrong", F2). Another shape is repaired the same way in spirit: "I met Maria, who works here" parsed with "who works
 * here" as the verb's `ccomp` (an embedded question), though a comma and a noun before "who" make it a relative clause
 * of the noun.
 *
 * Every repaired tree is projective when the parse was (the noun's dependents after the verb move to the verb).
 */
import { TreeWord } from '../data/depunct';
import { TreeInfo, treeInfo } from '../data/treeInfo';

/** The repair's name in the parser's version (bump when it changes what it returns). */
export const RELATIVE_CLAUSE_REPAIR = 'relcl2';

/** Fine tags of a finite verb or auxiliary. */
const FINITE_TAGS: ReadonlySet<string> = new Set(['VBD', 'VBZ', 'VBP', 'MD']);
/** Relations a subjectless finite verb gets from the relative clause's verb in this misparse (shapes 1 and 2). */
const MISREAD_RELATIONS = /^(xcomp|ccomp|conj|parataxis|advcl|obj|dep)$/;
/** Relations the relative clause's verb gets from the finite verb in shape 3 (its head, after it). */
const MISREAD_CLAUSES = /^(advcl|csubj|ccomp|dep)$/;
/** Dependents that give a clause its own subject. */
export const SUBJECT = /^(nsubj|csubj|expl)/;
const NOMINAL = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);
const WH_RELATIVE = /^(who|which|whom|whose)$/i;


/**
 * n is a noun phrase that opens the sentence and is no clause of its own (no subject, copula or preposition on it:
 * "This was the body that Bush proclaimed was bringing …" keeps its extraction).
 */
function opensSentenceAsNoun(words: readonly TreeWord[], t: TreeInfo, n: number): boolean {
  if (!NOMINAL.has(words[n - 1].upos) || t.span[n][0] !== 1) return false;
  return !t.children[n].some((c) => SUBJECT.test(words[c - 1].deprel) || words[c - 1].deprel === 'cop' || words[c - 1].deprel === 'case');
}

/** Whether clause head v is finite: its own tag, or a finite auxiliary or copula of its own before it. */
export function finiteHead(words: readonly TreeWord[], t: TreeInfo, v: number): boolean {
  if (FINITE_TAGS.has(words[v - 1].xpos)) return true;
  return t.children[v].some((c) => c < v && (words[c - 1].deprel.startsWith('aux') || words[c - 1].deprel === 'cop') && FINITE_TAGS.has(words[c - 1].xpos));
}

/** A finite verb with nothing that would let it go without a subject: no subject, coordinator or subordinator. */
function subjectlessFinite(words: readonly TreeWord[], t: TreeInfo, v: number): boolean {
  if (t.children[v].some((c) => SUBJECT.test(words[c - 1].deprel) || words[c - 1].deprel === 'cc' || words[c - 1].deprel === 'mark')) return false;
  return finiteHead(words, t, v);
}

/**
 * The first of the two subjects a verb r carries before it when they read as a noun and a reduced relative clause's
 * own subject ("The letter you sent …"): a sentence-initial noun phrase, then the other subject after it with no
 * mark between them ("Mahmoud Zahar, Hamas's leader declared" is an apposition, not a relative clause).
 */
function nounBeforeReducedClause(words: readonly TreeWord[], slots: readonly (readonly string[])[], t: TreeInfo, r: number): number | undefined {
  const subjects = t.children[r].filter((c) => c < r && words[c - 1].deprel.startsWith('nsubj'));
  if (subjects.length !== 2 || !opensSentenceAsNoun(words, t, subjects[0])) return undefined;
  const [from, to] = [t.span[subjects[0]][1], t.span[subjects[1]][0]];
  return from < subjects[1] && slots.slice(from, to).every((m) => m.length === 0) ? subjects[0] : undefined;
}

/**
 * The verb v, now the clause's head in place of the relative clause's verb r and the noun n: v takes the relation of
 * `top` (the word that headed the clause: n, r, or v itself), n becomes v's subject, and every dependent of n or r
 * after v moves to v.
 */
function makeHead(words: TreeWord[], t: TreeInfo, n: number, r: number, v: number, top: number): void {
  const { head, deprel } = words[top - 1];
  words[v - 1] = { ...words[v - 1], head, deprel };
  const passive = t.children[v].some((c) => words[c - 1].deprel === 'aux:pass');
  for (const x of [n, r]) for (const c of t.children[x]) if (c > v) words[c - 1] = { ...words[c - 1], head: v };
  words[n - 1] = { ...words[n - 1], head: v, deprel: passive ? 'nsubj:pass' : 'nsubj' };
}

/** The tree with the four misparses above repaired; the same array when nothing matched. */
export function repairRelativeClauseSubjects(words: readonly TreeWord[], slots: readonly (readonly string[])[]): TreeWord[] {
  // Most sentences have none of the shapes: no relative clause on the root, no word with two subjects, no wh-relative.
  const subjects = new Uint8Array(words.length + 1);
  let shaped = false;
  for (const w of words) {
    if (w.deprel.startsWith('nsubj') && ++subjects[w.head] === 2) shaped = true;
    else if (w.deprel === 'acl:relcl' && words[w.head - 1].head === 0) shaped = true;
    else if (WH_RELATIVE.test(w.form)) shaped = true;
  }
  if (!shaped) return words as TreeWord[];
  let out = words as TreeWord[];
  let t = treeInfo({ words: out });
  const edit = () => (out === words ? (out = words.slice()) : out);
  for (let r = 1; r <= words.length; r++) {
    if (out !== words) t = treeInfo({ words: out });
    const rw = out[r - 1];
    // The finite verb the parser hung on r after it, with nothing of r's after it (shapes 1 and 2).
    const hungOn = () => {
      const v = t.children[r].find((c) => c > r && MISREAD_RELATIONS.test(out[c - 1].deprel) && subjectlessFinite(out, t, c));
      return v !== undefined && t.children[r].every((c) => c <= v) ? v : undefined;
    };
    // 1. "The phone that I bought broke": n is the root, r its relative clause, v a finite dependent of r after it.
    if (rw.deprel === 'acl:relcl' && out[rw.head - 1].head === 0 && rw.head < r) {
      const n = rw.head;
      const v = hungOn();
      if (v !== undefined && opensSentenceAsNoun(out, t, n)) {
        edit();
        makeHead(out, t, n, r, v, n);
        continue;
      }
    }
    // 2. "The letter you sent me arrived": r the root with two subjects before it, v a finite dependent after it.
    // 3. "The soup they cook here is hot": r a clausal dependent before its head v, with both subjects; v none.
    const subordinated = t.children[r].some((c) => out[c - 1].deprel === 'mark');
    const headAfter = rw.head > r && MISREAD_CLAUSES.test(rw.deprel) && !subordinated && subjectlessFinite(out, t, rw.head) ? rw.head : undefined;
    const v = rw.head === 0 ? hungOn() : headAfter;
    const n = v === undefined ? undefined : nounBeforeReducedClause(out, slots, t, r);
    if (v !== undefined && n !== undefined) {
      edit();
      makeHead(out, t, n, r, v, rw.head === 0 ? r : v);
      out[r - 1] = { ...out[r - 1], head: n, deprel: 'acl:relcl' };
      continue;
    }
    // 4. "I met Maria, who works here": a ccomp opened by "who"/"which" right after a comma that follows a noun.
    if (rw.deprel === 'ccomp') {
      const a = t.span[r][0];
      const noun = a - 1;
      const afterCommaAndNoun = noun >= 1 && slots[noun]?.length === 1 && slots[noun][0] === ',' && ['NOUN', 'PROPN'].includes(out[noun - 1].upos);
      if (afterCommaAndNoun && WH_RELATIVE.test(out[a - 1].form) && out[noun - 1].head === rw.head) {
        edit();
        out[r - 1] = { ...out[r - 1], head: noun, deprel: 'acl:relcl' };
      }
    }
  }
  return out;
}
