/**
 * A graph-based dependency parser (Dozat & Manning 2017) over the neural transition scorer's encoder: the same
 * embeddings (words, tags, clusters, punctuation slots, suffixes, shapes, fixed pretrained vectors) and stacked
 * BiLSTM (`NeuralScorer`), read by the biaffine arc scorer and relation MLP of `graphHeads.ts`; trees by Eisner's
 * algorithm (`eisner.ts`). θ is one flat array, the encoder's block first (the `NeuralScorer` holds a view of it; its
 * transition MLP is left at one hidden unit and never trained), then the heads'.
 *
 * The run-time part: parsing a sentence. Training (the loss, its gradient through the encoder, a fresh parser) is in
 * `server/research/parser/biaffine/`; the model file in `graphModel.ts`.
 */
import { NeuralScorer } from '../neuralScorer';
import { EncodedSentence } from '../encoding';
import { TagIds } from '../parseFeatures';
import { arcScores, bestRelation, headForward, headKernels, HeadLayout, labelScores } from './graphHeads';
import { eisner } from './eisner';
import { addArcVotes } from './arcVotes';
import { applyCaseConstraint, CaseConstraint } from './caseConstraint';
import { RunTimeHeads } from './runTimeHeads';
import { F32Encoder } from './f32Encoder';
import { F32Heads } from './f32Heads';

/** Another parser's heads (n = the root) and the weight of agreeing with them (`arcVotes.ts`). */
export interface ArcVotes {
  head: Int32Array;
  weight: number;
}

export class BiaffineParser {
  readonly net: NeuralScorer;
  readonly heads: HeadLayout;
  /** Where the heads' block starts in θ (the encoder's size). */
  readonly headsAt: number;
  /**
   * A snapshot's heads (`runTimeHeads.ts`: products in WebAssembly, buffers and the root's projection kept), made on
   * its first parse (a snapshot's θ never changes).
   */
  private runTime: RunTimeHeads | undefined;
  /**
   * A snapshot's encoder and heads in float32 SIMD (`f32Encoder.ts`, `f32Heads.ts`), made on its first parse; null
   * where they cannot run.
   */
  private fast: { encoder: F32Encoder; heads: F32Heads } | null | undefined;
  private readonly frozen: boolean;
  /** Every arc's relation scores of the sentence being labelled, for the case constraint; grown, never shrunk. */
  private relationScores = new Float64Array(0);

  constructor(
    net: NeuralScorer,
    heads: HeadLayout,
    /** Encoder then heads; `net.theta` must be a view of its first block. */
    readonly theta: Float64Array | Float32Array,
    frozen = false,
  ) {
    this.frozen = frozen;
    this.net = net;
    this.heads = heads;
    this.headsAt = net.layout.size;
    if (theta.length !== net.layout.size + heads.size) throw new Error(`θ of ${theta.length} entries, encoder and heads ${net.layout.size + heads.size}`);
  }

  /** A parser over a copy of θ (float32 for parsing, as a loaded model holds it): later training does not change it. */
  snapshot(float32 = true): BiaffineParser {
    return this.over(float32 ? Float32Array.from(this.theta) : Float64Array.from(this.theta), true);
  }

  /**
   * The same parser (layout, vocabularies, fixed vectors) over another θ of the same layout, e.g. a copy or a view of
   * shared memory; `frozen`: θ will not change, so its products may be cached.
   */
  over(theta: Float64Array | Float32Array, frozen = false): BiaffineParser {
    if (theta.length !== this.theta.length) throw new Error(`θ of ${theta.length} entries, the parser's ${this.theta.length}`);
    const net = new NeuralScorer(this.net.layout, theta.subarray(0, this.headsAt), this.net.vocab, this.net.fixed);
    return new BiaffineParser(net, this.heads, theta, frozen);
  }

