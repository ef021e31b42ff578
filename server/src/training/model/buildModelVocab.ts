/** The punctuation model's vocabularies counted from training trees (`model/vocabulary.ts` reads them back). */
import { PunctuatedTree } from '../../data/depunct';
import { buildVocabularies, punctemeKey } from '../../data/vocab';
import { projectiveTree } from '../../model/projective';
import { VocabJson } from '../../model/vocabulary';

export function buildModelVocab(trees: readonly PunctuatedTree[]): VocabJson {
  const base = buildVocabularies(trees);
  const V = base.punctemes;
  const vId = new Map(V.map((k, i) => [k, i]));
  const pairs: Array<[number, number]> = [[0, 0]];
  const pairId = new Map<string, number>([['0,0', 0]]);
  const rel = new Map<string, Map<number, number>>();
  const pairCount = new Map<number, number>();
  for (const t of trees) {
    const info = projectiveTree(t);
    for (let w = 1; w <= info.n; w++) {
      const l = vId.get(punctemeKey(t.slots[info.lo[w] - 1]))!;
      const r = vId.get(punctemeKey(t.slots[info.hi[w]]))!;
      const key = `${l},${r}`;
      let p = pairId.get(key);
      if (p === undefined) {
        pairId.set(key, (p = pairs.length));
        pairs.push([l, r]);
      }
      const d = t.words[w - 1].deprel;
      let m = rel.get(d);
      if (!m) rel.set(d, (m = new Map([[0, 0]])));
      m.set(p, (m.get(p) ?? 0) + 1);
      pairCount.set(p, (pairCount.get(p) ?? 0) + 1);
    }
  }
  const relJson: Record<string, number[]> = {};
  for (const [d, m] of [...rel].sort((a, b) => (a[0] < b[0] ? -1 : 1))) relJson[d] = [...m.keys()].sort((a, b) => a - b);
  const fallback = [...pairCount].filter(([p, c]) => p === 0 || c >= 2).map(([p]) => p).sort((a, b) => a - b);
  if (!fallback.includes(0)) fallback.unshift(0);
  return { punctemes: V, pairs, rel: relJson, fallback, words: [...base.words].sort() };
}
