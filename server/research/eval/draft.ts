/**
 * A sentence as words with editable punctuation slots, rendered back to text with exact offsets. The corruption
 * generator edits drafts; rendering gives the corrupted text, its gold `AnalysedSentence` (the treebank tree with the
 * corrupted slots) and the character region of every slot, which the scorer uses to map fixes back onto slots.
 */
import { ABBREV_DOT } from '../../src/data/punctTokens';
import { AnalysedSentence, AnalysedToken, SlotMark, slotMarks, slotRegion } from '../../src/engine/sentence';
import { GoldSentence } from './goldSentence';
import { renderSlot } from '../../src/engine/render';

export interface Draft {
  /** Text of each surface word token, in order. */
  words: Array<{ text: string; firstWord: number; lastWord: number }>;
  /** Marks per tree slot (n+1), abbreviation dots excluded. */
  slots: SlotMark[][];
  /** Whether tree slot i begins with an abbreviation dot written inside word i. */
  abbrev: boolean[];
  /** Original region text per tree slot (kept verbatim while the slot is unchanged). */
  regions: string[];
  changed: boolean[];
  gold: GoldSentence;
}

export function draftOf(gold: GoldSentence): Draft {
  const s = gold.sentence;
  const n = s.tree.words.length;
  const words: Draft['words'] = [];
  s.wordTokens.forEach((t, k) => {
    const last = words[words.length - 1];
    if (last && s.wordTokens[k - 1] === t) last.lastWord = k + 1;
    else words.push({ text: s.tokens[t].text, firstWord: k + 1, lastWord: k + 1 });
  });
  const slots: SlotMark[][] = [];
  const regions: string[] = [];
  const abbrev: boolean[] = [];
  for (let i = 0; i <= n; i++) {
    slots.push(slotMarks(s, i));
    abbrev.push(s.tree.slots[i][0] === ABBREV_DOT);
    const r = slotRegion(s, i);
    regions.push(gold.text.slice(r.start, r.end));
  }
  return { words, slots, abbrev, regions, changed: slots.map(() => false), gold };
}

export function cloneDraft(d: Draft): Draft {
  return { ...d, slots: d.slots.map((s) => s.map((m) => ({ ...m }))), changed: [...d.changed] };
}

export function setSlot(d: Draft, i: number, marks: SlotMark[]): void {
  d.slots[i] = marks;
  d.changed[i] = true;
}

export interface Rendered {
  text: string;
  sentence: AnalysedSentence;
  /** Character region of every tree slot in `text`. */
  regions: Array<{ start: number; end: number }>;
}

/** Text and gold analysis of a draft. Slots internal to a multiword token (`do|n't`) are always empty. */
export function renderDraft(d: Draft): Rendered {
  const n = d.gold.sentence.tree.words.length;
  let text = '';
  const tokens: AnalysedToken[] = [];
  const wordTokens: number[] = [];
  const slotTokens: number[][] = Array.from({ length: n + 1 }, () => []);
  const regions: Array<{ start: number; end: number }> = Array.from({ length: n + 1 }, () => ({ start: 0, end: 0 }));
  const emitSlot = (i: number): void => {
    const start = text.length;
    if (d.changed[i]) {
      const r = renderSlot(d.slots[i], i === 0, i === n);
      r.offsets.forEach(([a, b], j) => {
        slotTokens[i].push(tokens.length);
        tokens.push({ text: d.slots[i][j].text, start: start + a, end: start + b, punct: true });
      });
      text += r.text;
    } else {
      // Unchanged: the original region verbatim; locate each mark in it in order.
      const region = d.regions[i];
      let from = 0;
      for (const m of d.slots[i]) {
        const at = region.indexOf(m.text, from);
        slotTokens[i].push(tokens.length);
        tokens.push({ text: m.text, start: start + at, end: start + at + m.text.length, punct: true });
        from = at + m.text.length;
      }
      text += region;
    }
    regions[i] = { start, end: text.length };
  };
  emitSlot(0);
  for (const w of d.words) {
    const t = tokens.length;
    tokens.push({ text: w.text, start: text.length, end: text.length + w.text.length, punct: false });
    text += w.text;
    for (let k = w.firstWord; k <= w.lastWord; k++) wordTokens.push(t);
    // Slots inside a multiword token sit at its end, as `slotRegion` places them.
    for (let k = w.firstWord; k < w.lastWord; k++) regions[k] = { start: text.length, end: text.length };
    if (d.abbrev[w.lastWord]) slotTokens[w.lastWord].unshift(t);
    emitSlot(w.lastWord);
  }
  // Slot token lists were filled in emission order; the abbreviation dot must come first (it was unshifted).
  const tree = {
    ...d.gold.sentence.tree,
    slots: d.slots.map((marks, i) => [...(d.abbrev[i] ? [ABBREV_DOT] : []), ...marks.map((m) => m.norm)]),
  };
  return { text, sentence: { start: 0, end: text.length, tokens, tree, wordTokens, slotTokens }, regions };
}
