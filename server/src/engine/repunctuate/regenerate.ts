/**
 * Writing the surface of an edited underlying tree again (paper §6.3, with MAP in place of sampling): each slot's
 * underlying string u_i (right punctemes innermost first, then left punctemes outermost first, paper §2.3) goes through
 * the learned channel, and the most probable surface x_i = argmax_x p_φ(x | u_i) is written. The channel acts on each
 * slot alone, so the most probable surface of the sentence is the slots' most probable surfaces side by side.
 */
import { BOS_MARK } from '../../data/punctTokens';
import { TreeWord } from '../../data/depunct';
import { Channel, channelDistribution } from '../../model/channel';
import { slotMembers } from '../../model/projective';
import { infoOf, UnderlyingTree } from './underlyingTree';

/** u_i per slot of T′ (without ∘). */
export function underlyingSlotsOf(t: UnderlyingTree): string[][] {
  const info = infoOf(t);
  const { ends, starts } = slotMembers(info);
  return ends.map((e, s) => [...e.flatMap((w) => t.nodes[w - 1].r), ...starts[s].flatMap((w) => t.nodes[w - 1].l)]);
}

/** Underlying strings longer than this are written as they are: the channel's paths number 4^(length−1). */
const MAX_CHANNEL_TOKENS = 9;

/**
 * argmax_x p_φ(x | u) for one slot, with its probability. At slot 0 the channel reads ∘ first, and the surface must
 * keep ∘ in front (written text always has it, as in `sampleObserved`); the returned surface is without ∘.
 */
export function channelMap(ch: Channel, u: readonly string[], slot0: boolean): { surface: string[]; p: number } {
  const input = slot0 ? [BOS_MARK, ...u] : [...u];
  if (input.length === 0) return { surface: [], p: 1 };
  if (input.length > MAX_CHANNEL_TOKENS) return { surface: [...u], p: 0 };
  const A = ch.alphabet;
  if (input.some((t) => !A.has(t))) return { surface: [...u], p: 0 };
  let best: string[] | undefined;
  let bestP = -1;
  for (const [key, p] of channelDistribution(ch, input)) {
    const toks = key === '' ? [] : key.split(' ');
    if (slot0 && (toks[0] !== BOS_MARK || toks.lastIndexOf(BOS_MARK) !== 0)) continue;
    // Ties go to the shorter surface, then to the first in string order, so the answer never depends on Map order.
    const surface = slot0 ? toks.slice(1) : toks;
    if (p > bestP || (p === bestP && best !== undefined && (surface.length < best.length || (surface.length === best.length && surface.join(' ') < best.join(' '))))) {
      best = surface;
      bestP = p;
    }
  }
  return { surface: best ?? [...u], p: Math.max(bestP, 0) };
}

/** The Attach model's distribution of one node's (l, r) in a tree, given the surface of the slots inside it. */
export type PairDistribution = (words: readonly TreeWord[], w: number, slots: readonly (readonly string[])[]) => Array<{ l: string[]; r: string[]; logp: number }>;

export interface Regenerated {
  tree: UnderlyingTree;
  /** u_i per slot. */
  underlying: string[][];
  /** x_i per slot, the channel's most probable surface of u_i. */
  surface: string[][];
}

/**
 * A slot of the edited tree that stands between the same two words as before the edit, with what was under it and
 * what the writer wrote there. When the edit leaves its underlying string as it was, the written marks stay: they are
 * observed, and the channel's most probable surface of the same u could differ from them (a less usual but correct
 * `hands).` written again as `hands.).`); only the slots the edit changed are the channel's to write.
 */
export interface WrittenSlot {
  underlying: readonly string[];
  surface: readonly string[];
}

