/**
 * The full generative model p(x | T) = Σ_T′ p_θ(T′ | T) · Π_i p_φ(x_i | u_i) (paper eqs. 2–4): Attach weights,
 * the channel, the vocabularies, and per-tree preparation shared by inference, sampling and training.
 */
import { RankedInt16 } from './rankedWeights';
import { PunctuatedTree } from '../data/depunct';
import { BOS_MARK, CLOSERS, SYMBOL } from '../data/punctTokens';
import { UNK } from '../data/vocab';
import {
  AttachVocab,
  concatContexts,
  HashedContexts,
  hashContexts,
  OutputSpace,
  logNormalise,
  pairScores,
  relPairsFor,
  buildRelPairs,
  RelPairs,
  SYM_UNMATCHED,
} from './attach';
import { automatonBytes, buildSlotAutomaton, DEFAULT_ETA, SlotAutomaton } from './automaton';
import { Channel } from './channel';
import { ContextWeightCache } from './contextCache';
import { internalPunctContexts, staticContextHashes } from './features';
import { NodeInput, PunctemeTable } from './inside';
import { TreeInfo } from '../data/treeInfo';
import { projectiveTree } from './projective';

/** The hashed weights as shipped: θ_i = q[i] · scale. */
export interface QuantisedWeights {
  q: Int16Array;
  scale: number;
}

/** θ already held as a loaded model holds it (shared between two views of one model, `ModelCore.withEdgeRules`). */
export interface RankedWeights {
  ranked: RankedInt16;
  scale: number;
}

export interface ModelParts {
  vocab: AttachVocab;
  channel: Channel;
  weights: Float64Array | QuantisedWeights | RankedWeights;
  eta: number;
  /** See `ModelCore.outerLeftComma`. Absent (false) in models trained before it. */
  outerLeftComma?: boolean;
  /** See `ModelCore.supplementRightComma`. Absent (false) in models trained before it. */
  supplementRightComma?: boolean;
  /** See `ModelCore.finalMarkOnRoot`. Absent (false) in models trained before it. */
  finalMarkOnRoot?: boolean;
  /** See `ModelCore.finalPointOnRoot`. Absent (false) in models trained before it. */
  finalPointOnRoot?: boolean;
}

export interface PreparedTree {
  /** The tree as the model views it, its heads lifted to be projective (`projectiveTree`). */
  info: TreeInfo;
  /** Whether lifting moved any arc. */
  lifted: boolean;
  rp: RelPairs[];
  /** `ModelCore.unmatched` per node, made when training first asks (inference never does). */
  unmatched: Array<Uint8Array | undefined>;
  ctx: HashedContexts[];
  /** Cache of D-dependent node distributions keyed by `w|internal tokens`, valid for one parameter generation. */
  probCache: Map<string, NodeDistribution>;
  /** Unnormalised scores of the static contexts per node (same generation). */
  staticScores: Float64Array[];
  generation: number;
  /** Where the node distributions' arrays are cut from (`FloatChunks`). */
  floats: FloatChunks;
}

/**
 * Zero-filled float64 arrays cut from larger ones, never handed out twice: a node distribution's few hundred bytes as
 * a typed array of its own are memory V8 allocates outside its heap (slow to make, and counted against the heap's
 * growth, so that sampling's thousands of them brought on collections); a view of a shared chunk is not.
 */
export class FloatChunks {
  private chunk = new Float64Array(0);
  private used = 0;

  /** n zeros, in memory no other array handed out shares. */
  take(n: number): Float64Array {
    if (this.used + n > this.chunk.length) {
      this.chunk = new Float64Array(Math.max(FLOAT_CHUNK, n));
      this.used = 0;
    }
    const out = this.chunk.subarray(this.used, this.used + n);
    this.used += n;
    return out;
  }
}

/** Entries of a chunk (32 KB: a sentence's distributions take a few chunks). */
const FLOAT_CHUNK = 4096;

/** p_θ(· | w) for one node and the D contexts its internal slots give (`ModelCore.nodeLogProbs`). */
export interface NodeDistribution {
  ctx: HashedContexts;
  logp: Float64Array;
  /** e^{logp}, made when first asked for: valid in [0, exponentiated) (`nodeProbs`, `drawPair`). */
  weight?: Float64Array;
  exponentiated?: number;
}

