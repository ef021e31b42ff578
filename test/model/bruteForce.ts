/**
 * Brute-force references for the model tests: enumerate every assignment of puncteme pairs to the nodes of a small
 * tree and every edit path of the channel, with no dynamic programming.
 */
import { BOS_MARK } from '../../server/src/data/punctTokens';
import { Channel, DEL_L, DEL_R, KEEP, SWAP } from '../../server/src/model/channel';
import { noiseProb } from '../../server/src/model/automaton';
import { ModelCore, PreparedTree } from '../../server/src/model/model';
import { underlyingSlots } from '../../server/src/model/sample';

/**
 * p(x | u) by walking the window over u in string terms, independently of the processing machine of the channel:
 * left-to-right, the window is (pending, next); right-to-left it is (next-to-the-left, pending).
 */
export function channelByEditPaths(ch: Channel, u: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  const A = ch.alphabet;
  const S = A.size;
  const phi = (a: string, b: string, e: number) => ch.probs[(A.id(a) * S + A.id(b)) * 4 + e];
  const add = (x: string[], p: number) => out.set(x.join(' '), (out.get(x.join(' ')) ?? 0) + p);
  if (u.length === 0) return (add([], 1), out);
  if (ch.direction === 'L') {
    const go = (j: number, pending: string, done: string[], p: number) => {
      if (j === u.length) return add([...done, pending], p);
      const b = u[j];
      go(j + 1, b, [...done, pending], p * phi(pending, b, KEEP)); // ab ↦ ab
      go(j + 1, b, done, p * phi(pending, b, DEL_L)); // ab ↦ b
      go(j + 1, pending, done, p * phi(pending, b, DEL_R)); // ab ↦ a
      go(j + 1, pending, [...done, b], p * phi(pending, b, SWAP)); // ab ↦ ba: b is final, a meets the next token
    };
    go(1, u[0], [], 1);
  } else {
    const go = (j: number, pending: string, done: string[], p: number) => {
      if (j < 0) return add([pending, ...done], p);
      const a = u[j];
      go(j - 1, a, [pending, ...done], p * phi(a, pending, KEEP));
      go(j - 1, pending, done, p * phi(a, pending, DEL_L)); // a absorbed
      go(j - 1, a, done, p * phi(a, pending, DEL_R)); // pending b absorbed
      go(j - 1, pending, [a, ...done], p * phi(a, pending, SWAP)); // ab ↦ ba: a is final, b meets the next token
    };
    go(u.length - 2, u[u.length - 1], [], 1);
  }
  return out;
}

/** p(x_i | u_i) of the model, η noise included; slot 0 carries ∘ in front of both strings. */
export function slotProb(core: ModelCore, u: readonly string[], x: readonly string[], slot0: boolean): number {
  const uu = slot0 ? [BOS_MARK, ...u] : [...u];
  const xx = slot0 ? [BOS_MARK, ...x] : [...x];
  const dist = core.channel.identity ? new Map([[uu.join(' '), 1]]) : channelByEditPaths(core.channel, uu);
  let p = (1 - core.eta) * (dist.get(xx.join(' ')) ?? 0);
  if (u.length === 0 && x.length > 0) p += core.eta * noiseProb(x.length, core.channel.alphabet.size);
  return p;
}

export interface Assignment {
  choice: number[];
  /** p(T′ | T) · p(x | u(T′)). */
  p: number;
}

/** Every assignment of pairs to nodes, with its joint probability with the observed x. */
export function enumerateJoint(core: ModelCore, prep: PreparedTree, slots: string[][]): Assignment[] {
  const info = prep.info;
  const logp = Array.from({ length: info.n + 1 }, (_, w) => (w === 0 ? new Float64Array(0) : core.nodeLogProbs(prep, w, slots).logp));
  const out: Assignment[] = [];
  const choice = new Array<number>(info.n + 1).fill(0);
  const keyOf = (w: number, side: 0 | 1) => core.vocab.punctemes[core.vocab.pairs[prep.rp[w].pair[choice[w]]][side]];
  const rec = (w: number) => {
    if (w > info.n) {
      let p = 1;
      for (let v = 1; v <= info.n; v++) p *= Math.exp(logp[v][choice[v]]);
      const u = underlyingSlots(info, (v) => keyOf(v, 0), (v) => keyOf(v, 1));
      u.forEach((ui, i) => (p *= slotProb(core, ui, slots[i], i === 0)));
      out.push({ choice: choice.slice(), p });
      return;
    }
    for (let j = 0; j < logp[w].length; j++) {
      choice[w] = j;
      rec(w + 1);
    }
  };
  rec(1);
  return out;
}

export function assignmentCount(prep: PreparedTree): number {
  let c = 1;
  for (let w = 1; w <= prep.info.n; w++) c *= prep.rp[w].pair.length;
  return c;
}
