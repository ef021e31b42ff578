/**
 * The punctuation model of Li, Wang & Eisner (2019): the API the lint engine, the CLI and the language server use.
 * Everything is exact (Algorithm 1 and its reverse pass), in natural logs, on the model's projective version of the
 * tree (non-projective arcs are lifted, see `projective.ts`).
 */
import { defaultModelDir } from '../data/modelDir';
import { createHash } from 'crypto';
import * as path from 'path';
import { PunctuatedTree } from '../data/depunct';
import { PunctemeKey, punctemeTokens } from '../data/vocab';
import { channelDistribution } from './channel';
import { backward, inside, InsideMemo } from './inside';
import { ModelCore, PreparedTree } from './model';
import { coreFromJson, ModelJson } from './modelFile';
import { readModelFile } from '../data/modelIntegrity';
import { readModelWithSidecar, readThetaSidecar } from './thetaSidecar';
import { mbrDecode, sampleObserved, underlyingSlots } from './sample';
import { refineMap, viterbi } from './viterbi';
import { automatonWeight } from './automaton';
import { TreeInfo } from '../data/treeInfo';

export interface MapTree {
  logProb: number;
  /** (l, r) per word, in word order. */
  pairs: Array<[PunctemeKey, PunctemeKey]>;
  bracketing: string;
  /** u_i per slot (without ∘). */
  underlying: string[][];
}

export interface PunctModel {
  readonly version: string;
  /** log p(x | T), natural log, exact (Algorithm 1). −Infinity only for a malformed tree. */
  logProb(tree: PunctuatedTree): number;
  /** log p(x′ | T) for several alternative surface punctuations x′ of one tree (shares the tree's preparation). */
  logProbs(tree: Pick<PunctuatedTree, 'words'>, alternatives: readonly (readonly (readonly string[])[])[]): number[];
  /** MAP underlying tree T′ given (T, x). */
  viterbi(tree: PunctuatedTree): MapTree;
  /** Posterior p(l_w, r_w | T, x) per word (pairs with p ≥ 1e-6, most probable first). */
  marginals(tree: PunctuatedTree): Array<Array<{ pair: [PunctemeKey, PunctemeKey]; p: number }>>;
  /** One draw of (T′, x) from p(T′, x | T), conditioned on ∘ surviving at the start (tree.slots is ignored). */
  sample(tree: PunctuatedTree, rng: () => number): { pairs: Array<[PunctemeKey, PunctemeKey]>; slots: string[][] };
  /** MBR restoration (§6.1) from `samples` (default 1000) ancestral samples; ignores tree.slots. */
  restore(tree: PunctuatedTree, opts?: { samples?: number; seed?: number }): string[][];
  /**
   * The same restoration and, per slot, the share of the samples that wrote each mark there: how sure the model is of
   * each restored mark (restoration writes a parenthesis or a quotation mark only when it is sure).
   */
  restoreWithSupport(tree: PunctuatedTree, opts?: { samples?: number; seed?: number }): { slots: string[][]; support: Array<Map<string, number>> };
  /** p_φ(· | u) for one slot's underlying string (the channel alone, without the η insertion noise). */
  surfaceOf(underlying: string[]): Array<{ surface: string[]; p: number }>;
}

/** The shared seeded generator (mulberry32), re-exported for reproducible sampling and training. */
import { seededRng } from '../random/seededRng';
export { seededRng };

export function bracketing(info: TreeInfo, lKey: (w: number) => string, rKey: (w: number) => string): string {
  const show = (w: number): string => {
    const parts = [...info.left[w].map(show), info.words[w - 1].form, ...info.right[w].map(show)];
    return `[${punctemeTokens(lKey(w)).join('')} ${parts.join(' ')} ${punctemeTokens(rKey(w)).join('')}]`;
  };
  return show(info.root);
}

/** Bound of the cross-call memo of log-probabilities (~200 bytes each; a 5,000-word document needs ~11,000). */
const MAX_RESULTS = 20_000;
/**
 * Prepared trees kept (the sentences being worked on: a paragraph's, and a few more). Each holds ~60 KB; an edit
 * scores the edited paragraph's sentences again, and the others are answered by `results`.
 */
const PREPARED_TREES = 24;

export class PunctModelImpl implements PunctModel {
  /**
   * Prepared trees (with their IN(w) memo and node distributions) of the most recent sentences, by words object.
   * Bounded: parses are remembered by content, so a document's trees stay alive, and each prepared tree holds
   * ~10–100 KB of arrays; older sentences are served by `results` or prepared again.
   */
  private prepCache = new Map<object, PreparedTree>();
  constructor(
    readonly core: ModelCore,
    readonly version: string,
  ) {}

