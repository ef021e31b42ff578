/**
 * Ancestral sampling of (T′, x) ~ p_θ(T′ | T) · p_φ(x | u(T′)) (paper §6.1): punctemes bottom-up — a node's
 * internal slots are complete once its descendants have drawn theirs, which is what its D features read — and each
 * slot's surface through the channel as soon as its underlying string is complete.
 */
import { BOS_MARK } from '../data/punctTokens';
import { sampleChannel } from './channel';
import { ModelCore, PreparedTree } from './model';
import { TreeInfo } from '../data/treeInfo';
import { slotMembers } from './projective';


/** u_i from the chosen (l, r) keys of every node (paper §2.3: right punctemes innermost first, then left outermost first). */
export function underlyingSlots(info: TreeInfo, lKey: (w: number) => string, rKey: (w: number) => string): string[][] {
  const { ends, starts } = slotMembers(info);
  const split = (k: string) => (k === '' ? [] : k.split(' '));
  return ends.map((e, s) => [...e.flatMap((w) => split(rKey(w))), ...starts[s].flatMap((w) => split(lKey(w)))]);
}

export interface Sample {
  choice: Int32Array;
  slots: string[][];
  /**
   * Whether ∘ survived the channel as the first mark of slot 0. Observed text always has it there, so p(x | T) is
   * the probability of the joint event; samples without it are rejected by `sampleObserved`.
   */
  bosKept: boolean;
}

/**
 * What a restoration's hundred samples of one tree share (issue 37: restoring spent its time recomputing them): the
 * slots' members, and each puncteme key's tokens.
 */
const membersOf = new WeakMap<TreeInfo, { ends: number[][]; starts: number[][] }>();
const tokensOf = new WeakMap<readonly string[], Array<readonly string[] | undefined>>();

function keyTokens(keys: readonly string[], id: number): readonly string[] {
  let byId = tokensOf.get(keys);
  if (!byId) tokensOf.set(keys, (byId = []));
  return (byId[id] ??= keys[id].split(' ').filter(Boolean));
}

export function samplePrior(core: ModelCore, prep: PreparedTree, rng: () => number): Sample {
  const info = prep.info;
  let members = membersOf.get(info);
  if (!members) membersOf.set(info, (members = slotMembers(info)));
  const { ends, starts } = members;
  const choice = new Int32Array(info.n + 1).fill(-1);
  const slots: string[][] = Array.from({ length: info.n + 1 }, () => []);
  const done = new Uint8Array(info.n + 1);
  const V = core.vocab;
  const keys = core.V.keys;
  let bosKept = true;
  const finish = (s: number) => {
    if (done[s]) return;
    const u: string[] = s === 0 ? [BOS_MARK] : [];
    for (const w of ends[s]) u.push(...keyTokens(keys, V.pairs[prep.rp[w].pair[choice[w]]][1]));
    for (const w of starts[s]) u.push(...keyTokens(keys, V.pairs[prep.rp[w].pair[choice[w]]][0]));
    const x = sampleChannel(core.channel, u, rng);
    if (s === 0) bosKept = x[0] === BOS_MARK && x.lastIndexOf(BOS_MARK) === 0;
    slots[s] = s === 0 ? x.filter((t) => t !== BOS_MARK) : x;
    done[s] = 1;
  };
  for (const w of info.postorder) {
    for (let s = info.lo[w]; s < info.hi[w]; s++) finish(s);
    // e^{log p} of the pairs the draw passes, kept with the distribution: the same numbers as exponentiating here.
    choice[w] = core.drawPair(prep, w, slots, rng());
  }
  for (let s = 0; s <= info.n; s++) finish(s);
  return { choice, slots, bosKept };
}

/** A sample conditioned on ∘ surviving at the start (rejection; gives up after `tries` and returns the last). */
export function sampleObserved(core: ModelCore, prep: PreparedTree, rng: () => number, tries = 100): Sample {
  let s = samplePrior(core, prep, rng);
  for (let k = 1; k < tries && !s.bosKept; k++) s = samplePrior(core, prep, rng);
  return s;
}

/** Token-level edit distance (Levenshtein) between two slot strings. */
export function editDistance(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur.push(Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = cur;
  }
  return prev[b.length];
}

/** MBR decoding (paper eq. 10): the sampled x minimising the expected total edit distance to the sample. */
export function mbrDecode(samples: readonly (readonly (readonly string[])[])[]): string[][] {
  const distinct = new Map<string, { x: readonly (readonly string[])[]; c: number }>();
  for (const x of samples) {
    const k = x.map((s) => s.join(' ')).join('|');
    const e = distinct.get(k);
    if (e) e.c++;
    else distinct.set(k, { x, c: 1 });
  }
  const cands = [...distinct.values()];
  const nSlots = samples[0].length;
  // Per slot: distribution over strings, so the expected loss decomposes over slots.
  const perSlot: Array<Map<string, { toks: readonly string[]; c: number }>> = Array.from({ length: nSlots }, () => new Map());
  for (const { x, c } of cands)
    x.forEach((s, i) => {
      const k = s.join(' ');
      const e = perSlot[i].get(k);
      if (e) e.c += c;
      else perSlot[i].set(k, { toks: s, c });
    });
  const lossCache: Array<Map<string, number>> = perSlot.map(() => new Map());
  let best = cands[0].x, bestLoss = Infinity;
  for (const { x } of cands) {
    let loss = 0;
    for (let i = 0; i < nSlots && loss < bestLoss; i++) {
      const k = x[i].join(' ');
      let l = lossCache[i].get(k);
      if (l === undefined) {
        l = 0;
        for (const e of perSlot[i].values()) l += e.c * editDistance(x[i], e.toks);
        lossCache[i].set(k, l);
      }
      loss += l;
    }
    if (loss < bestLoss) ((bestLoss = loss), (best = x));
  }
  return best.map((s) => [...s]);
}
