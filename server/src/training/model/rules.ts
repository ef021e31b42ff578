/**
 * What the trained model has learned, in the paper's terms (§5): the channel's confident edits next to Nunberg's
 * rules (Table 1), and the most probable (l, r) pairs of selected relations with the entropy of their distribution
 * (Table 4). Counts of underlying bigrams come from the MAP underlying trees of a treebank.
 */
import { PunctuatedTree } from '../../data/depunct';
import { ABBREV_DOT, BOS_MARK, CLOSE_DOUBLE, OPEN_DOUBLE } from '../../data/punctTokens';
import { showPuncteme } from '../../data/vocab';
import { EDITS } from '../../model/channel';
import { PunctModelImpl } from '../../model/index';

/** Nunberg's rules (paper Table 1), as window → surface. */
export const NUNBERG_RULES: Array<{ group: string; a: string; b: string; out: string[] }> = [
  ...[
    [',', ',', [',']],
    [',', '.', ['.']],
    ['-', ',', ['-']],
    ['-', ';', [';']],
    [';', '.', ['.']],
  ].map(([a, b, out]) => ({ group: 'point absorption', a: a as string, b: b as string, out: out as string[] })),
  { group: 'quote transposition', a: CLOSE_DOUBLE, b: ',', out: [',', CLOSE_DOUBLE] },
  { group: 'quote transposition', a: CLOSE_DOUBLE, b: '.', out: ['.', CLOSE_DOUBLE] },
  { group: 'period absorption', a: '.', b: '?', out: ['?'] },
  { group: 'period absorption', a: '.', b: '!', out: ['!'] },
  { group: 'period absorption', a: ABBREV_DOT, b: '.', out: [ABBREV_DOT] },
  { group: 'bracket absorption', a: ',', b: ')', out: [')'] },
  { group: 'bracket absorption', a: '-', b: ')', out: [')'] },
  { group: 'bracket absorption', a: '(', b: ',', out: ['('] },
  { group: 'bracket absorption', a: ',', b: CLOSE_DOUBLE, out: [CLOSE_DOUBLE] },
  { group: 'bracket absorption', a: OPEN_DOUBLE, b: ',', out: [OPEN_DOUBLE] },
];

export const TABLE4_RELATIONS = ['parataxis', 'appos', 'list', 'conj', 'advcl', 'ccomp'];

export interface RuleStats {
  sentences: number;
  /** Underlying bigram counts in MAP trees, key `a b`. */
  bigrams: Record<string, number>;
  /** Mean prior p_θ(l, r | w) over the nodes of each relation. */
  relations: Record<string, { nodes: number; pairs: Array<{ l: string; r: string; p: number }>; entropy: number }>;
}

export function ruleStats(model: PunctModelImpl, trees: readonly PunctuatedTree[], relations = TABLE4_RELATIONS): RuleStats {
  const bigrams: Record<string, number> = {};
  const sums = new Map<string, { nodes: number; p: Map<string, number> }>();
  const core = model.core;
  for (const t of trees) {
    let map;
    try {
      map = model.viterbi(t);
    } catch {
      continue;
    }
    map.underlying.forEach((u, i) => {
      const s = i === 0 ? [BOS_MARK, ...u] : u;
      for (let k = 0; k + 1 < s.length; k++) bigrams[`${s[k]} ${s[k + 1]}`] = (bigrams[`${s[k]} ${s[k + 1]}`] ?? 0) + 1;
    });
    const prep = model.prepare(t);
    const slots = t.slots.map((s) => core.normaliseSlot(s));
    for (let w = 1; w <= prep.info.n; w++) {
      const d = t.words[w - 1].deprel;
      if (!relations.includes(d)) continue;
      let e = sums.get(d);
      if (!e) sums.set(d, (e = { nodes: 0, p: new Map() }));
      e.nodes++;
      const { logp } = core.nodeLogProbs(prep, w, slots);
      logp.forEach((lp, j) => {
        const [l, r] = core.vocab.pairs[prep.rp[w].pair[j]];
        const key = `${core.vocab.punctemes[l]}\t${core.vocab.punctemes[r]}`;
        e!.p.set(key, (e!.p.get(key) ?? 0) + Math.exp(lp));
      });
    }
  }
  const rel: RuleStats['relations'] = {};
  for (const [d, e] of sums) {
    const pairs = [...e.p].map(([k, s]) => ({ l: k.split('\t')[0], r: k.split('\t')[1], p: s / e.nodes })).sort((a, b) => b.p - a.p);
    const entropy = -pairs.reduce((h, x) => h + (x.p > 0 ? x.p * Math.log2(x.p) : 0), 0);
    rel[d] = { nodes: e.nodes, pairs: pairs.slice(0, 8), entropy };
  }
  return { sentences: trees.length, bigrams, relations: rel };
}

export interface LearnedEdit {
  a: string;
  b: string;
  edit: string;
  surface: string[];
  p: number;
  count: number;
  nunberg: 'agrees' | 'differs' | 'no rule';
}

function surfaceOfEdit(a: string, b: string, e: number): string[] {
  return e === 0 ? [a, b] : e === 1 ? [b] : e === 2 ? [a] : [b, a];
}

/** Edits with φ(e | a, b) > minP among windows seen at least minCount times in MAP underlying strings. */
export function learnedEdits(model: PunctModelImpl, stats: RuleStats, minP = 0.75, minCount = 25): LearnedEdit[] {
  const ch = model.core.channel;
  const A = ch.alphabet;
  const out: LearnedEdit[] = [];
  for (const [k, count] of Object.entries(stats.bigrams)) {
    if (count < minCount) continue;
    const [a, b] = k.split(' ');
    const base = (A.id(a) * A.size + A.id(b)) * 4;
    for (let e = 0; e < 4; e++) {
      const p = ch.probs[base + e];
      if (p <= minP) continue;
      const surface = surfaceOfEdit(a, b, e);
      const rule = NUNBERG_RULES.find((r) => r.a === a && r.b === b);
      out.push({ a, b, edit: EDITS[e], surface, p, count, nunberg: !rule ? 'no rule' : rule.out.join(' ') === surface.join(' ') ? 'agrees' : 'differs' });
    }
  }
  return out.sort((x, y) => y.count - x.count);
}

/** For each Nunberg rule: the learned probability of its output and the model's most probable edit. */
export function nunbergComparison(model: PunctModelImpl, stats: RuleStats) {
  const ch = model.core.channel;
  const A = ch.alphabet;
  return NUNBERG_RULES.map((r) => {
    const base = (A.id(r.a) * A.size + A.id(r.b)) * 4;
    let pOut = 0, best = 0;
    for (let e = 0; e < 4; e++) {
      if (surfaceOfEdit(r.a, r.b, e).join(' ') === r.out.join(' ')) pOut += ch.probs[base + e];
      if (ch.probs[base + e] > ch.probs[base + best]) best = e;
    }
    return {
      group: r.group,
      rule: `${r.a}${r.b} ↦ ${r.out.join('')}`,
      pRule: pOut,
      learned: `${EDITS[best]} (${surfaceOfEdit(r.a, r.b, best).join('')}, ${ch.probs[base + best].toFixed(3)})`,
      count: stats.bigrams[`${r.a} ${r.b}`] ?? 0,
    };
  });
}

export function showPair(l: string, r: string): string {
  return `${showPuncteme(l)} ${showPuncteme(r)}`;
}
