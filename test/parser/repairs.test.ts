import * as assert from 'assert';
import { enabledRepairs, PARSER_REPAIRS, repairsVersion } from '../../server/src/parser/repairs';

describe('parser: the repairs registry', () => {
  const all = PARSER_REPAIRS.map((r) => r.name);

  it('runs every repair unless the environment turns some off', () => {
    assert.deepStrictEqual([...enabledRepairs({})], all);
    assert.deepStrictEqual([...enabledRepairs({ PUNCTEME_NO_RELCL_REPAIR: '1' })], []);
    const off = all[0];
    assert.deepStrictEqual([...enabledRepairs({ PUNCTEME_PARSER_REPAIRS_OFF: ` ${off} ` })], all.slice(1));
  });

  it('names an unknown repair instead of silently measuring all of them', () => {
    assert.throws(() => enabledRepairs({ PUNCTEME_PARSER_REPAIRS_OFF: 'no-such-repair' }), /no parser repair named no-such-repair/);
  });

  it('names each repair that runs in the version, in registry order, so caches keyed by it start afresh', () => {
    assert.strictEqual(repairsVersion(new Set(all)), PARSER_REPAIRS.map((r) => `+${r.version}`).join(''));
    assert.strictEqual(repairsVersion(new Set()), '');
    const last = PARSER_REPAIRS[PARSER_REPAIRS.length - 1];
    assert.strictEqual(repairsVersion(new Set([last.name])), `+${last.version}`);
  });

  it('has names and versions that are each unique', () => {
    assert.strictEqual(new Set(all).size, all.length);
    assert.strictEqual(new Set(PARSER_REPAIRS.map((r) => r.version)).size, all.length);
  });
});
