import * as assert from 'assert';
import { plainReason, plainReasons } from '../../server/src/engine/correction/learned/learnedReasons';
import { recordWeights } from '../../server/src/engine/correction/learned/scorerWeights';

describe('engine: the learned decision in plain words', () => {
  it('reads a feature as what edited prose does, for an insertion and for a removal', () => {
    assert.strictEqual(plainReason('end=acl:relcl*insert'), 'a comma usually closes a relative clause');
    assert.strictEqual(plainReason('end=acl:relcl*2:insert'), 'a comma usually closes a relative clause');
    assert.strictEqual(plainReason('rw=which*insert'), 'a comma usually comes before “which”');
    assert.strictEqual(plainReason('lt|rt=NOUN|VERB*delete'), 'edited prose rarely puts a comma between a noun and a verb');
    assert.strictEqual(plainReason('node=appos*key=nonrestrictive-comma/insert'), 'an apposition is usually set off by commas');
    assert.strictEqual(plainReason('key=introductory-comma/insert*delta'), 'the punctuation model finds the sentence more likely with this change');
    assert.strictEqual(plainReason('len=8-15'), undefined);
  });

  it('reads the comma-gap model\'s answer and a guard\'s predicate, which are features, not vetoes', () => {
    assert.strictEqual(plainReason('gap*insert'), 'the model of comma gaps, reading the words and marks around the gap, expects a comma here');
    assert.strictEqual(plainReason('gapBin=2*delete'), 'the model of comma gaps, reading the words and marks around the gap, finds this comma stray');
    assert.strictEqual(plainReason('guard=fronted-phrase*dense'), 'edited prose often leaves out a comma even where the rule “fronted phrase” would keep it');
    assert.strictEqual(plainReason('guard=no-such-guard'), undefined);
    assert.strictEqual(plainReason('reg:lowerStart*insert'), undefined);
  });

  it('reads the word that opens the stretch before the slot, and the determiner of the noun before a relative word', () => {
    assert.strictEqual(plainReason('opens=when*insert'), 'a comma usually ends a stretch that opens with “when”');
    assert.strictEqual(plainReason('opens=to|atStart=true*delete'), 'edited prose rarely puts this comma after a stretch that opens with “to”');
    assert.strictEqual(plainReason('opens=NOUN*insert'), 'a comma usually ends a stretch that opens with a noun');
    assert.strictEqual(plainReason('leftDet=the|rw=which*insert'), 'a comma usually comes before “which” after a noun with “the”');
    assert.strictEqual(plainReason('leftDet=none|rw=which*delete'), 'edited prose rarely puts a comma before “which” after a noun with no determiner');
    assert.strictEqual(plainReason('leftDet=a|rw=other*insert'), undefined);
    assert.strictEqual(plainReason('ccClause=true|len=8-15*insert'), 'a comma usually comes before a coordinator that joins two clauses, each with its own subject');
    assert.strictEqual(plainReason('ccClause=false*delete'), 'edited prose rarely puts a comma before a coordinator that joins two predicates of one subject');
    assert.strictEqual(plainReason('ccClause=false*insert'), undefined);
  });

  it('gives the readings of the largest contributions that raise the probability, each once', () => {
    const weights = { bias: 5, 'rw=which*insert': 2, 'end=acl:relcl*insert': 1, 'lw=the*insert': -3, 'len=2-3': 4, delta: 0.5, 'key=x*delta': 0.4 };
    const f: Array<[string, number]> = [['bias', 1], ['rw=which*insert', 1], ['end=acl:relcl*insert', 1], ['lw=the*insert', 1], ['len=2-3', 1], ['delta', 1], ['key=x*delta', 1]];
    assert.deepStrictEqual(plainReasons(recordWeights(weights), f), [
      'a comma usually comes before “which”',
      'a comma usually closes a relative clause',
      'the punctuation model finds the sentence more likely with this change',
    ]);
  });
});