  prepare(tree: Pick<PunctuatedTree, 'words'>): PreparedTree {
    let p = this.prepCache.get(tree.words);
    if (p) this.prepCache.delete(tree.words); // re-inserted below: Map order is recency order
    else p = this.core.prepare(tree);
    this.prepCache.set(tree.words, p);
    if (this.prepCache.size > PREPARED_TREES) this.prepCache.delete(this.prepCache.keys().next().value as object);
    return p;
  }

  logProb(tree: PunctuatedTree): number {
    return this.logProbs(tree, [tree.slots])[0];
  }

  logProbs(tree: Pick<PunctuatedTree, 'words'>, alternatives: readonly (readonly (readonly string[])[])[]): number[] {
    const treeKey = this.treeKey(tree.words);
    let prep: PreparedTree | undefined;
    let map: InsideMemo['map'] | undefined;
    return alternatives.map((slotsIn) => {
      const key = `${this.core.generation}\u0002${treeKey}\u0002${slotsIn.map((s) => s.join('\u0001')).join('\u0002')}`;
      const known = this.results.get(key);
      if (known !== undefined) return known;
      prep ??= this.prepare(tree);
      map ??= this.memoOf(prep);
      if (slotsIn.length !== prep.info.n + 1) throw new Error(`expected ${prep.info.n + 1} slots, got ${slotsIn.length}`);
      const slots = slotsIn.map((s) => this.core.normaliseSlot(s));
      const memo = { map, slotKeys: slots.map((s) => s.join(' ')) };
      const logZ = inside(prep.info, this.core.automata(slots), this.core.V, this.core.nodeInputs(prep, slots), memo).logZ;
      if (this.results.size >= MAX_RESULTS) this.results.clear();
      this.results.set(key, logZ);
      return logZ;
    });
  }

  /**
   * log p(x′ | T) by tree content and surface, across calls: an editor re-analyses a whole paragraph after each
   * keystroke, and the sentences the keystroke did not touch come back as new objects with the same content. A
   * pure memo of a deterministic result (keyed also by the parameter generation), so nothing changes but the time.
   */
  private results = new Map<string, number>();
  private treeKeys = new WeakMap<object, string>();
  private treeKey(words: PunctuatedTree['words']): string {
    let k = this.treeKeys.get(words);
    if (k === undefined) {
      const h = createHash('sha1');
      for (const w of words) h.update(`\u0000${w.form}\u0001${w.lemma}\u0001${w.upos}\u0001${w.xpos}\u0001${w.feats}\u0001${w.deprel}\u0001${w.head}`);
      this.treeKeys.set(words, (k = h.digest('base64')));
    }
    return k;
  }

  /** Per tree: the IN(w) memo shared by every scoring of that tree (reset when the parameters change). */
  private memos = new WeakMap<PreparedTree, { generation: number; map: InsideMemo['map'] }>();
  private memoOf(prep: PreparedTree): InsideMemo['map'] {
    let m = this.memos.get(prep);
    if (!m || m.generation !== this.core.generation || m.map.size > 20000) {
      m = { generation: this.core.generation, map: new Map() };
      this.memos.set(prep, m);
    }
    return m.map;
  }

  private pairKeys(prep: PreparedTree, w: number, j: number): [PunctemeKey, PunctemeKey] {
    const [l, r] = this.core.vocab.pairs[prep.rp[w].pair[j]];
    return [this.core.vocab.punctemes[l], this.core.vocab.punctemes[r]];
  }

  viterbi(tree: PunctuatedTree): MapTree {
    const prep = this.prepare(tree);
    const slots = tree.slots.map((s) => this.core.normaliseSlot(s));
    const auts = this.core.automata(slots);
    const input = this.core.nodeInputs(prep, slots);
    const v = viterbi(prep.info, auts, this.core.V, input);
    if (!v) throw new Error('no underlying tree explains this punctuation');
    const info = prep.info;
    if (!this.core.channel.identity) {
      const A = this.core.channel.alphabet;
      refineMap(info, auts, this.core.V, input, v.choice, this.core.vocab.pairs, (t) => A.id(t));
    }
    const keys = (w: number) => this.pairKeys(prep, w, v.choice[w]);
    const underlying = underlyingSlots(info, (w) => keys(w)[0], (w) => keys(w)[1]);
    // Exact log p(T′ | T) + log p(x | u(T′)) of the returned tree.
    let logProb = 0;
    for (let w = 1; w <= info.n; w++) logProb += Math.log(input[w].weight[v.choice[w]]);
    const A = this.core.channel.alphabet;
    underlying.forEach((u, i) => (logProb += Math.log(automatonWeight(auts[i], u.map((t) => A.id(t))))));
    return {
      logProb,
      pairs: Array.from({ length: info.n }, (_, k) => keys(k + 1)),
      bracketing: bracketing(info, (w) => keys(w)[0], (w) => keys(w)[1]),
      underlying,
    };
  }

