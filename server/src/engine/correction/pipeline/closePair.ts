/**
 * Where an unclosed bracket or quotation should close, decided by the model: the opener is the left half of the
 * punctemes of some constituent starting after it, so every later slot is a candidate for the closer; each candidate
 * surface is scored by p(x_c | T) and the best wins, its posterior share among the candidates being the confidence.
 */
import { EngineModel } from '../../punctModel';
import { AnalysedSentence, SlotMark, slotMarks } from '../../sentence';
import { PlainEdit } from '../../finding';
import { withSlots } from './decide';
import { slotTextEdits } from './slotEdit';
import { candidateWork, SENTENCE_SCORING_WORK, slotWork } from './scoringWork';
import { treeInfo } from '../../treeInfo';

const TERMINAL = new Set(['.', '?', '!', '...', '?!']);
const CLOSER_NORM: Record<string, string> = { '(': ')', '[': ']', '{': '}', '“': '”' };

export interface Placement {
  edits: PlainEdit[];
  /** Posterior share of this placement among all placements. */
  share: number;
  slot: number;
  /** Words between the opener and this placement of the closer. */
  words: number;
  /** The text those words are written with. */
  inside: string;
}

/** Best place for the closer of the opener written at `openerOffset`, or undefined if it is not in this sentence. */
export function placeCloser(text: string, s: AnalysedSentence, model: EngineModel, openerOffset: number): Placement | undefined {
  const n = s.tree.words.length;
  let from = -1;
  let openerNorm = '';
  for (let i = 0; i <= n && from < 0; i++) {
    (s.slotTokens[i] ?? []).forEach((t, j) => {
      if (s.tokens[t].punct && s.tokens[t].start === openerOffset) {
        from = i;
        openerNorm = s.tree.slots[i][j];
      }
    });
  }
  const closerNorm = CLOSER_NORM[openerNorm];
  if (from < 0 || !closerNorm) return undefined;
  const closer: SlotMark = { norm: closerNorm, text: closerNorm === '”' ? (text[openerOffset] === '"' ? '"' : '”') : closerNorm };
  const options: Array<{ slot: number; marks: SlotMark[] }> = [];
  for (let j = from + 1; j <= n; j++) {
    if (j < n && s.wordTokens[j - 1] === s.wordTokens[j]) continue;
    const marks = slotMarks(s, j);
    // The closer ends the constituent: it comes first in its slot. At the end of the sentence it may also follow
    // the final mark — "(Laughter.)", American "… a disaster." — when the bracketed part is the whole sentence.
    options.push({ slot: j, marks: [closer, ...marks] });
    let k = 0;
    while (k < marks.length && TERMINAL.has(marks[k].norm)) k++;
    if (j === n && k > 0) options.push({ slot: j, marks: [...marks.slice(0, k), closer, ...marks.slice(k)] });
  }
  if (options.length === 0) return undefined;
  // Past the sentence's scoring budget (`scoringWork.ts`) the text rule's guess stays: in a sentence parsed as a chain
  // each place recomputes the chain. 162 brackets left open in edited English cost at most 1,303 units.
  const work = slotWork(treeInfo(s.tree));
  if (options.reduce((sum, o) => sum + candidateWork(work, [o.slot]), 0) > SENTENCE_SCORING_WORK) return undefined;
  const lps = model.logProbs(s.tree, options.map((o) => withSlots(s, new Map([[o.slot, o.marks]])).slots));
  const max = Math.max(...lps);
  if (!Number.isFinite(max)) return undefined;
  const z = lps.reduce((acc, lp) => acc + Math.exp(lp - max), 0);
  const best = lps.indexOf(max);
  const o = options[best];
  return { edits: slotTextEdits(s, text, o.slot, o.marks), share: 1 / z, slot: o.slot, words: o.slot - from, inside: o.slot > from ? text.slice(s.tokens[s.wordTokens[from]].start, s.tokens[s.wordTokens[o.slot - 1]].end) : '' };
}