/** A relative clause or an apposition: the constituents Nunberg's delimiting commas set off in pairs. */
function isSupplement(deprel: string): boolean {
  return deprel === 'acl:relcl' || deprel.split(':')[0] === 'appos';
}

/** The marks that end a sentence (`<.>`, an abbreviation's own dot, is not one). */
const TERMINAL_MARKS: ReadonlySet<string> = new Set(['.', '?', '!', '?!', '...']);
/** Nunberg's point marks, the marks that absorb one another (the channel's `--nunberg` strengths); `<.>` is a word's own. */
const POINT_MARKS: ReadonlySet<string> = new Set([',', ';', ':', '-', '—', ...TERMINAL_MARKS]);

/** Memory the slot automata and their caches may keep (see `trimAutomata`). */
const AUTOMATA_BUDGET_BYTES = 8 * 2 ** 20;
/** Uses of the automata (`ModelCore.automata`, one a tree) between two checks of that budget. */
const AUTOMATA_CHECK_USES = 16;

export class ModelCore {
  readonly vocab: AttachVocab;
  readonly channel: Channel;
  /**
   * θ as scored: float64 (scale 1), or the loaded int16 quantisation without its zeros (`RankedInt16`, 3.4 MB instead
   * of 8.4) until something asks for `weights`.
   */
  private theta: Float64Array | RankedInt16;
  private thetaScale: number;
  eta: number;
  /**
   * A comma at a left edge that a node shares with its head belongs to the head (and so on up): the node's left
   * puncteme may not contain one. Without this the likelihood cannot tell "[, who] lives in Boston ," from "[, who lives
   * in Boston ,]", and training gave the opening comma of a relative clause or apposition to its first word (the
   * pronoun, the determiner), whose pair cannot require the closing comma; the clause's own (l, r) pair then never
   * learns that an opened clause is closed, and "My brother, who lives in Boston is …" looks as likely as the closed
   * one. With the comma on the outermost constituent that starts there, the pair (",", ",") carries the pairing.
   * Part of the model's definition (training and inference alike), stored in the model file.
   */
  readonly outerLeftComma: boolean;
  /**
   * The right edge's counterpart: a comma at a right edge goes up to the outermost node that ends there, but stops at a
   * relative clause or apposition. A node may not carry a right comma if its right edge is its head's and it is no such
   * supplement, or if a supplement dependent of it ends there too. Without this, in "The book, which I bought yesterday,
   * is …" the closing comma can belong to the subject ("The book, which … yesterday"), whose features see the comma
   * inside it, and the clause's pair never has to close what it opened.
   */
  readonly supplementRightComma: boolean;
  /**
   * The sentence's terminal mark belongs to the root, and there is one: a node other than the root whose right edge is
   * the sentence's end may not carry a terminal mark (`.` `?` `!` `?!` `...`) in its right puncteme unless a closing
   * quote or bracket follows it there (a quotation's or parenthesis's own `? ”`), and the root's right puncteme holds at
   * most one terminal mark. The likelihood cannot tell a final `.` from an underlying `. .`, `... .`, `! .` or `. ?`
   * whose extra mark the channel absorbs, and cold-started training (θ = 0, as in the paper) drifted to those: 40% of
   * MAP underlying trees ended in two marks (BENCHMARKS, "Cold start, ξ and the initial mark"). Absorption at the end
   * stays possible where Nunberg puts it (an apposition's closing comma before the root's period, `,. ↦ .`). Part of the
   * model's definition, stored in the model file.
   */
  readonly finalMarkOnRoot: boolean;
  /**
   * `finalMarkOnRoot` for every point mark, not only the terminal ones: the root's right puncteme holds at most one
   * point mark (`,` `;` `:` `-` `—` or a terminal mark), and a node other than the root whose right edge is the
   * sentence's end carries none but a comma outside a closing quote or bracket. With terminal marks alone barred,
   * cold-started training moved the same degeneracy to the other points: the root's `. -` with its dash absorbed
   * (`.- ↦ .`) and a final node's `:` absorbed by the root's period (`:. ↦ .`), explanations the likelihood cannot tell
   * from a plain final mark (journal, "The punctuation model of edited English"). The comma stays: an apposition or
   * clause ending the sentence closes with one that the root's period absorbs (Nunberg's `,. ↦ .`). Part of the model's
   * definition, stored in the model file; it implies `finalMarkOnRoot`.
   */
  readonly finalPointOnRoot: boolean;
  /**
   * Training only (the posterior regulariser c(T′) of eq. 5, not the model): also count as unmatched a relative clause
   * or apposition inside the sentence with a comma on one side only. Nunberg's delimiting commas come in pairs, and the
   * likelihood alone lets the closing one go to the phrase the clause ends (its antecedent's), so the clause's own
   * pair never learns that an opened clause is closed. Not stored in the model file: inference never tilts.
   */
  pairedSupplementCommas = false;
  readonly space: OutputSpace;
  readonly V: PunctemeTable;
  private autCache = new Map<string, SlotAutomaton>();
  private autInserts = 0;
  private autUses = 0;

