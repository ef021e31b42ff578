/**
 * Comma splices and fused sentences found by the sentence-join model (`engine/sentenceJoins/`): a finding at the join
 * with the model's probability as its confidence, fixes that change only the mark and one capital, and silence on
 * sentences whose commas and unmarked slots an editor would keep.
 */
import { strict as assert } from 'assert';
import { makeLinter } from '../../server/src/engine';
import { Finding } from '../../server/src/engine/types';
import { sentenceJoins } from '../../server/src/engine/sentenceJoins/joins';
import { joinWithEndTagger, JOIN_THRESHOLD } from '../../server/src/engine/sentenceJoins/findings';
import { sentenceEndProbabilities } from '../../server/src/engine/sentenceJoins/endTagger';
import { joinContext, joinFeatures, JoinMark } from '../../server/src/engine/sentenceJoins/features';
import { eachJoinFeatureHash, joinProbability, joinSlotProbability } from '../../server/src/engine/sentenceJoins/model';
import { hashString } from '../../server/src/parser/hash';
import { readTreebank } from '../../server/src/data/treebank';
import { depunctuate } from '../../server/src/data/depunct';
import * as path from 'path';
import { trainedEngineParts } from './trainedParts';

function applied(text: string, f: Finding, fix = 0): string {
  const edits = [...f.fixes[fix].edits].sort((a, b) => b.start.offset - a.start.offset);
  let out = text;
  for (const e of edits) out = out.slice(0, e.start.offset) + e.newText + out.slice(e.end.offset);
  return out;
}

const SPLICE = 'The agency launched the new website in March, it has already received thousands of visitors from across the country.';
const FUSED = 'The agency launched the new website in March it has already received thousands of visitors from across the country.';