/** Quotation marks and brackets: part of what a constituent says, so a node chosen again keeps those it had. */
const PAIRED = new Set(['“', '”', '‘', '’', '(', ')', '[', ']', '{', '}', '<', '>']);
const pairedOf = (p: readonly string[]) => p.filter((t) => PAIRED.has(t)).join(' ');
/**
 * Marks a node chosen again may gain: separators. Without this limit the joint maximum gave a quoted phrase moved to
 * the end of a sentence an exclamation mark (`He said "a mess!".` from `"A mess," he said.`): the channel writes
 * `! ” .` as `! ”` with near certainty, which outweighs the Attach model's small prior for `!`. A mark that ends or
 * changes a sentence's meaning (`. ? !`) stays only where the writer put it.
 */
const SEPARATORS = new Set([',', '—', '-', ':', ';']);
const onlyGains = (c: readonly string[], was: readonly string[]) => c.every((t) => SEPARATORS.has(t) || was.includes(t));

/** How many of a free node's most probable pairs are tried (the rest carry a negligible share of its prior). */
const FREE_PAIR_CANDIDATES = 40;

/**
 * The surface of T′. Nodes in `free` (a join's conjunct and coordinator) first take the (l, r) that maximises
 * p_θ(l, r | w) · max_x p_φ(x | u) at their two edge slots, one node at a time bottom-up, the others held fixed,
 * among the pairs that keep the node's quotation marks and brackets (they are part of what it says).
 */
export function regenerate(
  t: UnderlyingTree,
  ch: Channel,
  free: readonly number[] = [],
  pairsOf?: PairDistribution,
  written: ReadonlyMap<number, WrittenSlot> = new Map(),
): Regenerated {
  const tree: UnderlyingTree = { nodes: t.nodes.map((n) => ({ ...n, l: [...n.l], r: [...n.r] })) };
  const surfaceOf = (u: string[][]) =>
    u.map((ui, i) => {
      const w = written.get(i);
      return w && w.underlying.join(' ') === ui.join(' ') ? [...w.surface] : channelMap(ch, ui, i === 0).surface;
    });
  if (free.length > 0) {
    if (!pairsOf) throw new Error('choosing new punctemes needs the Attach model');
    const info = infoOf(tree);
    const order = info.postorder.filter((w) => free.includes(w));
    const old = new Map(order.map((w) => [w, { l: tree.nodes[w - 1].l, r: tree.nodes[w - 1].r }]));
    for (const w of order) {
      tree.nodes[w - 1].l = old.get(w)!.l.filter((t) => PAIRED.has(t));
      tree.nodes[w - 1].r = old.get(w)!.r.filter((t) => PAIRED.has(t));
    }
    for (const w of order) {
      const was = old.get(w)!;
      const words = tree.nodes.map((n) => n.word);
      const surface = surfaceOf(underlyingSlotsOf(tree));
      const a = info.lo[w] - 1, b = info.hi[w];
      const candidates = pairsOf(words, w, surface)
        .filter((c) => pairedOf(c.l) === pairedOf(was.l) && pairedOf(c.r) === pairedOf(was.r) && onlyGains(c.l, was.l) && onlyGains(c.r, was.r))
        .sort((x, y) => y.logp - x.logp)
        .slice(0, FREE_PAIR_CANDIDATES);
      let best = -Infinity;
      // With no candidate of the model's keeping its quotation marks, the node keeps its pair as it was.
      let bestPair = { l: was.l, r: was.r };
      for (const c of candidates) {
        tree.nodes[w - 1].l = c.l;
        tree.nodes[w - 1].r = c.r;
        const u = underlyingSlotsOf(tree);
        const score = c.logp + Math.log(channelMap(ch, u[a], a === 0).p) + (b === a ? 0 : Math.log(channelMap(ch, u[b], b === 0).p));
        if (score > best) ((best = score), (bestPair = c));
      }
      tree.nodes[w - 1].l = bestPair.l;
      tree.nodes[w - 1].r = bestPair.r;
    }
  }
  const underlying = underlyingSlotsOf(tree);
  return { tree, underlying, surface: surfaceOf(underlying) };
}
