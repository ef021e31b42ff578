/**
 * `buildRelPairs` classifies each pair's symmetric marks once per vocabulary (`pairClass`, a start-up saving): every
 * relation's classes must be `symClass` of the pair's own tokens, as computed afresh, for the shipped model and for
 * two vocabularies that share their pairs but not their punctemes.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { buildRelPairs, RelPairs, symClass, SYM_EPS, SYM_MATCHED, SYM_OTHER, SYM_UNMATCHED } from '../../server/src/model/attach';
import { punctemeTokens } from '../../server/src/data/vocab';
import { VocabJson } from '../../server/src/model/vocabulary';
import { defaultModelDir } from '../../server/src/data/modelDir';

function assertFreshClasses(v: Pick<VocabJson, 'pairs' | 'punctemes'>, rp: RelPairs): void {
  rp.pair.forEach((p, j) => {
    const [l, r] = v.pairs[p];
    assert.equal(rp.sym[j], symClass(punctemeTokens(v.punctemes[l]), punctemeTokens(v.punctemes[r])), `pair ${p}`);
  });
}

describe('relation pairs: symmetric-mark classes', () => {
  it('every relation of the shipped model, and its fallback, classify as symClass does', () => {
    const j = JSON.parse(fs.readFileSync(path.join(defaultModelDir(), 'punct.json'), 'utf8')) as { vocab: VocabJson };
    const v = j.vocab;
    const seen = new Set<number>();
    for (const ids of [...Object.values(v.rel), v.fallback]) {
      const rp = buildRelPairs(v, ids);
      assertFreshClasses(v, rp);
      rp.sym.forEach((c) => seen.add(c));
    }
    assert.deepEqual([...seen].sort(), [SYM_EPS, SYM_MATCHED, SYM_UNMATCHED, SYM_OTHER].sort(), 'all four classes occur');
  });

  it('two vocabularies sharing one pairs array but not their punctemes keep their own classes', () => {
    const pairs: Array<[number, number]> = [[0, 0], [1, 2], [2, 1]];
    const a = { pairs, punctemes: ['', '(', ')'] };
    const b = { pairs, punctemes: ['', ',', ','] };
    assert.deepEqual([...buildRelPairs(a, [0, 1, 2]).sym], [SYM_EPS, SYM_MATCHED, SYM_UNMATCHED]);
    assert.deepEqual([...buildRelPairs(b, [0, 1, 2]).sym], [SYM_EPS, SYM_OTHER, SYM_OTHER]);
    assert.deepEqual([...buildRelPairs(a, [2, 1]).sym], [SYM_UNMATCHED, SYM_MATCHED]);
    // A pairs array that grew after its first use.
    pairs.push([2, 2]);
    assertFreshClasses(a, buildRelPairs(a, [3, 1]));
  });
});
