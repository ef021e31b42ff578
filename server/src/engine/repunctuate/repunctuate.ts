/**
 * Re-punctuation of a written sentence: `repunctuate(text, sentence, edit, model)` returns the text that replaces the
 * sentence (or, for a join, both sentences). The words keep their written form; the edit removes or reorders them
 * (and a join inserts its coordinator); the marks are the channel's MAP surface of the edited T′ (`repunctuateTree`),
 * written in the writer's own forms (straight or curly quotes) with English spacing (`render.ts`).
 */
import { ABBREV_DOT } from '../../data/punctTokens';
import { resolveQuoteStyle, writtenForm } from '../../restore/marks';
import { renderSlot } from '../render';
import { AnalysedSentence, slotMarks } from '../sentence';
import { RepunctuationModel } from './model';
import { repunctuateTree, RepunctuatedTree } from './repunctuateTree';
import { TreeEdit } from './treeEdits';

export type SentenceEdit =
  | { kind: 'delete'; head: number }
  | { kind: 'move'; head: number; to: 'front' | 'end'; within?: 'clause' | 'sentence' }
  | { kind: 'join'; coordinator: string; next: AnalysedSentence };

export interface Repunctuation {
  /** The replacement text and the range of the linted text it replaces (UTF-16 offsets). */
  text: string;
  start: number;
  end: number;
  /** What it replaces, for a preview. */
  original: string;
  analysis: RepunctuatedTree;
}

/** The range a sentence's tokens cover (a splitter may leave a mark before the first word or after the last outside). */
export function sentenceExtent(s: AnalysedSentence): { start: number; end: number } {
  let start = s.start, end = s.end;
  for (const t of s.tokens) ((start = Math.min(start, t.start)), (end = Math.max(end, t.end)));
  return { start, end };
}

export function repunctuate(text: string, sentence: AnalysedSentence, edit: SentenceEdit, model: RepunctuationModel): Repunctuation {
  const treeEdit: TreeEdit = edit.kind === 'join' ? { kind: 'join', coordinator: edit.coordinator } : edit;
  const next = edit.kind === 'join' ? edit.next : undefined;
  const analysis = repunctuateTree(sentence.tree, treeEdit, model, next?.tree);
  const sentences = next ? [sentence, next] : [sentence];
  const start = sentenceExtent(sentence).start;
  const end = sentenceExtent(sentences[sentences.length - 1]).end;
  return { text: renderRepunctuated(text, sentences, analysis), start, end, original: text.slice(start, end), analysis };
}

/** Whether a word keeps its capital wherever it stands: a proper noun, "I", an acronym. */
function keepsCapital(form: string, upos: string): boolean {
  return upos === 'PROPN' || form === 'I' || /^\p{Lu}{2,}/u.test(form) || /^I['’]/.test(form);
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The edited sentence as text: each word's written token; between two words that stood side by side with the same
 * marks between them, the text that was written there (spaces, line breaks, `do` + `n't` with nothing between);
 * elsewhere the slot's marks with English spacing; the first letter's case moved to the new first word.
 */
export function renderRepunctuated(text: string, sentences: readonly AnalysedSentence[], analysis: RepunctuatedTree): string {
  const quotes = resolveQuoteStyle('auto', sentences.map((s) => text.slice(s.start, s.end)).join(' '));
  // The writer's own form of each mark (a straight quote stays straight).
  const forms = new Map<string, string>();
  for (const s of sentences) for (let i = 0; i < s.tree.slots.length; i++) for (const m of slotMarks(s, i)) if (!forms.has(m.norm)) forms.set(m.norm, m.text);
  const markText = (norm: string) => forms.get(norm) ?? writtenForm(norm, quotes) ?? norm;
  const nodes = analysis.tree.nodes;
  const n = nodes.length;
  const originOf = (k: number) => {
    const o = nodes[k].origin;
    return 'inserted' in o ? undefined : o;
  };
  const token = (o: { sentence: number; word: number }) => sentences[o.sentence].tokens[sentences[o.sentence].wordTokens[o.word - 1]];
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, k) => t === b[k]);
  /** The text written at new slot i, when the slot is as it was written; undefined when the edit changed it. */
  const asWritten = (i: number): string | undefined => {
    const a = i > 0 ? originOf(i - 1) : undefined, b = i < n ? originOf(i) : undefined;
    if (a && b && a.sentence === b.sentence && b.word === a.word + 1) {
      const s = sentences[a.sentence];
      return same(analysis.surface[i], s.tree.slots[a.word]) ? text.slice(token(a).end, token(b).start) : undefined;
    }
    if (i === 0 && b && b.sentence === 0 && b.word === 1) {
      const s = sentences[0];
      return same(analysis.surface[0], s.tree.slots[0]) ? text.slice(sentenceExtent(s).start, token(b).start) : undefined;
    }
    const last = sentences.length - 1;
    if (i === n && a && a.sentence === last && a.word === sentences[last].tree.words.length) {
      const s = sentences[last];
      return same(analysis.surface[n], s.tree.slots[a.word]) ? text.slice(token(a).end, sentenceExtent(s).end) : undefined;
    }
    return undefined;
  };
  let out = '';
  for (let i = 0; i <= n; i++) {
    const kept = asWritten(i);
    if (kept !== undefined) out += kept;
    else {
      // An abbreviation dot is written inside its word's token.
      const marks = analysis.surface[i].filter((t) => t !== ABBREV_DOT).map((norm) => ({ norm, text: markText(norm) }));
      out += renderSlot(marks, i === 0, i === n).text;
    }
    if (i < n) {
      const o = originOf(i);
      let w = o ? token(o).text : (nodes[i].origin as { inserted: string }).inserted;
      // Words of one written token (`do` + `n't` share a token in some parses) are written once.
      const prev = i > 0 ? originOf(i - 1) : undefined;
      if (o && prev && prev.sentence === o.sentence && sentences[o.sentence].wordTokens[prev.word - 1] === sentences[o.sentence].wordTokens[o.word - 1]) continue;
      const wasFirst = o !== undefined && o.word === 1;
      if (i === 0 && !wasFirst) w = capitalise(w);
      else if (i > 0 && wasFirst && !keepsCapital(w, nodes[i].word.upos)) w = lowerFirst(w);
      out += w;
    }
  }
  return out;
}