  constructor(parts: ModelParts) {
    this.vocab = parts.vocab;
    this.channel = parts.channel;
    if (parts.weights instanceof Float64Array) [this.theta, this.thetaScale] = [parts.weights, 1];
    else if ('ranked' in parts.weights) [this.theta, this.thetaScale] = [parts.weights.ranked, parts.weights.scale];
    else [this.theta, this.thetaScale] = [new RankedInt16(parts.weights.q), parts.weights.scale];
    this.eta = parts.eta ?? DEFAULT_ETA;
    this.outerLeftComma = parts.outerLeftComma ?? false;
    this.supplementRightComma = parts.supplementRightComma ?? false;
    this.finalMarkOnRoot = parts.finalMarkOnRoot ?? false;
    this.finalPointOnRoot = parts.finalPointOnRoot ?? false;
    this.space = { nPairs: this.vocab.pairs.length, nPunctemes: this.vocab.punctemes.length };
    this.V = { keys: this.vocab.punctemes, tokens: this.vocab.tokens };
  }

  /**
   * θ as float64, for training and for writing a model. A loaded model keeps its int16 form (8 MB instead of 32 MB)
   * until this is first read; from then on it is scored in float64, with exactly the same values.
   */
  get weights(): Float64Array {
    if (!(this.theta instanceof Float64Array)) {
      const q = this.theta, scale = this.thetaScale;
      const w = new Float64Array(q.length);
      for (let i = 0; i < q.length; i++) w[i] = q.get(i) * scale;
      [this.theta, this.thetaScale] = [w, 1];
    }
    return this.theta;
  }

  /**
   * The same θ and channel read with other edge rules (`outerLeftComma`, `supplementRightComma`): θ is shared, not
   * copied. For inference (the lint's supplement model); training the view would train the original too.
   */
  withEdgeRules(rules: { outerLeftComma: boolean; supplementRightComma: boolean }): ModelCore {
    const weights = this.theta instanceof Float64Array ? this.theta : { ranked: this.theta, scale: this.thetaScale };
    const view = new ModelCore({ vocab: this.vocab, channel: this.channel, weights, eta: this.eta, finalMarkOnRoot: this.finalMarkOnRoot, finalPointOnRoot: this.finalPointOnRoot, ...rules });
    // The per-context weight vectors depend on θ alone: built once for both (a first use would otherwise pay again).
    view.contextWeights = this.contextCache();
    return view;
  }

  private contextWeights: ContextWeightCache | undefined;
  /** Per-context weight vectors, while θ is the loaded int16 vector (fixed); none once θ is float64 (trainable). */
  private contextCache(): ContextWeightCache | undefined {
    if (!(this.theta instanceof RankedInt16)) return undefined;
    return (this.contextWeights ??= new ContextWeightCache(this.theta, this.thetaScale, this.space));
  }

  /** Bumped whenever parameters change, so that cached node distributions are recomputed. */
  generation = 0;

  /** Call after changing the weights or the channel parameters (training). */
  invalidate(): void {
    this.autCache.clear();
    this.generation++;
  }

  wordKey = (form: string): string => {
    const lw = form.toLowerCase();
    return this.vocab.words.has(lw) ? lw : UNK;
  };

