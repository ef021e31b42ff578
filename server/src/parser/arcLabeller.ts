/**
 * Relations for the arcs of a tree under construction, given as the parser makes them, so that its features can
 * read the relations inside its partial constituents (Zhang & Nivre 2011's label features: `s0` already has an
 * `nsubj`, `b0`'s leftmost dependent is a `mark`). When the parser attaches d, d's subtree is complete; the head's
 * later dependents and its own head are not known yet, so these are the labeller's best guesses from what is
 * there. The relations the parser outputs are given again over the finished tree (`labelArcs`).
 *
 * Lazily (for speed; journal, "parser speed", 2026-11-22): only the perceptron's features read these relations, and
 * with the neural gate most transitions never consult the perceptron, so a lazy labeller labels an arc only when the
 * features are about to read it (`ready`: the dependents of s0, s1 and b0), from exactly what the eager labeller saw
 * when the arc was made — the same relation, bit for bit. What it saw is recoverable from the tree as it is later: d's
 * own subtree was already complete; its head h had no head and no relation yet (a head is attached only after all its
 * dependents); and h's dependents then were those between d and h (a left dependent: they arrive nearest first, all
 * before any right one) or all up to d (a right dependent: they arrive left to right, after the left ones). Of them,
 * the ones before d in that list were labelled before d, so they are labelled first.
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
  /** The sentence being parsed (lazy labelling reads it when a relation is asked for). */
  private e: EncodedSentence | undefined;
  private tags: TagIds | undefined;

  /**
   * @param lazy label each arc when `ready` finds the features about to read it, instead of when it is made (the same
   * relations; parsing with the neural gate). A lazy labeller needs `ready` before every read of the state's labels.
   */
  constructor(
    private readonly labels: Scorer,
    private readonly uposNames: readonly string[],
    private readonly rootId: number,
    readonly lazy = false,
  ) {
    this.scores = new Float64Array(labels.nClasses);
  }

  /** Starts a sentence: the labeller reads the parser state's own arrays. */
  start(st: ArcHybridState): void {
    this.state = st;
    this.kids = Array.from({ length: st.n + 1 }, () => []);
    this.view = { head: st.head, kids: this.kids, leftEdge: st.leftEdge, rightEdge: st.rightEdge };
  }

  /** The relations given so far in the current sentence (word index → relation id; -1 not yet, when lazy). */
  get given(): Int32Array {
    return this.state!.label;
  }

  /** Labels the arc the parser has just made to d, and records it in the state (lazily: records it to label later). */
  arcMade(e: EncodedSentence, tags: TagIds, st: ArcHybridState, d: number): void {
    const h = st.head[d];
    // Left dependents arrive nearest first, right ones left to right: both keep the list in sentence order.
    if (d < h) this.kids[h].unshift(d);
    else this.kids[h].push(d);
    if (h === st.n) {
      st.setLabel(d, this.rootId);
      return;
    }
    if (this.lazy) {
      this.e = e;
      this.tags = tags;
      return;
    }
    this.label(e, tags, st, d);
  }

  /**
   * Before the parser's features read the state (lazy labeller): labels every dependent of s0, s1 and b0, the only
   * words whose relations `parseFeatures` reads (singly and as the sets of each side). Nothing for an eager labeller.
   */
  ready(st: ArcHybridState): void {
    if (!this.lazy || !this.e) return;
    for (let k = 0; k < 3; k++) {
      const x = k === 2 ? st.bf(0) : st.s(k);
      if (x < 0 || x >= st.n) continue;
      const kids = this.kids[x];
      for (let i = 0; i < kids.length; i++) if (st.label[kids[i]] < 0) this.labelLate(st, kids[i]);
    }
  }

  /** Labels d (lazy labeller) from what was there when its arc was made; see the module's comment. */
  private labelLate(st: ArcHybridState, d: number): void {
    const h = st.head[d];
    const now = this.kids[h];
    const then: number[] = [];
    for (let i = 0; i < now.length; i++) {
      const k = now[i];
      if (d < h ? k >= d && k < h : k <= d) then.push(k);
    }
    // The dependents labelled before d: those before it in the list (a right one), the nearer ones (a left one; read
    // as d's sibling). All were made before d, so this ends.
    for (let i = 0; i < then.length; i++) if (then[i] !== d && st.label[then[i]] < 0) this.labelLate(st, then[i]);
    const headOfH = st.head[h];
    const labelOfH = st.label[h];
    st.head[h] = -1;
    st.label[h] = -1;
    this.kids[h] = then;
    this.label(this.e!, this.tags!, st, d);
    this.kids[h] = now;
    st.head[h] = headOfH;
    st.label[h] = labelOfH;
  }

  private label(e: EncodedSentence, tags: TagIds, st: ArcHybridState, d: number): void {
    labelFeatures(e, tags, this.uposNames, this.view!, st.label, d, this.f);
    this.labels.score(this.f, this.scores);
    this.scores[this.rootId] = -Infinity;
    st.setLabel(d, argmax(this.scores, this.labels.nClasses));
  }
}
