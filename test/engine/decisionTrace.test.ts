import * as assert from 'assert';
import { DecisionNote, ScoredCandidate, selectCandidates } from '../../server/src/engine/correction/pipeline/decide';
import { CONVENTION_CONFIDENCE, conventionDecision } from '../../server/src/engine/correction/pipeline/modelRules';
import { UNCLOSED } from '../../server/src/engine/correction/candidates/unclosedSupplements';

const mk = (slots: number[], confidence: number, delta = 0, variant?: string): ScoredCandidate => ({
  candidate: { category: 'comma', action: 'insert', node: 1, variant, changes: new Map(slots.map((i) => [i, [{ norm: ',', text: ',' }]])) },
  delta,
  key: 'comma/insert' + (variant ? `/${variant}` : ''),
  confidence,
});

describe('engine: the decision trace (a late veto leaves a note)', () => {
  it('selectCandidates notes each candidate it leaves out, and chooses exactly as without a trace', () => {
    const a = mk([2], 0.95);
    const b = mk([2, 5], 0.97);
    const c = mk([7], 0.9);
    const d = mk([8], 0.4);
    const notes: DecisionNote[] = [];
    const chosen = selectCandidates([a, b, c, d], 0.8, (n) => notes.push(n));
    assert.deepStrictEqual(chosen, selectCandidates([a, b, c, d], 0.8));
    assert.deepStrictEqual(chosen, [b, c]);
    assert.deepStrictEqual(
      notes.map((n) => [n.stage, n.effect, n.changes.map((x) => x.slot), n.reason]),
      [
        ['overlap', 'dropped', [2], 'slot 2 taken by comma/insert (confidence 0.970)'],
        ['threshold', 'dropped', [8], 'confidence 0.400 < 0.800'],
      ],
    );
  });

  it('conventionDecision notes the candidates it drops (Δ ≤ 0) and the confidence it raises; others pass unnoted', () => {
    const notes: DecisionNote[] = [];
    const trace = (n: DecisionNote) => notes.push(n);
    assert.deepStrictEqual(conventionDecision(mk([3], 0.5, -0.4, UNCLOSED), trace), []);
    assert.deepStrictEqual(conventionDecision(mk([4], 0.2, 1.5, UNCLOSED), trace).map((c) => c.confidence), [CONVENTION_CONFIDENCE]);
    assert.deepStrictEqual(conventionDecision(mk([5], 0.95, 2, UNCLOSED), trace).map((c) => c.confidence), [0.95]);
    assert.deepStrictEqual(conventionDecision(mk([6], 0.1, -3), trace).map((c) => c.confidence), [0.1]);
    assert.deepStrictEqual(
      notes.map((n) => [n.stage, n.effect, n.kind, n.changes, n.reason]),
      [
        ['convention', 'dropped', `comma/insert/${UNCLOSED}`, [{ slot: 3, marks: [','] }], 'the model does not prefer it (Δ -0.40 ≤ 0)'],
        ['convention', 'rewritten', `comma/insert/${UNCLOSED}`, [{ slot: 4, marks: [','] }], `confidence 0.200 → ${CONVENTION_CONFIDENCE}`],
      ],
    );
  });
});
