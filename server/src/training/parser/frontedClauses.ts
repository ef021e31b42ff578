/**
 * The fronted-clause check (issue 4): a sentence that opens with an adverbial clause closed by a comma ("When the
 * storm ended, the town was quiet") must not have the clause's verb swallow the words after the comma ("ended the
 * town"). A parser trained to ignore missing commas can make that garden-path reading even when the comma is there;
 * the lint engine then takes the correct comma for one between verb and object.
 *
 * Cases are the treebank sentences whose first word starts the subtree of an `advcl` with a `mark` (a subordinator),
 * whose head lies after the clause, and whose clause is followed by a comma. For each we ask whether the parse
 * attaches the first nominal after the comma to the clause's verb ("swallowed"), and whether any word after the
 * comma gets a head inside the clause although its gold head is outside ("crossing").
 */
import { PunctuatedTree } from '../../data/depunct';
import { clusterLookup, parseWords, ParserModels } from '../../parser/dependencyParser';
import { encodeSentence, WordSequence } from '../../parser/encoding';

export interface FrontedClause {
  tree: PunctuatedTree;
  /** 0-based index of the clause's verb (the `advcl`). */
  verb: number;
  /** Words 0..last form the clause; the comma is in slot last+1. */
  last: number;
  /** 0-based index of the first NOUN/PROPN/PRON/NUM after the comma, or -1. */
  nominal: number;
}

/** A parse of a word sequence: 0-based heads (n = root) and relation names. */
export type ParseFn = (s: WordSequence) => { head: ArrayLike<number>; deprel: readonly string[] };

const NOMINAL = new Set(['NOUN', 'PROPN', 'PRON', 'NUM']);
const base = (rel: string) => rel.split(':')[0];

/** Subtree spans (0-based first and last word) of a tree given as 1-based heads (0 = root). */
function spans(tree: PunctuatedTree): Array<[number, number]> {
  const n = tree.words.length;
  const span = Array.from({ length: n }, (_, i): [number, number] => [i, i]);
  for (let i = 0; i < n; i++) {
    // Walk up from every word, widening each ancestor's span (depth ≤ n, so at most n² steps on a broken tree).
    for (let h = tree.words[i].head, steps = 0; h > 0 && steps < n; h = tree.words[h - 1].head, steps++) {
      const s = span[h - 1];
      if (i < s[0]) s[0] = i;
      if (i > s[1]) s[1] = i;
    }
  }
  return span;
}

/**
 * Every sentence-initial adverbial clause closed by a comma (its head after the comma): the verb and the clause's
 * last word. `subordinated`: introduced by a subordinator (`mark`, "if", "after") or a wh-adverb (`advmod` WRB,
 * "when", which UD English attaches as advmod).
 */
export function frontedAdverbialClauses(tree: PunctuatedTree): Array<{ verb: number; last: number; subordinated: boolean }> {
  const w = tree.words;
  const span = spans(tree);
  const out: Array<{ verb: number; last: number; subordinated: boolean }> = [];
  for (let v = 0; v < w.length; v++) {
    if (base(w[v].deprel) !== 'advcl' || span[v][0] !== 0) continue;
    const last = span[v][1];
    if (w[v].head - 1 <= last || !tree.slots[last + 1].includes(',')) continue;
    const subordinated = w.some((x) => x.head === v + 1 && (base(x.deprel) === 'mark' || (base(x.deprel) === 'advmod' && x.xpos === 'WRB')));
    out.push({ verb: v, last, subordinated });
  }
  return out;
}

/** The check's cases: the subordinated fronted clauses of the trees. */
export function frontedClauses(trees: readonly PunctuatedTree[]): FrontedClause[] {
  const out: FrontedClause[] = [];
  for (const tree of trees) {
    for (const { verb, last, subordinated } of frontedAdverbialClauses(tree)) {
      if (!subordinated) continue;
      let nominal = -1;
      for (let k = last + 1; k < tree.words.length && nominal < 0; k++) if (NOMINAL.has(tree.words[k].upos)) nominal = k;
      out.push({ tree, verb, last, nominal });
    }
  }
  return out;
}

/**
 * A wider set for statistical power: every sentence-initial constituent of two or more words closed by a comma
 * whose head lies after it ("After the long meeting, we…", "Tired of waiting, she…"), clause or not.
 */
export function frontedConstituents(trees: readonly PunctuatedTree[]): FrontedClause[] {
  const out: FrontedClause[] = [];
  for (const tree of trees) {
    const w = tree.words;
    const span = spans(tree);
    for (let v = 0; v < w.length; v++) {
      const last = span[v][1];
      if (span[v][0] !== 0 || last < 1 || w[v].head - 1 <= last || !tree.slots[last + 1].includes(',')) continue;
      let nominal = -1;
      for (let k = last + 1; k < w.length && nominal < 0; k++) if (NOMINAL.has(w[k].upos)) nominal = k;
      out.push({ tree, verb: v, last, nominal });
    }
  }
  return out;
}

export interface FrontedClauseScores {
  cases: number;
  /** First nominal after the comma attached to the clause's verb (against gold). */
  swallowed: number;
  /** Of those, as its `obj`/`iobj`. */
  swallowedAsObject: number;
  /** Sentences where some word after the comma got a head inside the clause, against gold. */
  crossing: number;
}

/**
 * Scores a parser on the cases, parsing each sentence with its punctuation as written (`keep`), or with the
 * clause's comma dropped (`dropComma`: how well the parser copes when the writer forgot it).
 */
export function scoreFrontedClauses(cases: readonly FrontedClause[], parse: ParseFn, view: 'keep' | 'dropComma' = 'keep'): FrontedClauseScores {
  const r: FrontedClauseScores = { cases: cases.length, swallowed: 0, swallowedAsObject: 0, crossing: 0 };
  for (const c of cases) {
    const slots = c.tree.slots.map((m, i) => (view === 'dropComma' && i === c.last + 1 ? m.filter((x) => x !== ',') : m));
    const p = parse({ forms: c.tree.words.map((x) => x.form), slots });
    if (c.nominal >= 0 && p.head[c.nominal] === c.verb && c.tree.words[c.nominal].head !== c.verb + 1) {
      r.swallowed++;
      if (['obj', 'iobj'].includes(base(p.deprel[c.nominal]))) r.swallowedAsObject++;
    }
    let crossed = false;
    for (let k = c.last + 1; k < c.tree.words.length; k++) {
      const gold = c.tree.words[k].head - 1;
      if (p.head[k] <= c.last && !(gold >= 0 && gold <= c.last)) crossed = true;
    }
    if (crossed) r.crossing++;
  }
  return r;
}

/** The parse function of a model's parts (gold words and slots, as in training). */
export function modelParse(m: ParserModels): ParseFn {
  const lookup = clusterLookup(m.clusters);
  return (s) => {
    const p = parseWords(m, encodeSentence(s, lookup));
    return { head: p.head, deprel: Array.from(p.deprel, (r) => m.deprels[r]) };
  };
}

/**
 * For hand-written sentences without gold trees ("When the storm ended, the town was quiet."): whether a word after
 * the first comma is attached inside the words before it. Undefined when the sentence has no comma between words.
 */
export function crossesFirstComma(tree: PunctuatedTree): boolean | undefined {
  const n = tree.words.length;
  const comma = tree.slots.findIndex((m, i) => i > 0 && i < n && m.includes(','));
  if (comma < 0) return undefined;
  return tree.words.slice(comma).some((w) => w.head >= 1 && w.head <= comma);
}
