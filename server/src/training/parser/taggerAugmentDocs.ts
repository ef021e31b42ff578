/**
 * Sentences made from EWT's own trees for the tagger's training, in the two shapes documentation opens its sentences
 * with (issue 34: README imperatives were tagged as names, `Clone⟦NNP⟧ the repo`, and given an apposition comma,
 * `Clone, the repo`; the shipped tagger got 29 of 41 marked words of `research/tagger/docs-verbs.tsv` right):
 * - an imperative (`Call the office.`) whose verb is another base-form verb of the treebank, drawn by type so that
 *   rare ones are as likely as common ones (`Backdate the office.`): the tagger learns that a capitalised first word
 *   before a determiner is a verb from the context, not from the word;
 * - a present-tense description without its pronoun subject, as API references write them (`It returns the list.`
 *   ↦ `Returns the list.`), its verb sometimes another third-person form of the treebank.
 * Every word keeps the gold tags of its tree (the drawn verb those of the verb it replaces), and heads stay
 * consistent, but only the tags are meant to be learnt from them.
 */
import { PunctuatedTree, TreeWord } from '../../data/depunct';

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Lower-case alphabetic forms of the treebank's words tagged `xpos` as verbs and never tagged otherwise, each type
 * once. Only words that are always verbs are drawn: a drawn `email` or `help` (nouns too) taught the tagger that
 * those words are verbs first in a sentence (`Email The Cat Album`), when what it is to learn is the context.
 */
function verbTypes(trees: readonly PunctuatedTree[], xpos: string): string[] {
  const types = new Set<string>();
  const other = new Set<string>();
  for (const t of trees) {
    for (const w of t.words) {
      const form = w.form.toLowerCase();
      if (w.xpos === xpos && w.upos === 'VERB') types.add(form);
      else other.add(form);
    }
  }
  return [...types].filter((form) => /^[a-z]{3,}$/.test(form) && !other.has(form)).sort();
}

/** Subject pronouns a description drops (`It returns …` ↦ `Returns …`). */
const DROPPED_SUBJECTS = new Set(['it', 'this', 'he', 'she']);

/** Made sentences (see the file's comment): each host sentence gives one with probability `rate`. */
export function augmentForDocumentation(trees: readonly PunctuatedTree[], rand: () => number, rate: number): PunctuatedTree[] {
  const bases = verbTypes(trees, 'VB');
  const thirds = verbTypes(trees, 'VBZ');
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const withVerb = (w: TreeWord, form: string): TreeWord => ({ ...w, form: upperFirst(form), lemma: w.xpos === 'VB' ? form : w.lemma });
  const out: PunctuatedTree[] = [];
  for (const tree of trees) {
    const words = tree.words;
    if (words.length < 3) continue;
    const root = words.findIndex((x) => x.head === 0);
    // An imperative: the root, a base form, first, with no subject.
    if (root === 0 && words[0].xpos === 'VB' && words[0].upos === 'VERB' && !words.some((x) => x.head === 1 && x.deprel.startsWith('nsubj'))) {
      if (bases.length && rand() < rate) out.push({ ...tree, id: tree.id && `${tree.id}+imp`, words: [withVerb(words[0], pick(bases)), ...words.slice(1)] });
      continue;
    }
    // A pronoun subject, then its present-tense verb with nothing between them.
    const [subject, verb] = words;
    if (DROPPED_SUBJECTS.has(subject.form.toLowerCase()) && subject.deprel.startsWith('nsubj') && subject.head === 2 && verb.xpos === 'VBZ' && verb.upos === 'VERB' && !tree.slots[1].length && !words.some((w) => w.head === 1)) {
      if (rand() >= rate) continue;
      const form = thirds.length && rand() < 0.5 ? pick(thirds) : verb.form.toLowerCase();
      const rest = words.slice(1).map((w) => ({ ...w, head: w.head === 0 ? 0 : w.head - 1 }));
      rest[0] = withVerb(rest[0], form);
      out.push({ id: tree.id && `${tree.id}+desc`, words: rest, slots: [tree.slots[0], ...tree.slots.slice(2)] });
    }
  }
  return out;
}
