/**
 * The comma after an imperative that opens the sentence as a discourse marker and introduces what the speaker says
 * next: "See, the two of them walked into a bar", "Look, nobody wants this", "Tell me, why did you stay?". The
 * imperative ("see", "look", "listen", "tell me") stands outside the clause after it, which is a complete statement or
 * a direct question, not its object (Quirk et al. 11.37 on imperatives used as attention getters; CMOS 6.36 on direct
 * questions after an introduction): the comma marks that break. A comma-robust parse reads the clause as the verb's
 * object and the comma as one between a verb and its object. A learner's comma before a real object ("See, the
 * attached file", "Tell me, the answer") has no clause after it, and one before a clause that "that" opens ("Note,
 * that you …") or whose "subject" is an object pronoun ("Tell, me who is here") stays a candidate.
 */
import { PunctuatedTree, TreeWord } from '../../../../data/depunct';
import { finiteVerb } from '../../guards/clauseSpan';
import { commaAlone } from '../../guards/commaAlone';
import { firstAfterCoordinator } from '../../guards/phraseEdges';

/**
 * Imperatives that serve as attention getters or introduce what is said (a closed class): verbs of perception,
 * waiting, remembering, supposing, and of telling or trusting with "me". Verbs of thinking and deciding ("Think, I
 * should …", "Hope, they …", "Make, sure …") take a clause as their object, and a comma after them is a learner's.
 */
const DISCOURSE_IMPERATIVES = new Set(['see', 'look', 'listen', 'wait', 'remember', 'imagine', 'suppose', 'say', 'mind']);
const DISCOURSE_IMPERATIVES_WITH_ME = new Set(['tell', 'trust', 'believe', 'show', 'give', 'mind']);

/** Object pronouns that may follow the imperative ("tell me", "trust us"). */
const OBJECT_PRONOUNS = new Set(['me', 'us', 'you']);

/** Object forms of the personal pronouns: no clause opens with one ("Tell, me who is here" splits "tell me"). */
const OBJECT_FORMS = new Set(['me', 'him', 'her', 'us', 'them']);

/** Words the subject of the clause after the comma runs to at most, before its finite verb. */
const SUBJECT_MAX_WORDS = 4;

/**
 * Whether the words from k (0-based) open a complete clause: a subject noun phrase or pronoun (any but an object form
 * or a wh-word), then a finite verb or auxiliary.
 */
export function opensClause(words: TreeWord[], k: number): boolean {
  const first = words[k];
  const lower = first.form.toLowerCase();
  // A wh-word opens an embedded question, the verb's object ("Explore, which cruise …").
  if (OBJECT_FORMS.has(lower) || first.xpos.startsWith('W')) return false;
  if (!['DET', 'PRON', 'PROPN', 'NOUN', 'NUM'].includes(first.upos)) return false;
  for (let m = k + 1; m < Math.min(words.length, k + 1 + SUBJECT_MAX_WORDS); m++) {
    const w = words[m];
    if (finiteVerb(w) || (w.upos === 'AUX' && w.xpos !== 'VB' && w.xpos !== 'VBG' && w.xpos !== 'VBN')) return true;
    // The subject's words, or an adverb before the verb ("nobody here wants", "it also calculates").
    if (!['DET', 'NUM', 'ADJ', 'NOUN', 'PROPN', 'ADV'].includes(w.upos)) return false;
  }
  return false;
}

/** Whether the words from k (0-based) open a direct question: a wh-word, or an auxiliary before a subject. */
function opensQuestion(tree: PunctuatedTree, k: number): boolean {
  const words = tree.words;
  if (!tree.slots[words.length].includes('?')) return false;
  const w = words[k];
  return ['WP', 'WRB', 'WDT'].includes(w.xpos) || (w.upos === 'AUX' && k + 1 < words.length && words[k + 1].upos === 'PRON');
}

/**
 * Slot i holds the comma after a sentence-initial imperative (a bare verb, optionally with "me" or "us"), with no
 * other word before it but a coordinator, and a complete clause or a direct question follows.
 */
export function discourseImperativeCommaAt(tree: PunctuatedTree, i: number): boolean {
  const words = tree.words;
  if (i < 1 || i >= words.length || !commaAlone(tree, i)) return false;
  // A coordinator may link the sentence to the one before ("But tell me, …").
  const v = firstAfterCoordinator(tree);
  if (i - v < 1 || i - v > 2 || words[v].upos !== 'VERB' || words[v].xpos !== 'VB') return false;
  const verb = words[v].form.toLowerCase();
  if (i - v === 1 && !DISCOURSE_IMPERATIVES.has(verb)) return false;
  if (i - v === 2 && !(DISCOURSE_IMPERATIVES_WITH_ME.has(verb) && OBJECT_PRONOUNS.has(words[v + 1].form.toLowerCase()))) return false;
  return opensQuestion(tree, i) || opensClause(words, i);
}