  marginals(tree: PunctuatedTree): Array<Array<{ pair: [PunctemeKey, PunctemeKey]; p: number }>> {
    const prep = this.prepare(tree);
    const slots = tree.slots.map((s) => this.core.normaliseSlot(s));
    const auts = this.core.automata(slots);
    const input = this.core.nodeInputs(prep, slots);
    const res = inside(prep.info, auts, this.core.V, input);
    if (!Number.isFinite(res.logZ)) throw new Error('no underlying tree explains this punctuation');
    const { mu } = backward(prep.info, auts, this.core.V, input, res);
    const out: Array<Array<{ pair: [PunctemeKey, PunctemeKey]; p: number }>> = [];
    for (let w = 1; w <= prep.info.n; w++) {
      const list: Array<{ pair: [PunctemeKey, PunctemeKey]; p: number }> = [];
      mu[w].forEach((p, j) => {
        if (p >= 1e-6) list.push({ pair: this.pairKeys(prep, w, j), p });
      });
      out.push(list.sort((a, b) => b.p - a.p));
    }
    return out;
  }

  sample(tree: PunctuatedTree, rng: () => number): { pairs: Array<[PunctemeKey, PunctemeKey]>; slots: string[][] } {
    const prep = this.prepare(tree);
    const s = sampleObserved(this.core, prep, rng);
    return { pairs: Array.from({ length: prep.info.n }, (_, k) => this.pairKeys(prep, k + 1, s.choice[k + 1])), slots: s.slots };
  }

  restore(tree: PunctuatedTree, opts: { samples?: number; seed?: number } = {}): string[][] {
    return mbrDecode(this.restoreSamples(tree, opts));
  }

  restoreWithSupport(tree: PunctuatedTree, opts: { samples?: number; seed?: number } = {}): { slots: string[][]; support: Array<Map<string, number>> } {
    const samples = this.restoreSamples(tree, opts);
    const support = samples[0].map(() => new Map<string, number>());
    const share = 1 / samples.length;
    for (const x of samples)
      for (let i = 0; i < x.length; i++) {
        const slot = x[i];
        // Each mark once per sample, in the order of its first place in the slot (as a Set of the slot's marks would
        // give them, without making one per slot and sample: a slot holds a mark or two).
        for (let k = 0; k < slot.length; k++) if (slot.indexOf(slot[k]) === k) support[i].set(slot[k], (support[i].get(slot[k]) ?? 0) + share);
      }
    return { slots: mbrDecode(samples), support };
  }

  private restoreSamples(tree: PunctuatedTree, opts: { samples?: number; seed?: number }): string[][][] {
    const prep = this.prepare(tree);
    const rng = seededRng(opts.seed ?? 1);
    const m = opts.samples ?? 1000;
    const samples: string[][][] = [];
    for (let k = 0; k < m; k++) samples.push(sampleObserved(this.core, prep, rng).slots);
    return samples;
  }

  surfaceOf(underlying: string[]): Array<{ surface: string[]; p: number }> {
    const u = this.core.normaliseSlot(underlying);
    return [...channelDistribution(this.core.channel, u)]
      .map(([k, p]) => ({ surface: punctemeTokens(k), p }))
      .sort((a, b) => b.p - a.p);
  }
}

export { defaultModelDir } from '../data/modelDir';

export const DEFAULT_MODEL_FILE = 'punct.json';
export const ATTACH_MODEL_FILE = 'punct-attach.json';

const loaded = new Map<string, PunctModelImpl>();

/**
 * A model file's θ read with other edge rules (`ModelCore.withEdgeRules`), as the engine's supplement file
 * (`SUPPLEMENT_MODEL_FILE`, `punct-supplement.json`) asks: `{ "derivedFrom": "punct.json", "outerLeftComma": true,
 * "supplementRightComma": true }`.
 */
export function withEdgeRules(m: PunctModelImpl, rules: { outerLeftComma: boolean; supplementRightComma: boolean }): PunctModelImpl {
  const tag = `${rules.outerLeftComma ? 'l' : ''}${rules.supplementRightComma ? 'r' : ''}`;
  return new PunctModelImpl(m.core.withEdgeRules(rules), `${m.version}+edges-${tag || 'none'}`);
}

/** Loads a trained model (default: the bundled English model), synchronously; cached per file. */
export function loadPunctModel(file?: string): PunctModelImpl {
  const f = path.resolve(file ?? path.join(defaultModelDir(), DEFAULT_MODEL_FILE));
  let m = loaded.get(f);
  if (!m) {
    // θ as laid out in memory from the file's sidecar when it was derived from these weights (thetaSidecar.ts), the
    // file's own weights then left undecoded; else the whole file read and θ decoded from it.
    const bytes = readModelFile(f);
    const fast = readModelWithSidecar(f, bytes);
    const j = fast?.j ?? (JSON.parse(bytes.toString('utf8')) as ModelJson);
    loaded.set(f, (m = new PunctModelImpl(coreFromJson(j, fast?.theta ?? readThetaSidecar(f, j)), j.version)));
  }
  return m;
}
