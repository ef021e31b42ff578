/**
 * What a set-off item's constituent is, for reading the per-kind recall of the edited-english bench: the corruption
 * takes the commas of any `acl:relcl` or `appos` the silver parse found, so about a fifth of the relative-clause items
 * and half of the apposition items are another kind's comma under that label (journal, "Set-off commas, continued").
 */
import { treeInfo } from '../../src/engine/treeInfo';
import { EditedItem } from './editedSuite';

/** The shapes each kind means: recall on these is the set-off model's on the kind the label names. */
export const GENUINE_SHAPE: Readonly<Record<string, string>> = { 'relative-clause-comma-missing': 'relative word', 'appositive-comma-missing': 'apposition' };

const RELATIVE_WORD = /^(which|who|whom|whose|where|when)$/i;
const DATE_WORD = /^(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i;

/**
 * What the item's constituent is, read off the original sentence's silver tree (its commas written): the corruption
 * takes the commas of any `acl:relcl` or `appos` the parser found, so some items of these kinds are misparses of
 * another comma (a list item, a fronted phrase, a date). A relative clause is one if it opens with a relative word
 * (after a preposition or a quantifier: "in which", "some of whom"); an apposition is called a list item (a comma and a
 * coordinator after it, or a conjunct on it or its head), an example (`including`, `such as`, `like`, `namely`), a
 * date or number, a fronted phrase (its head opens the sentence before the main verb), bracketed, a relative clause,
 * an absolute phrase or pronoun, or else an apposition (the rules are below, each with the misparse it reads).
 */
export function shapeOf(it: EditedItem): string {
  const s = it.original.sentence;
  const info = treeInfo(s.tree);
  const words = s.tree.words;
  const n = words.length;
  const gold = [...it.corruption.gold.keys()];
  const rel = it.error === 'appositive-comma-missing' ? 'appos' : 'acl:relcl';
  let w = 0;
  for (let k = 1; k <= n && !w; k++) if (info.rel(k) === rel && (gold.includes(info.span[k][0] - 1) || gold.includes(info.span[k][1]))) w = k;
  if (it.error === 'introductory-comma-missing') return 'fronted';
  if (!w) return 'not found';
  const [a, b] = info.span[w];
  if (rel === 'acl:relcl') {
    for (let k = a; k <= Math.min(b, a + 3); k++) {
      if (RELATIVE_WORD.test(words[k - 1].form)) return 'relative word';
      if (!/^(ADP|DET|PRON|NUM|ADJ)$/.test(words[k - 1].upos)) break;
    }
    return /^that$/i.test(words[a - 1].form) ? '"that"' : 'no relative word';
  }
  const h = info.head(w);
  const after = b < n && s.tree.slots[b].includes(',') ? words[b] : undefined;
  // A list read as a chain of appositions: the "apposition" holds a conjunct after a comma (`a left bracket⟦,⟧ a label,
  // a right bracket, and …`, the parser taking the rest of the list as one apposition).
  const listInside = (k: number) => info.rel(k) === 'conj' && k > a && k <= b && s.tree.slots[info.span[k][0] - 1].includes(',');
  if ((after && after.upos === 'CCONJ') || info.children[w].some((c) => info.rel(c) === 'conj') || (h >= 1 && info.children[h].some((c) => info.rel(c) === 'conj')))
    return 'list item';
  for (let k = a + 1; k <= b; k++) if (listInside(k)) return 'list item';
  // … or its head is itself a conjunct (`(Texinfo, Doxygen, TIM, YODL⟦,⟧ AFT, …)`, `the latest stable release on
  // python.org, and the latest stable release on the Windows Store⟦,⟧ both of which …`).
  if (h >= 1 && info.rel(h) === 'conj') return 'list item';
  // A bracketed "apposition" (`Security Assessment Plan (SAP)⟦,⟧ Security Assessment Report`): its edges are the
  // brackets, so the gold comma after it is another phrase's.
  if (s.tree.slots[a - 1].some((m) => m === '(' || m === '[')) return 'bracketed';
  // A relative clause the parse labelled an apposition (`as expressions⟦,⟧ where the result …`), and a quantifier or
  // pronoun heading an absolute phrase or a fronted clause (`call types⟦,⟧ each requiring a special skill`).
  if (RELATIVE_WORD.test(words[a - 1].form)) return 'relative word';
  if (/^(DET|PRON)$/.test(words[w - 1].upos)) return 'absolute or pronoun';
  if (/^(including|such|like|namely|e\.g\.|i\.e\.|especially|particularly)$/i.test(words[a - 1].form)) return 'example';
  const span = (x: number) => words.slice(info.span[x][0] - 1, info.span[x][1]);
  if ([...span(w), ...(h >= 1 ? [words[h - 1]] : [])].some((x) => DATE_WORD.test(x.form) || x.upos === 'NUM')) return 'date or number';
  const root = info.children[0][0] ?? 0;
  if (h >= 1 && info.span[h][0] === 1 && h < root && info.head(h) === root && /^(obl|advmod|advcl|nmod)/.test(info.rel(h))) return 'fronted';
  if (frontedRoot(it, root)) return 'fronted';
  return 'apposition';
}


const SUBORDINATOR = /^(when|whenever|while|if|once|as|because|since|although|though|after|before|until|unless|where)$/i;

/**
 * The parser made a fronted phrase the sentence's root and the real subject after the comma its "apposition" (`In the
 * public sector⟦,⟧ customer experience … requires`, `If the signal handler returns successfully⟦,⟧ the Python wrapper
 * retries`, `Also⟦,⟧ MEGABUS.`): the root lies before the gold comma, the sentence opens with an adverb, preposition
 * or subordinator, and the root is that opening word or is introduced by a preposition or subordinator (`case`, `mark`,
 * or a subordinating `when`/`if`/… as its `advmod`). An imperative after a connective (`Therefore, use …`) keeps its
 * root: `therefore` subordinates nothing.
 */
function frontedRoot(it: EditedItem, root: number): boolean {
  const s = it.original.sentence;
  const info = treeInfo(s.tree);
  const words = s.tree.words;
  const gold = Math.min(...it.corruption.gold.keys());
  if (!root || root > gold || !/^(ADV|ADP|SCONJ)$/.test(words[0].upos)) return false;
  if (root === 1) return true;
  return info.children[root].some((c) => c < root && (/^(case|mark)$/.test(info.rel(c)) || (info.rel(c) === 'advmod' && SUBORDINATOR.test(words[c - 1].form))));
}
