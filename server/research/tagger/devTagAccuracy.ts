/**
 * Tagging accuracy on dev sentences in each punctuation view: a tagger's UPOS and XPOS beside the perceptron's (the
 * tags it was given), as the tag-head and BiLSTM-tagger trainers report each epoch.
 */
import { TagIds } from '../../src/parser/parseFeatures';
import { ViewKind } from '../../src/training/parser/views';

export interface DevTagSentence {
  n: number;
  /** The perceptron's tags, the tagger's input. */
  first: TagIds;
  /** Gold XPOS and UPOS ids. */
  gx: Int32Array;
  gu: Int32Array;
}

/** One line of every view's accuracies, and the kept view's (XPOS + UPOS) / 2, by which epochs are chosen. */
export function devTagAccuracy<S extends DevTagSentence>(views: ReadonlyMap<ViewKind, readonly S[]>, tagsOf: (s: S) => TagIds): { line: string; kept: number } {
  const pct = (a: number, n: number) => ((100 * a) / n).toFixed(2);
  const cells: string[] = [];
  let kept = 0;
  for (const [kind, sents] of views) {
    let n = 0, hx = 0, hu = 0, fx = 0, fu = 0;
    for (const s of sents) {
      const t = tagsOf(s);
      for (let i = 0; i < s.n; i++) {
        n++;
        hx += t.xpos[i] === s.gx[i] ? 1 : 0;
        hu += t.upos[i] === s.gu[i] ? 1 : 0;
        fx += s.first.xpos[i] === s.gx[i] ? 1 : 0;
        fu += s.first.upos[i] === s.gu[i] ? 1 : 0;
      }
    }
    if (kind === 'kept') kept = (hx + hu) / (2 * n);
    cells.push(`${kind} UPOS ${pct(hu, n)} (first ${pct(fu, n)}) XPOS ${pct(hx, n)} (first ${pct(fx, n)})`);
  }
  return { line: cells.join('; '), kept };
}
