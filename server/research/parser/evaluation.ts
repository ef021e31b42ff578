/**
 * Evaluation with gold tokenisation (UD scorer definitions: UAS = share of scored words with the right head, LAS =
 * right head and right relation, UPOS = tagging accuracy; punctuation is not scored). The same sentences are parsed
 * as written, with all punctuation removed, and with punctuation randomly corrupted (`views.ts`).
 */
import { ConlluSentence } from '../../src/data/conllu';
import { depunctuate, isPunctWord, PunctuatedTree, subtreeSpans } from '../../src/data/depunct';
import { ABBREV_DOT } from '../../src/data/punctTokens';
import { Parser } from '../../src/parser/index';
import { withLearnerCommas } from '../../src/training/parser/learnerCommas';
import { corruptSlots, seededRandom } from '../../src/training/parser/views';

export interface GoldTokenScores {
  sentences: number;
  words: number;
  uas: number;
  las: number;
  upos: number;
  xpos: number;
  /** Relation accuracy over all scored words (heads right or not). */
  labelAccuracy: number;
  /** Seconds spent in parseTokens (tag + parse + label), for sentencesPerSecond. */
  parseSeconds: number;
  /** The same in CPU seconds of this process (robust to other jobs sharing the machine). */
  parseCpuSeconds: number;
}

const pct = (a: number, b: number) => Math.round((10000 * a) / Math.max(1, b)) / 100;

export function scoreGoldTokens(parser: Parser, sentences: readonly ConlluSentence[]): GoldTokenScores {
  // Parse everything first, timed (wall clock and this process's CPU time, which other jobs on the machine do not
  // inflate), then score.
  const cpu0 = process.cpuUsage();
  const wall0 = process.hrtime.bigint();
  const parses = sentences.map((s) => parser.parseTokens(s.words.map((w) => w.form)));
  const parseSeconds = Number(process.hrtime.bigint() - wall0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  let words = 0, uh = 0, lh = 0, up = 0, xp = 0, lab = 0;
  sentences.forEach((s, k) => {
    const p = parses[k];
    s.words.forEach((w, i) => {
      if (isPunctWord(w)) return;
      words++;
      if (p.upos[i] === w.upos) up++;
      if (p.xpos[i] === w.xpos) xp++;
      const relOk = p.deprel[i] === w.deprel;
      if (relOk) lab++;
      if (p.head[i] === w.head) {
        uh++;
        if (relOk) lh++;
      }
    });
  });
  return {
    sentences: sentences.length,
    words,
    uas: pct(uh, words),
    las: pct(lh, words),
    upos: pct(up, words),
    xpos: pct(xp, words),
    labelAccuracy: pct(lab, words),
    parseSeconds,
    parseCpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

/**
 * Subjects that end in a relative clause before their verb ("The phone that I bought broke"), the shape a greedy
 * parser reads wrong most often relative to how often learners and edited prose write it (`relativeClauseRepair.ts`):
 * how many of them the file has, and for how many the parser gives both the subject and the clause their gold heads.
 */
export function scoreRelativeSubjects(parser: Parser, sentences: readonly ConlluSentence[]): { subjects: number; headsRight: number; percent: number } {
  let subjects = 0, right = 0;
  for (const s of sentences) {
    const words = s.words;
    const spans = subtreeSpans(words);
    const end = (w: number) => spans[w - 1][1];
    let parse: ReturnType<Parser['parseTokens']> | undefined;
    words.forEach((w, i) => {
      const subject = i + 1;
      if (!/^nsubj/.test(w.deprel) || w.head <= subject) return;
      const clause = words.findIndex((c, k) => k > i && c.head === subject && c.deprel === 'acl:relcl') + 1;
      if (clause === 0 || end(clause) !== end(subject) || w.head <= end(subject)) return;
      subjects++;
      parse ??= parser.parseTokens(words.map((x) => x.form));
      if (parse.head[i] === w.head && parse.head[clause - 1] === subject) right++;
    });
  }
  return { subjects, headsRight: right, percent: pct(right, subjects) };
}

/** Surface forms of a depunctuated tree with (possibly changed) slots: abbreviation dots glued back to their word. */
export function surfaceForms(tree: PunctuatedTree, slots: string[][]): { forms: string[]; wordIndex: number[] } {
  const forms: string[] = [];
  const wordIndex: number[] = [];
  slots.forEach((marks, i) => {
    for (const m of marks) {
      if (m === ABBREV_DOT && i > 0) forms[wordIndex[i - 1]] += '.';
      else forms.push(m);
    }
    if (i < tree.words.length) {
      wordIndex.push(forms.length);
      forms.push(tree.words[i].form);
    }
  });
  return { forms, wordIndex };
}

/** UAS when the punctuation of every depunctuated sentence is rewritten by `rewrite` (abbreviation dots kept). */
export function uasWithPunctuation(
  parser: Parser,
  trees: readonly PunctuatedTree[],
  rewrite: (slots: string[][], tree: PunctuatedTree) => string[][],
): number {
  let words = 0, right = 0;
  for (const tree of trees) {
    const dots = tree.slots.map((m) => m.filter((x) => x === ABBREV_DOT));
    const others = tree.slots.map((m) => m.filter((x) => x !== ABBREV_DOT));
    const slots = rewrite(others, tree).map((m, i) => [...dots[i], ...m]);
    const { forms, wordIndex } = surfaceForms(tree, slots);
    const p = parser.parseTokens(forms);
    tree.words.forEach((w, i) => {
      words++;
      const h = p.head[wordIndex[i]];
      const gold = w.head === 0 ? 0 : wordIndex[w.head - 1] + 1;
      if (h === gold) right++;
    });
  }
  return pct(right, words);
}

export function depunctuatedTrees(sentences: readonly ConlluSentence[]): PunctuatedTree[] {
  const out: PunctuatedTree[] = [];
  for (const s of sentences) {
    const r = depunctuate(s);
    if (r.ok) out.push(r.tree);
  }
  return out;
}

export const removeAll = (slots: string[][]) => slots.map(() => []);
/** Punctuation as written plus a learner's comma in every subject–verb and verb–object slot (`learnerCommas.ts`). */
export const addLearnerCommas = (slots: string[][], tree: PunctuatedTree) => withLearnerCommas(tree, slots);
export function corruptWithSeed(seed: number): (slots: string[][]) => string[][] {
  const rand = seededRandom(seed);
  return (slots) => corruptSlots(slots, rand);
}