  /**
   * Heads (n = the root) and relation ids of one sentence from its vectors `v` (rows of 2H: the words, then the root):
   * Eisner over the arc scores, then each arc's best relation (`rootRelation` exactly when the head is the root).
   * A snapshot's row n of `v` must be θ's root row (as `NeuralScorer.forward` gives it): its products are kept.
   */
  decode(v: Float64Array, n: number, rootRelation: number, votes?: ArcVotes, constraint?: CaseConstraint): { head: Int32Array; deprel: Int32Array } {
    if (this.frozen) {
      const root = this.net.layout.root.offset;
      const rt = (this.runTime ??= new RunTimeHeads(this.theta, this.headsAt, this.heads, headKernels(this.theta, this.headsAt, this.heads), Float64Array.from(this.theta.subarray(root, root + this.heads.dims.V))));
      const scores = rt.arcs(v, n);
      if (votes) addArcVotes(scores, n, votes.head, votes.weight);
      const head = eisner(scores, n);
      return { head, deprel: this.constrained(head, rootRelation, constraint, (out) => rt.relations(v, n, head, rootRelation, out)) };
    }
    const f = headForward(this.theta, this.headsAt, this.heads, v, n);
    const scores = arcScores(this.heads, f);
    if (votes) addArcVotes(scores, n, votes.head, votes.weight);
    const head = eisner(scores, n);
    const K = this.heads.dims.relations;
    const hidden = new Float64Array(this.heads.dims.label);
    const s = new Float64Array(K);
    const deprel = this.constrained(head, rootRelation, constraint, (out) => {
      const labels = new Int32Array(n);
      for (let d = 0; d < n; d++) {
        if (head[d] === n) {
          labels[d] = rootRelation;
          continue;
        }
        labelScores(this.theta, this.headsAt, this.heads, f, head[d], d, hidden, s);
        out?.set(s, d * K);
        labels[d] = bestRelation(s, rootRelation);
      }
      return labels;
    });
    return { head, deprel };
  }

  /**
   * Parses a sentence. A snapshot parses in float32 SIMD where WebAssembly SIMD is available (`f32Encoder.ts`,
   * `f32Heads.ts`: not bit for bit `decode` of `NeuralScorer.forward`, float32 sums); otherwise, and before
   * training's first snapshot, with `NeuralScorer.forward` (float64 sums) and `decode`.
   */
  parse(e: EncodedSentence, tags: TagIds, rootRelation: number, votes?: ArcVotes, constraint?: CaseConstraint): { head: Int32Array; deprel: Int32Array } {
    const input = this.net.input(e, tags);
    if (this.frozen && this.fast === undefined) {
      const encoder = F32Encoder.create(this.net);
      const heads = encoder && F32Heads.create(this.theta, this.headsAt, this.heads);
      this.fast = encoder && heads ? { encoder, heads } : null;
    }
    if (!this.fast) return this.decode(this.net.forward(input).v, e.n, rootRelation, votes, constraint);
    const { encoder, heads } = this.fast;
    const n = e.n;
    const scores = heads.arcs(encoder.forward(input), n);
    if (votes) addArcVotes(scores, n, votes.head, votes.weight);
    const head = eisner(scores, n);
    return { head, deprel: this.constrained(head, rootRelation, constraint, (out) => heads.relations(n, head, rootRelation, out)) };
  }

  /** The relations `label` gives (filling `out` with every arc's scores when asked), under the constraint if any. */
  private constrained(head: Int32Array, rootRelation: number, constraint: CaseConstraint | undefined, label: (out?: Float64Array) => Int32Array): Int32Array {
    if (!constraint) return label();
    const K = this.heads.dims.relations;
    if (this.relationScores.length < head.length * K) this.relationScores = new Float64Array(head.length * K);
    // Rows of words headed by the root stay as an earlier sentence left them: the constraint never reads them.
    const scores = this.relationScores.subarray(0, head.length * K);
    const deprel = label(scores);
    applyCaseConstraint(constraint, head, deprel, scores, K, rootRelation);
    return deprel;
  }
}
