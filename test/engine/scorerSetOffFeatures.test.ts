/**
 * What the learned scorer reads about set-off commas, on real sentences parsed by the bundled parser: the set-off comma
 * model's answer at a candidate's slots (`sideModels.ts`) and whether a comma the writer wrote opens (or
 * closes) the stretch at a slot, with that stretch's shape (`pairedStretch`).
 */
import { strict as assert } from 'assert';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { candidateFeatures, pairedStretch } from '../../server/src/engine/correction/learned/learnedScorer';
import { setOffAt, setOffProbabilities } from '../../server/src/engine/correction/learned/sideModels';
import { scoredForScorer } from '../../server/src/engine/correction/learned/learnedDecision';
import { AnalysedSentence, Reparse } from '../../server/src/engine/sentence';
import { trainedEngineParts } from './trainedParts';

describe('engine: the learned scorer\'s set-off comma features', function () {
  this.timeout(60000);
  const parts = trainedEngineParts();
  const parse = (text: string) => parts().analyser!.parseText(text)[0];
  const reparse: Reparse = (s, commas) => parts().analyser!.parseWithCommas!(s, commas);
  /** The slot after the word `form` (its first occurrence). */
  const after = (s: AnalysedSentence, form: string) => s.tree.words.findIndex((w) => w.form === form) + 1;

  describe('pairedStretch', () => {
    it('sees the relative clause a written comma opens and a comma after "Paris" would close', () => {
      const s = parse('My brother, who lives in Paris is a doctor.');
      const p = pairedStretch(s, treeInfo(s.tree), after(s, 'Paris'), 'before');
      assert.equal(p.by, ',');
      assert.equal(p.first, 'who');
      assert.equal(p.outer, 'NOUN');
      assert.match(p.span, /^acl:relcl\|/);
    });

    it('sees the noun phrase between the written commas of an aside (a hyphen inside a word bounds nothing)', () => {
      const s = parse('Eventually PyDoc, the one existing standard auto-documentation tool, could have been extended.');
      const p = pairedStretch(s, treeInfo(s.tree), after(s, 'tool'), 'before');
      assert.equal(p.by, ',');
      assert.equal(p.first, 'DET');
      assert.equal(p.outer, 'PROPN');
      assert.match(p.span, /\|NOUN$/);
    });

    it('looks ahead to a written closing comma from an empty opening slot', () => {
      const s = parse('My brother who lives in Paris, is a doctor.');
      const p = pairedStretch(s, treeInfo(s.tree), after(s, 'brother'), 'after');
      assert.equal(p.by, ',');
      assert.equal(p.first, 'who');
    });

    it('finds no comma where none is written, and the sentence\'s edges bound no pair', () => {
      const s = parse('The students passed the exam.');
      const info = treeInfo(s.tree);
      for (let i = 1; i < s.tree.words.length; i++) {
        assert.equal(pairedStretch(s, info, i, 'before').by, 'none');
        assert.equal(pairedStretch(s, info, i, 'after').by, 'none');
      }
    });
  });

  describe('setOffProbabilities', () => {
    it('answers for the closing comma of a relative clause the writer opened, and setOffAt finds it at that slot', () => {
      const s = parse('My brother, who lives in Paris is a doctor.');
      const answers = setOffProbabilities(s, treeInfo(s.tree), parts().kinds!.setOff!, reparse);
      const slot = after(s, 'Paris');
      const at = setOffAt(answers, [slot]);
      assert.ok(at, JSON.stringify(answers));
      assert.equal(at.answer.kind, 'relative');
      assert.equal(at.same, true);
      assert.ok(at.answer.p > 0 && at.answer.p < 1);
    });

    it('asks about an apposition left unmarked, and about no restrictive "that" clause', () => {
      const s = parse('We met Ann Lewis the director of the program at noon.');
      const answers = setOffProbabilities(s, treeInfo(s.tree), parts().kinds!.setOff!, reparse);
      assert.ok(answers.some((a) => a.kind === 'appositive'), JSON.stringify(answers));
      const plain = parse('The book that I read was long.');
      const none = setOffProbabilities(plain, treeInfo(plain.tree), parts().kinds!.setOff!, reparse);
      assert.deepEqual(none.filter((a) => a.kind !== 'introductory'), []);
    });

    it('is read by candidateFeatures only when the context carries it', () => {
      const p = parts();
      const s = parse('My brother, who lives in Paris is a doctor.');
      const info = treeInfo(s.tree);
      const slot = after(s, 'Paris');
      const withIt = scoredForScorer({ candidates: 'dense', setOffFeature: true }, s, info, p.model!, p.calibration!, reparse, false, false, undefined, { setOff: p.kinds!.setOff });
      const closing = withIt.find((c) => c.scored.candidate.action === 'insert' && c.scored.candidate.changes.size === 1 && c.scored.candidate.changes.has(slot));
      assert.ok(closing, 'a candidate inserting the closing comma');
      const names = candidateFeatures(closing.scored, s, info, closing.ctx).map(([n]) => n);
      assert.ok(names.includes('setOffKind=relative|same=true*insert'), names.filter((n) => /setOff/.test(n)).join(' '));
      assert.ok(names.includes('pairOpen=,*insert'));
      const without = candidateFeatures(closing.scored, s, info, { ...closing.ctx, setOff: undefined }).map(([n]) => n);
      assert.ok(!without.some((n) => /setOff/i.test(n)));
    });
  });
});