  prepare(tree: Pick<PunctuatedTree, 'words'>): PreparedTree {
    const info = projectiveTree(tree);
    const rp: RelPairs[] = new Array(info.n + 1);
    const ctx: HashedContexts[] = new Array(info.n + 1);
    for (let w = 1; w <= info.n; w++) {
      rp[w] = relPairsFor(this.vocab, tree.words[w - 1].deprel);
      const h = info.head(w);
      if (this.outerLeftComma && h !== 0 && info.lo[w] === info.lo[h]) rp[w] = this.withoutComma(rp[w], 'l');
      if (this.supplementRightComma && this.rightCommaGoesElsewhere(info, tree.words, w)) rp[w] = this.withoutComma(rp[w], 'r');
      if ((this.finalMarkOnRoot || this.finalPointOnRoot) && info.hi[w] === info.n) rp[w] = w === info.root ? this.oneFinalMark(rp[w]) : this.noFinalMark(rp[w]);
      ctx[w] = staticContextHashes(info, w, this.wordKey);
    }
    return { info, lifted: info.lifted, rp, unmatched: new Array(info.n + 1), ctx, probCache: new Map(), staticScores: [], generation: this.generation, floats: new FloatChunks() };
  }

  /**
   * Per pair of node w's W_d, whether the posterior regulariser counts it as unmatched: unmatched brackets and quotes,
   * and with `pairedSupplementCommas` a one-sided comma of a relative clause or apposition inside the sentence.
   */
  unmatched(prep: PreparedTree, w: number): Uint8Array {
    let out = prep.unmatched[w];
    if (out) return out;
    const { info, rp } = prep;
    const r = rp[w];
    out = Uint8Array.from(r.sym, (c) => (c === SYM_UNMATCHED ? 1 : 0));
    if (this.pairedSupplementCommas && isSupplement(info.words[w - 1].deprel) && info.lo[w] > 1 && info.hi[w] < info.n) {
      const comma = this.channel.alphabet.id(',');
      const has = (v: number) => this.vocab.tokens[v].includes(comma);
      for (let j = 0; j < r.pair.length; j++) if (has(r.l[j]) !== has(r.r[j])) out[j] = 1;
    }
    return (prep.unmatched[w] = out);
  }

  private commaFree = { l: new Map<RelPairs, RelPairs>(), r: new Map<RelPairs, RelPairs>() };
  /** W_d without the pairs whose left (or right) puncteme contains a comma (see `outerLeftComma`, `supplementRightComma`). */
  private withoutComma(rp: RelPairs, side: 'l' | 'r'): RelPairs {
    let f = this.commaFree[side].get(rp);
    if (!f) {
      const comma = this.channel.alphabet.id(',');
      const k = side === 'l' ? 0 : 1;
      f = buildRelPairs(this.vocab, [...rp.pair].filter((p) => !this.vocab.tokens[this.vocab.pairs[p][k]].includes(comma)));
      this.commaFree[side].set(rp, f);
    }
    return f;
  }

  private finalMarkFiltered = { root: new Map<RelPairs, RelPairs>(), other: new Map<RelPairs, RelPairs>() };
  /**
   * W_d of the root without the pairs whose right puncteme holds two or more terminal marks (`finalMarkOnRoot`), or
   * two or more point marks (`finalPointOnRoot`).
   */
  private oneFinalMark(rp: RelPairs): RelPairs {
    const marks = this.finalPointOnRoot ? POINT_MARKS : TERMINAL_MARKS;
    return this.filterRight(rp, this.finalMarkFiltered.root, (toks) => toks.filter((t) => marks.has(t)).length <= 1);
  }

  /**
   * W_d of a non-root node ending the sentence without a terminal mark (`finalMarkOnRoot`), or a point mark other than
   * a comma (`finalPointOnRoot`), outside a closing quote or bracket.
   */
  private noFinalMark(rp: RelPairs): RelPairs {
    const barred = this.finalPointOnRoot ? (t: string) => t !== ',' && POINT_MARKS.has(t) : (t: string) => TERMINAL_MARKS.has(t);
    return this.filterRight(rp, this.finalMarkFiltered.other, (toks) => toks.every((t, i) => !barred(t) || toks.slice(i + 1).some((c) => CLOSERS.has(c))));
  }

  /** W_d keeping the pairs whose right puncteme's tokens pass `keep`; W_d itself if none would remain. */
  private filterRight(rp: RelPairs, cache: Map<RelPairs, RelPairs>, keep: (toks: string[]) => boolean): RelPairs {
    let f = cache.get(rp);
    if (!f) {
      const A = this.channel.alphabet;
      const kept = [...rp.pair].filter((p) => keep(Array.from(this.vocab.tokens[this.vocab.pairs[p][1]], (t) => A.tokens[t])));
      f = kept.length ? buildRelPairs(this.vocab, kept) : rp;
      cache.set(rp, f);
    }
    return f;
  }