describe('comma splices and fused sentences (sentence-join model)', function () {
  this.timeout(60000);
  const parts = trainedEngineParts();
  const joins = (text: string, minConfidence?: number) =>
    makeLinter(parts())
      .lint(text, minConfidence === undefined ? {} : { minConfidence })
      .filter((f) => f.ruleId === 'fused-sentence' || (f.ruleId === 'comma-splice' && /two sentences/.test(f.message)));

  it('a fused sentence: the model\'s probability, read again with the lower-case tagger, as confidence; a period and a capital first, a semicolon second', () => {
    const s = parts().analyser!.parseText(FUSED)[0];
    const j = sentenceJoins(s, parts().kinds!.joins!).find((x) => s.tree.words[x.slot - 1].form === 'March')!;
    const p = joinWithEndTagger(j.p, sentenceEndProbabilities(parts().kinds!.endTagger!, s, FUSED)[j.slot - 1]);
    const [f, ...rest] = joins(FUSED, 0.5);
    assert.equal(rest.length, 0);
    assert.equal(f.ruleId, 'fused-sentence');
    assert.ok(Math.abs(f.confidence - p) < 1e-9);
    assert.equal(applied(FUSED, f), FUSED.replace('March it', 'March. It'));
    assert.equal(applied(FUSED, f, 1), FUSED.replace('March it', 'March; it'));
    // At the shipped threshold (chosen on dev for precision), reported only if the model is that sure.
    assert.equal(joins(FUSED).length, p >= JOIN_THRESHOLD['fused-sentence'] ? 1 : 0);
  });

  it('the lower-case tagger only lowers a join\'s probability, and leaves it where it finds an end likelier than not', () => {
    for (const p of [0.5, 0.8, 0.93, 0.99])
      for (const e of [0.01, 0.2, 0.49, 0.5, 0.7, 0.999]) {
        const q = joinWithEndTagger(p, e);
        assert.ok(q <= p + 1e-12, `${p} ${e}`);
        if (e >= 0.5) assert.ok(Math.abs(q - p) < 1e-12, `${p} ${e}`);
        else assert.ok(q < p && q > joinWithEndTagger(p, e / 2), `${p} ${e}`);
      }
  });

  it('a comma splice: a semicolon first, a period and a capital second', () => {
    const [f, ...rest] = joins(SPLICE, 0.5);
    assert.equal(rest.length, 0);
    assert.equal(f.ruleId, 'comma-splice');
    assert.equal(SPLICE.slice(f.start.offset, f.end.offset), ',');
    assert.equal(applied(SPLICE, f), SPLICE.replace('March, it', 'March; it'));
    assert.equal(applied(SPLICE, f, 1), SPLICE.replace('March, it', 'March. It'));
  });

  it('at the shipped thresholds, leaves alone sentences whose commas and unmarked slots an editor would keep', () => {
    for (const text of [
      'When the build failed, we fixed it the next day.',
      'I think the plan will work if we start early.',
      'The report, which we sent on Monday, covers the first quarter.',
      'We stayed inside because it rained, and the dog slept all afternoon.',
    ])
      assert.deepEqual(joins(text).map((f) => f.message), [], text);
  });

  it('minConfidence replaces the thresholds, but a join less probable than not is never reported', () => {
    const text = 'When the build failed, we fixed it the next day and shipped the release on Friday.';
    assert.ok(joins(text, 0).every((f) => f.confidence >= 0.5));
  });

  it('every comma-only and unmarked slot between two words is weighed, and no other', () => {
    const s = parts().analyser!.parseText('When it rained, we stayed inside; the dog slept.')[0];
    const slots = sentenceJoins(s, parts().kinds!.joins!).map((j) => `${j.slot}:${j.kind}`);
    const want = s.tree.words.slice(0, -1).flatMap((_, k) => {
      const m = s.tree.slots[k + 1];
      return m.length === 0 ? [`${k + 1}:fused-sentence`] : m.length === 1 && m[0] === ',' ? [`${k + 1}:comma-splice`] : [];
    });
    assert.deepEqual(slots, want);
    assert.ok(want.includes('3:comma-splice') && !want.some((x) => x.startsWith('6:')), want.join());
  });

  it('asked for a range of slots, weighs exactly those of all the slots it would weigh', () => {
    const s = parts().analyser!.parseText('When it rained, we stayed inside; the dog slept on the mat, it was warm there.')[0];
    const all = sentenceJoins(s, parts().kinds!.joins!);
    const n = s.tree.words.length;
    for (const [first, last] of [[3, n - 3], [1, n - 1], [0, n + 4], [5, 5], [6, 2]])
      assert.deepEqual(sentenceJoins(s, parts().kinds!.joins!, { first, last }), all.filter((j) => j.slot >= first && j.slot <= last), `${first}…${last}`);
  });
});

describe('the sentence-join probability from the features\' parts', function () {
  this.timeout(120000);
  const parts = trainedEngineParts();
  it('hashes each feature as its string hashes, and gives exactly the probability of the strings, at every slot of 300 EWT dev sentences, with either mark', () => {
    const model = parts().kinds!.joins!;
    const dev = path.resolve(__dirname, '../../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu');
    let compared = 0;
    for (const sentence of readTreebank(dev).sentences.slice(0, 300)) {
      const d = depunctuate(sentence);
      if (!d.ok) continue;
      const tree = d.tree;
      const ctx = joinContext(tree);
      for (let i = 1; i < tree.words.length; i++)
        for (const mark of [',', 'none'] as JoinMark[]) {
          const strings = joinFeatures(tree, i, mark, ctx);
          const plain: number[] = [];
          const crossed: number[] = [];
          eachJoinFeatureHash(tree, i, mark, ctx, (p, x) => {
            plain.push(p);
            if (x !== undefined) crossed.push(x);
          });
          assert.deepEqual([...plain, ...crossed], strings.map(hashString), `${sentence.text} slot ${i} ${mark}`);
          const want = joinProbability(model, strings);
          assert.ok(Object.is(joinSlotProbability(model, tree, i, mark, ctx), want), `${sentence.text} slot ${i} ${mark}`);
          compared++;
        }
    }
    assert.ok(compared > 5000, `${compared} compared`);
  });
});
