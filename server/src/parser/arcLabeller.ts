/**
 * Relations for the arcs of a tree under construction, given as the parser makes them, so that its features can
 * read the relations inside its partial constituents (Zhang & Nivre 2011's label features: `s0` already has an
 * `nsubj`, `b0`'s leftmost dependent is a `mark`). When the parser attaches d, d's subtree is complete; the head's
 * later dependents and its own head are not known yet, so these are the labeller's best guesses from what is
 * there. The relations the parser outputs are given again over the finished tree (`labelArcs`).
 */
import { ArcHybridState } from './arcHybrid';
import { EncodedSentence } from './encoding';
import { FeatureBuffer } from './hash';
import { labelFeatures, TreeView } from './labelFeatures';
import { TagIds } from './parseFeatures';
import { argmax, Scorer } from './weights';

export class ArcLabeller {
  private kids: number[][] = [];
  private view: TreeView | undefined;
  private state: ArcHybridState | undefined;
  private readonly scores: Float64Array;
  private readonly f = new FeatureBuffer();

  constructor(
    private readonly labels: Scorer,
    private readonly uposNames: readonly string[],
    private readonly rootId: number,
  ) {
    this.scores = new Float64Array(labels.nClasses);
  }

  /** Starts a sentence: the labeller reads the parser state's own arrays. */
  start(st: ArcHybridState): void {
    this.state = st;
    this.kids = Array.from({ length: st.n + 1 }, () => []);
    this.view = { head: st.head, kids: this.kids, leftEdge: st.leftEdge, rightEdge: st.rightEdge };
  }

  /** The relations given so far in the current sentence (word index → relation id). */
  get given(): Int32Array {
    return this.state!.label;
  }

  /** Labels the arc the parser has just made to d, and records it in the state. */
  arcMade(e: EncodedSentence, tags: TagIds, st: ArcHybridState, d: number): void {
    const h = st.head[d];
    // Left dependents arrive nearest first, right ones left to right: both keep the list in sentence order.
    if (d < h) this.kids[h].unshift(d);
    else this.kids[h].push(d);
    if (h === st.n) {
      st.setLabel(d, this.rootId);
      return;
    }
    labelFeatures(e, tags, this.uposNames, this.view!, st.label, d, this.f);
    this.labels.score(this.f, this.scores);
    this.scores[this.rootId] = -Infinity;
    st.setLabel(d, argmax(this.scores, this.labels.nClasses));
  }
}