  /** Whether a comma at w's right edge belongs to another node under `supplementRightComma`. */
  private rightCommaGoesElsewhere(info: TreeInfo, words: PunctuatedTree['words'], w: number): boolean {
    const supplement = (v: number) => isSupplement(words[v - 1].deprel);
    const h = info.head(w);
    if (h !== 0 && info.hi[w] === info.hi[h] && !supplement(w)) return true;
    return info.right[w].some((c) => supplement(c) && info.hi[c] === info.hi[w]);
  }

  /** Tokens of a slot mapped into Σ (unknown marks become the symbol stand-in; a stray ∘ is dropped). */
  normaliseSlot(slot: readonly string[]): string[] {
    const A = this.channel.alphabet;
    return slot.filter((t) => t !== BOS_MARK).map((t) => (A.has(t) ? t : SYMBOL));
  }

  automaton(slot: readonly string[], slot0: boolean): SlotAutomaton {
    const key = (slot0 ? '0|' : '|') + slot.join(' ');
    let a = this.autCache.get(key);
    if (a) {
      // Map order is recency order: a hit moves to the back, so the budget below drops the least recently used.
      this.autCache.delete(key);
      this.autCache.set(key, a);
    } else {
      a = buildSlotAutomaton(this.channel, slot, slot0, this.eta);
      this.autCache.set(key, a);
      if (++this.autInserts % 16 === 0) this.trimAutomata();
    }
    return a;
  }

  /**
   * The automata fill their puncteme-matrix caches as they are used (a marked slot's automaton grows to ~0.5–1.5 MB),
   * so the cache is bounded by bytes, not by count: a long editing session must not grow without limit.
   */
  private trimAutomata(): void {
    let bytes = 0;
    for (const a of this.autCache.values()) bytes += automatonBytes(a);
    for (const [key, a] of this.autCache) {
      if (bytes <= AUTOMATA_BUDGET_BYTES) break;
      bytes -= automatonBytes(a);
      this.autCache.delete(key);
    }
  }

  automata(slots: readonly (readonly string[])[]): SlotAutomaton[] {
    // Automata grow after insertion (their matrix caches fill as they are used): re-check the budget now and then.
    // Every 256 uses let the language server's benchmark document (5,000 words, ~190 uses) end at 15 MB of automata,
    // twice the budget: the check never ran. Every 16 uses it ends at 8.1 MB (journal, "Speed: the window's first
    // diagnostics, and memory").
    if (++this.autUses % AUTOMATA_CHECK_USES === 0) this.trimAutomata();
    return slots.map((s, i) => this.automaton(s, i === 0));
  }

  /** log p_θ(· | w) over rp[w], given the surface slots (for the D features); cached per internal punctuation. */
  nodeLogProbs(prep: PreparedTree, w: number, slots: readonly (readonly string[])[]): NodeDistribution {
    const info = prep.info;
    if (prep.generation !== this.generation) {
      prep.probCache.clear();
      prep.staticScores = [];
      prep.generation = this.generation;
    }
    const a = info.lo[w], b = info.hi[w];
    let key = `${w}|`;
    for (let s = a; s < b; s++) if (slots[s].length) key += `${s}:${slots[s].join(' ')};`;
    let hit = prep.probCache.get(key);
    if (hit) return hit;
    // Then by the D contexts the internal slots give: the distribution depends on the slots only through them, and
    // many surfaces give the same contexts (the restoration's hundred samples: issue 37).
    const contexts = internalPunctContexts(info, w, slots);
    let contextKey = `${w}#`;
    for (const c of contexts) contextKey += `${c.name}\u0001${c.outputs};`;
    hit = prep.probCache.get(contextKey);
    if (hit) prep.probCache.set(key, hit);
    else {
      // The static contexts' scores are computed once per node; only the few D contexts are added per surface.
      let st = prep.staticScores[w];
      const cache = this.contextCache();
      const k = prep.rp[w].pair.length;
      if (!st) prep.staticScores[w] = st = pairScores(this.theta, this.space, prep.ctx[w], prep.rp[w], this.thetaScale, cache, undefined, prep.floats.take(k));
      const dctx = hashContexts(contexts);
      const logp = logNormalise(pairScores(this.theta, this.space, dctx, prep.rp[w], this.thetaScale, cache, st, prep.floats.take(k)));
      // All the node's contexts are asked for by training only: joined when read.
      const staticCtx = prep.ctx[w];
      let joined: HashedContexts | undefined;
      hit = {
        get ctx(): HashedContexts {
          return (joined ??= concatContexts(staticCtx, dctx));
        },
        logp,
      };
      prep.probCache.set(key, hit);
      prep.probCache.set(contextKey, hit);
    }
    return hit;
  }

