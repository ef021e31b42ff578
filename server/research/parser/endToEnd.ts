/**
 * End-to-end evaluation from raw text, after the CoNLL 2018 shared task (Zeman et al. 2018): the `# text` lines of
 * each document are joined into one text (a space between sentences, a blank line between paragraphs), parsed, and
 * compared with the gold words by exact character span. Tokens F1 over all words (punctuation included),
 * sentence F1 over sentence spans; UAS/LAS F1 over the non-punctuation words: a predicted word counts when it is
 * aligned with a gold word whose head is aligned with its predicted head (and, for LAS, has the same relation).
 */
import { ConlluSentence, surfaceTokens } from '../../src/data/conllu';
import { isPunctWord } from '../../src/data/depunct';
import { Parser } from '../../src/parser/index';

export interface EndToEndScores {
  documents: number;
  tokensF1: number;
  sentencesF1: number;
  uasF1: number;
  lasF1: number;
}

export interface GoldWord {
  start: number;
  end: number;
  head: GoldWord | undefined;
  deprel: string;
  upos: string;
  punct: boolean;
}

export interface Doc {
  text: string;
  words: GoldWord[];
  sentences: Array<[number, number]>;
}

export function documents(sentences: readonly ConlluSentence[]): Doc[] {
  const docs: Doc[] = [];
  let doc: Doc | undefined;
  for (const s of sentences) {
    const newDoc = s.comments.some((c) => /^#\s*newdoc\b/.test(c));
    const newPar = s.comments.some((c) => /^#\s*newpar\b/.test(c));
    if (!doc || newDoc) docs.push((doc = { text: '', words: [], sentences: [] }));
    if (doc.text) doc.text += newPar ? '\n\n' : ' ';
    const base = doc.text;
    let pos = base.length;
    const words: GoldWord[] = s.words.map((w) => ({ start: -1, end: -1, head: undefined, deprel: w.deprel, upos: w.upos, punct: isPunctWord(w) }));
    let text = '';
    const toks = surfaceTokens(s);
    toks.forEach((t, k) => {
      const forms = s.words.slice(t.first - 1, t.last).map((w) => w.form);
      // A multiword token's words get sub-spans when their forms spell it (`do`+`n't`), else the whole span.
      const spells = forms.join('') === t.form;
      let p = pos;
      for (let i = t.first; i <= t.last; i++) {
        const len = spells ? s.words[i - 1].form.length : t.form.length;
        words[i - 1].start = spells ? p : pos;
        words[i - 1].end = spells ? p + len : pos + t.form.length;
        if (spells) p += len;
      }
      pos += t.form.length;
      text += t.form;
      if (t.spaceAfter && k < toks.length - 1) {
        text += ' ';
        pos++;
      }
    });
    s.words.forEach((w, i) => (words[i].head = w.head ? words[w.head - 1] : undefined));
    doc.text += text;
    doc.sentences.push([base.length, base.length + text.length]);
    doc.words.push(...words);
  }
  return docs;
}

const key = (a: number, b: number) => `${a}:${b}`;
const f1 = (correct: number, pred: number, gold: number) =>
  pred + gold === 0 ? 0 : Math.round((10000 * 2 * correct) / (pred + gold)) / 100;

export function scoreEndToEnd(parser: Parser, sentences: readonly ConlluSentence[]): EndToEndScores {
  let tokCorrect = 0, tokPred = 0, tokGold = 0;
  let sentCorrect = 0, sentPred = 0, sentGold = 0;
  let uCorrect = 0, lCorrect = 0, wPred = 0, wGold = 0;
  const docs = documents(sentences);
  for (const d of docs) {
    const gold = new Map(d.words.map((w) => [key(w.start, w.end), w]));
    const goldSents = new Set(d.sentences.map(([a, b]) => key(a, b)));
    tokGold += d.words.length;
    sentGold += d.sentences.length;
    wGold += d.words.filter((w) => !w.punct).length;
    for (const s of parser.parseText(d.text)) {
      sentPred++;
      if (goldSents.has(key(s.start, s.end))) sentCorrect++;
      for (const t of s.tokens) {
        tokPred++;
        if (gold.has(key(t.start, t.end))) tokCorrect++;
      }
      s.tree.words.forEach((w, i) => {
        wPred++;
        const t = s.tokens[s.wordTokens[i]];
        const g = gold.get(key(t.start, t.end));
        if (!g || g.punct) return;
        let headOk: boolean;
        if (w.head === 0) headOk = g.head === undefined;
        else {
          const ht = s.tokens[s.wordTokens[w.head - 1]];
          headOk = g.head !== undefined && g.head.start === ht.start && g.head.end === ht.end;
        }
        if (!headOk) return;
        uCorrect++;
        if (g.deprel === w.deprel) lCorrect++;
      });
    }
  }
  return {
    documents: docs.length,
    tokensF1: f1(tokCorrect, tokPred, tokGold),
    sentencesF1: f1(sentCorrect, sentPred, sentGold),
    uasF1: f1(uCorrect, wPred, wGold),
    lasF1: f1(lCorrect, wPred, wGold),
  };
}
