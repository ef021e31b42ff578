/**
 * The comma after a coordinator that opens a short aside a second comma closes ("and, going forward, a new team is
 * responsible"; "It was daunting and, not surprisingly, eye opening"; CMOS 6.24): not a stray comma. The learned
 * scorer deleted it alone at 0.94–1.00 on clean edited dev, three judged false alarms of 37, where the parse hangs the
 * aside's words on the conjunct and so reads the comma as one between a coordinator and its verb (journal, "A comma
 * that opens an aside after a coordinator"). The hand-written candidate (`coordinatorCommas.ts`) already leaves such a
 * comma alone; the learned decision's dense deletion of it is not generated. An aside here opens with an adverb, a
 * preposition, `not` or a participle, runs at most 8 words without a finite verb, and has more of the sentence after
 * its closing comma.
 */
import { AnalysedSentence, slotMarks } from '../../sentence';

const COORDINATORS: ReadonlySet<string> = new Set(['and', 'or', 'but', 'nor']);
const MAX_ASIDE_WORDS = 8;
const FINITE = /^(VBZ|VBD|VBP|MD)$/;
const ASIDE_OPENING = /^(ADV|ADP|PART|SCONJ)$/;

/** For each slot 0…n, whether it holds the lone comma after a coordinator that opens a short aside closed by a comma. */
export function coordinatorAsideSlots(s: AnalysedSentence): boolean[] {
  const words = s.tree.words;
  const n = words.length;
  const out = new Array<boolean>(n + 1).fill(false);
  const onlyComma = (j: number) => {
    const m = slotMarks(s, j);
    return m.length === 1 && m[0].norm === ',';
  };
  for (let i = 2; i < n; i++) {
    if (!COORDINATORS.has(words[i - 1].form.toLowerCase()) || words[i - 1].upos !== 'CCONJ' || !onlyComma(i)) continue;
    // An aside opens with an adverb, a preposition, `not` or a participle ("in most cases", "going forward"); a noun or a
    // determiner after the comma is the conjunct itself, its comma stray ("eggs, milk, and, bread, …").
    if (!ASIDE_OPENING.test(words[i].upos) && words[i].xpos !== 'VBG' && words[i].xpos !== 'VBN') continue;
    for (let j = i + 1; j < n && j <= i + MAX_ASIDE_WORDS; j++) {
      if (FINITE.test(words[j - 1].xpos ?? '')) break;
      const marks = slotMarks(s, j);
      if (marks.length === 0) continue;
      if (onlyComma(j)) out[i] = true;
      break;
    }
  }
  return out;
}
