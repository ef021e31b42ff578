/**
 * The learned decision over introductory commas waiting for the document's habit (`introductoryHabit.ts`): what it reads,
 * where it decides (a document held to its habit), and that without its model the hand-set gates decide as before.
 */
import { strict as assert } from 'assert';
import { Finding } from '../../server/src/engine';
import { HabitCount, HabitPart, PendingOmission } from '../../server/src/engine/correction/style/introductoryHabit';
import { habitDecisionFeatures, HabitDecisionModel } from '../../server/src/engine/correction/style/introductoryHabit';
import { settleParts } from '../../server/src/engine/documentPart';
import { positionAt } from '../../server/src/engine/positions';
import { featureIndex } from '../../server/src/restore/hashedLogistic';

const text = 'x'.repeat(40);
const omissionFinding = (start: number): Finding => ({
  ruleId: 'introductory-comma',
  message: 'introductory-comma',
  severity: 'info',
  confidence: 0.9,
  start: positionAt(text, start),
  end: positionAt(text, start + 5),
  fixes: [],
  explanation: '',
});

/** Elements of edited rate 0.9: y = 1 written with the comma, 0 without. */
const counts = (ys: number[]): HabitCount => ({ written: ys.filter((y) => y).length, omitted: ys.filter((y) => !y).length, excess: ys.reduce((s, y) => s + y - 0.9, 0), information: ys.length * 0.09 });

/** A model whose only weight is on one feature: P ≈ 1 where the omission has it, 0.5 elsewhere. */
function modelFor(feature: string, threshold = 0.9): HabitDecisionModel {
  const bits = 12;
  const weights = new Float32Array(1 << bits);
  weights[featureIndex(feature, bits)] = 20;
  return { version: 'test', bits, threshold, weights };
}

describe('the learned introductory habit decision', () => {
  const held: PendingOmission<Finding> = {
    finding: omissionFinding(0),
    element: 'clause "If you want"',
    share: 0.9,
    counted: true,
    unbacked: true,
    evidence: { source: 'decision', delta: -0.4, setOff: 0.3, gap: 0.7 },
  };
  const part = (decision?: HabitDecisionModel): HabitPart<Finding> => ({ ...counts([1, 1, 1, 0]), pending: [held], ...(decision ? { decision } : {}) });

  it('an omission a gate holds back is never reported without the model, as before it', () => {
    const [found] = settleParts([{ findings: [], habit: part(), contenders: [] }]);
    assert.deepEqual(found, []);
  });

  it('with the model, its probability decides, and is the finding’s confidence', () => {
    const yes = modelFor('kind=clause|setOff=2');
    const [found] = settleParts([{ findings: [], habit: part(yes), contenders: [] }]);
    assert.equal(found.length, 1);
    assert.ok(found[0].confidence > 0.99);
    assert.match(found[0].message, /Set off the introductory clause "If you want" with a comma/);
    const no = modelFor('kind=word');
    assert.deepEqual(settleParts([{ findings: [], habit: part(no), contenders: [] }])[0], [], 'P = 0.5 < 0.9');
  });

  it('an error-prone document is decided by the gates, the model aside', () => {
    const yes = modelFor('bias');
    const errorRate = { findings: 30, sentences: 10, pending: [] };
    const [found] = settleParts([{ findings: [], habit: part(yes), contenders: [], errorRate }]);
    assert.ok(found.every((f) => f.start.offset !== 0 || !/habit/.test(f.message)));
    assert.equal(found.filter((f) => f.ruleId === 'introductory-comma').length, 0, 'held back by a gate: not reported in an error-prone document either');
  });

  it('the habit it reads is the other elements’: an omission counted in the total reads as one outside it', () => {
    const others = counts([1, 1, 0, 1, 1]);
    const withOwn: HabitCount = { written: others.written, omitted: others.omitted + 1, excess: others.excess - 0.9, information: others.information + 0.09 };
    const o = { element: 'clause "If you want"', share: 0.9, evidence: held.evidence };
    assert.deepEqual(habitDecisionFeatures({ ...o, counted: true }, withOwn).slice(2), habitDecisionFeatures({ ...o, counted: false }, others).slice(2).map((f) => f.replace('|rated', '|counted')));
  });

  it('each kind of evidence is read: unasked, none, and its bucket differ', () => {
    const f = (evidence: PendingOmission['evidence']) => habitDecisionFeatures({ element: 'word "Finally"', share: 0.9, counted: false, evidence }, counts([1, 1]));
    const setOffOf = (fs: string[]) => fs.find((x) => x.startsWith('setOff='));
    assert.equal(setOffOf(f({ source: 'decision' })), 'setOff=unasked');
    assert.equal(setOffOf(f({ source: 'decision', setOff: null })), 'setOff=none');
    assert.notEqual(setOffOf(f({ source: 'decision', setOff: 0.15 })), setOffOf(f({ source: 'decision', setOff: 0.85 })));
    assert.ok(f({ source: 'gaps', sourceP: 0.7 }).includes('source=gaps:5'));
  });
});