  /**
   * p_θ(· | w) over rp[w]: the exponentials of `nodeLogProbs`, kept with that distribution, so every alternative
   * and the engine's comma prior that share it take them once.
   */
  nodeProbs(prep: PreparedTree, w: number, slots: readonly (readonly string[])[]): Float64Array {
    const hit = this.nodeLogProbs(prep, w, slots);
    const weight = (hit.weight ??= prep.floats.take(hit.logp.length));
    const logp = hit.logp;
    for (let j = hit.exponentiated ?? 0; j < logp.length; j++) weight[j] = Math.exp(logp[j]);
    hit.exponentiated = logp.length;
    return weight;
  }

  /**
   * The pair of node w that a uniform draw r ∈ [0, 1) picks from `nodeProbs`: the first j at which r − p_0 − … − p_j
   * falls below 0 (the last pair if none does). The same arithmetic as that walk over `nodeProbs`, but only the pairs
   * the walk passes are exponentiated (sampling: most draws stop at the first few of a node's hundred pairs).
   */
  drawPair(prep: PreparedTree, w: number, slots: readonly (readonly string[])[], r: number): number {
    const hit = this.nodeLogProbs(prep, w, slots);
    const logp = hit.logp;
    const weight = (hit.weight ??= prep.floats.take(logp.length));
    let done = hit.exponentiated ?? 0;
    let j = 0;
    for (; j < logp.length - 1; j++) {
      if (j === done) weight[done++] = Math.exp(logp[j]);
      r -= weight[j];
      if (r < 0) break;
    }
    hit.exponentiated = done;
    return j;
  }

  /**
   * Inputs to Algorithm 1: pair weights per node, optionally tilted by e^{β·unmatched} (posterior regulariser).
   * Entries are computed on first access, so nodes that Algorithm 1 takes from its memo cost nothing.
   */
  nodeInputs(prep: PreparedTree, slots: readonly (readonly string[])[], tilt = 0): NodeInput[] {
    // Plain objects whose weight is computed on first read (`LazyNodeInput`), not a getter defined on the array at each
    // index: that made an accessor and a closure per node at every inference, and an array of accessors is slow to read.
    const input: NodeInput[] = new Array(prep.info.n + 1);
    for (let w = 1; w <= prep.info.n; w++) input[w] = new LazyNodeInput(this, prep, w, slots, tilt);
    return input;
  }

  /** The weights of node w's pairs: `nodeProbs`, or tilted by e^{β·unmatched} (`tiltedProbs`) when tilt ≠ 0. */
  nodeWeights(prep: PreparedTree, w: number, slots: readonly (readonly string[])[], tilt: number): Float64Array {
    return tilt ? this.tiltedProbs(prep, w, slots, tilt) : this.nodeProbs(prep, w, slots);
  }

  /** e^{log p + β·unmatched} per pair of node w (training's posterior regulariser; not kept). */
  private tiltedProbs(prep: PreparedTree, w: number, slots: readonly (readonly string[])[], tilt: number): Float64Array {
    const { logp } = this.nodeLogProbs(prep, w, slots);
    const counted = this.unmatched(prep, w);
    const out = new Float64Array(logp.length);
    for (let j = 0; j < logp.length; j++) out[j] = Math.exp(logp[j] + (counted[j] ? tilt : 0));
    return out;
  }
}

/** Node w's input to Algorithm 1 (`ModelCore.nodeInputs`): its pairs, and their weights computed on first read. */
class LazyNodeInput implements NodeInput {
  private weights: Float64Array | undefined;

  constructor(
    private readonly core: ModelCore,
    private readonly prep: PreparedTree,
    private readonly w: number,
    private readonly slots: readonly (readonly string[])[],
    private readonly tilt: number,
  ) {}

  get rp(): RelPairs {
    return this.prep.rp[this.w];
  }

  get weight(): Float64Array {
    return (this.weights ??= this.core.nodeWeights(this.prep, this.w, this.slots, this.tilt));
  }
}
