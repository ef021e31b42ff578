/**
 * The lint scores a candidate by looking its features up by their parts (`candidateLogit`, `featureSinks.ts`), never
 * building their names; training and the reasons read the names (`candidateFeatures`). Checked exactly: the weight
 * table finds a name from any split of it into parts as it finds the name; and on real candidates of real sentences,
 * the logit from parts is the logit of the named features (`featureLogit`), bit for bit, alone and with the slot
 * blocks a sentence's candidates share, with the shipped weights and with weights that hold every feature the
 * candidates have (the written-pair ones the shipped scorer lacks among them).
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { parseConllu, reconstructText } from '../../server/src/data/conllu';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { scoredForScorer } from '../../server/src/engine/correction/learned/learnedDecision';
import { candidateFeatures, candidateLogit, FeatureContext, featureLogit, keyConjoinedFeatures } from '../../server/src/engine/correction/learned/learnedScorer';
import { FeatureWeights, FeatureWeightTable, recordWeights } from '../../server/src/engine/correction/learned/scorerWeights';
import { FNV_OFFSET, fnvFrom } from '../../server/src/parser/fnv';
import { SentenceTerms } from '../../server/src/engine/correction/learned/featureSinks';
import { DEFAULT_CALIBRATION } from '../../server/src/engine/correction/pipeline/calibration';
import { trainedEngineParts } from './trainedParts';

const EWT_TEST = path.join(__dirname, '../../../shared/data/ud-english-ewt/en_ewt-ud-test.conllu');

const SENTENCES = [
  'My brother, who lives in Paris is a doctor.',
  'PyDoc, the one existing standard auto-documentation tool, could do this.',
  'The café’s naïve owner, who met us in Zürich, said “hello,” and left.',
  'However the results, which we published last year were not what we expected.',
  'i think its fine but we should , maybe , check again',
  'The macro returns -1 on failure which happens when the allocation fails.',
];

/** Ways of cutting `name` into parts (at most 7): at one or two of the cut points given, and at every code unit. */
function splits(name: string, cuts: number[]): string[][] {
  const out: string[][] = [[name]];
  for (const a of cuts) {
    out.push([name.slice(0, a), name.slice(a)]);
    for (const b of cuts) if (b > a) out.push([name.slice(0, a), name.slice(a, b), name.slice(b)]);
  }
  // Code unit by code unit (a surrogate pair cut in two too), the last part the rest.
  const units = name.split('');
  out.push(units.length > 6 ? [...units.slice(0, 6), name.slice(6)] : ['', ...units]);
  return out;
}

const lookUp = (w: FeatureWeights, parts: string[]) => w.weightOfParts(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], parts[6]);

describe('engine: the learned scorer’s logit from feature parts', function () {
  this.timeout(300000);

  it('a weight table finds a name from its parts as it finds the name, and only that name', () => {
    const entries: Array<[string, number]> = [['', 0.5], ['a', 1], ['ab', -2], ['abc', 3.25], ['lw=’s*insert', -0.1], ['rw=naïve*2:insert', 1e-300], ['x=🙂', -0], ['pairOpen=,*delete', 2]];
    for (const w of [FeatureWeightTable.build(entries), recordWeights(Object.fromEntries(entries))]) {
      for (const [name, weight] of entries) {
        const cuts = name.split('').map((_, k) => k).filter((k) => k > 0);
        for (const parts of splits(name, cuts)) {
          assert.equal(parts.join(''), name);
          assert.ok(Object.is(lookUp(w, parts), weight), `${JSON.stringify(parts)} → ${lookUp(w, parts)}`);
        }
      }
      for (const other of [['abc', 'd'], ['b'], ['lw=', '’s*insert', ' '], ['rw=naive', '*2:insert'], ['x=', '🙁'], ['a', 'b', 'c', '', '', '', 'd'], ['pairOpen=,', '*insert']]) {
        assert.equal(lookUp(w, other), undefined, other.join(''));
      }
      assert.equal(w.hasNameStartingWith('pair'), true);
      assert.equal(w.hasNameStartingWith('lw=’'), true);
      assert.equal(w.hasNameStartingWith('abcd'), false);
      assert.equal(w.hasNameStartingWith('seriesNext'), false);
      // Inside a name but starting none ('b'), across two stored names ('a' then 'ab': 'aa'), a whole name ('abc').
      assert.equal(w.hasNameStartingWith('b'), false);
      assert.equal(w.hasNameStartingWith('aa'), false);
      assert.equal(w.hasNameStartingWith('abc'), true);
      assert.equal(w.hasNameStartingWith(''), true);
    }
  });

  describe('on real candidates', () => {
    const parts = trainedEngineParts();
    const sentences = () => [...SENTENCES, ...(fs.existsSync(EWT_TEST) ? parseConllu(fs.readFileSync(EWT_TEST, 'utf8')).slice(0, 150).map(reconstructText) : [])];

    /** Every candidate the dense scorer decides in the sentences, with every feature context it can read. */
    function candidates() {
      const p = parts();
      const out: Array<{ text: string; run: (w: FeatureWeights) => { fromParts: number; shared: number; byName: number }; names: () => string[] }> = [];
      const settings = { candidates: 'dense' as const, gapFeature: true, setOffFeature: true };
      for (const text of sentences()) {
        for (const s of p.analyser!.parseText(text)) {
          const info = treeInfo(s.tree);
          // What the sentence's candidates share as the lint scores them (`SentenceTerms`).
          const shared = new SentenceTerms(s, info);
          const side = { gaps: p.kinds?.gaps, setOff: p.kinds?.setOff };
          for (const c of scoredForScorer(settings, s, info, p.model!, p.calibration ?? DEFAULT_CALIBRATION, undefined, false, true, undefined, side)) {
            // As the lint reads it, with the document's register, and as the hand generator's scorer (no context).
            // And with the writer's other "which"s (`documentFeatures.ts`), a feature of the candidate's kind outside the slot blocks.
            // And with the slot's structure conjoined with the kind (`kc|…`), outside the slot blocks too.
            const contexts: FeatureContext[] = [c.ctx, { ...c.ctx, document: ['doc:words=<40', 'doc:lowerI=true', 'doc:short'], whichOthers: [3, 1] }, { ...c.ctx, whichOthers: [0, 2] }, { ...c.ctx, keyConjoined: true }, {}];
            // Its Δ, and none (the bound that skips Δ: `deltaFreeBound`).
            for (const scored of [c.scored, { ...c.scored, delta: 0, confidence: 0.5 }, { ...c.scored, delta: NaN }]) {
              for (const ctx of contexts) {
                out.push({
                  text,
                  run: (w) => ({
                    fromParts: candidateLogit(w, scored, s, info, ctx),
                    shared: candidateLogit(w, scored, s, info, ctx, shared),
                    byName: featureLogit(w, candidateFeatures(scored, s, info, ctx)),
                  }),
                  names: () => candidateFeatures(scored, s, info, ctx).map(([name]) => name),
                });
              }
            }
          }
        }
      }
      return out;
    }

    it('gives each the logit of its named features, bit for bit, with the shipped weights and with weights for every feature', function () {
      const p = parts();
      if (!p.scorer) this.skip();
      const all = candidates();
      assert.ok(all.length > 5000, `only ${all.length} candidates`);
      // Weights for every name the candidates have, a different one for each (from the name's hash), so that no term
      // of the sum is left out: the written-pair features, the set-off model's and the words that are not ASCII too.
      const every = new Map<string, number>();
      for (const c of all) for (const name of c.names()) every.set(name, ((fnvFrom(FNV_OFFSET, name) >>> 0) / 2 ** 32 - 0.5) * 3);
      const names = [...every.keys()];
      for (const prefix of ['pairOpen=', 'pairSpan=', 'pairNext=', 'seriesNext=', 'endCommas=', 'ccClause=', 'setOff*', 'setOffKind=', 'doc:words=', 'guard=', 'docWhich=most-comma', 'docWhich=all-bare', 'kc|subject-verb-comma/delete|endCommas=', 'kc|nonrestrictive-comma/insert|rt=']) {
        assert.ok(names.some((n) => n.startsWith(prefix)), `no ${prefix} feature among the candidates`);
      }
      assert.ok(names.some((n) => /[^\x00-\x7f]/.test(n)), 'no feature name that is not ASCII');
      const tables: Array<[string, FeatureWeights]> = [
        ['shipped', p.scorer!.weights],
        ['every feature', FeatureWeightTable.build(every)],
        ['every feature, as an object', recordWeights(Object.fromEntries(every))],
      ];
      for (const [what, w] of tables) {
        let nonzero = 0;
        for (const c of all) {
          const { fromParts, shared, byName } = c.run(w);
          assert.ok(Object.is(fromParts, byName), `${what}: ${c.text}: ${fromParts} ≠ ${byName}`);
          assert.ok(Object.is(shared, byName), `${what}, slot blocks shared: ${c.text}: ${shared} ≠ ${byName}`);
          if (fromParts !== 0) nonzero++;
        }
        assert.ok(nonzero > all.length / 2, `${what}: only ${nonzero} nonzero logits`);
      }
    });

    it('names the slot structure by kind as training adds it to examples named without it', function () {
      const p = parts();
      if (!p.scorer) this.skip();
      let conjoined = 0;
      const settings = { candidates: 'dense' as const, gapFeature: true, setOffFeature: true };
      for (const text of SENTENCES) {
        for (const s of p.analyser!.parseText(text)) {
          const info = treeInfo(s.tree);
          for (const c of scoredForScorer(settings, s, info, p.model!, p.calibration ?? DEFAULT_CALIBRATION, undefined, false, true, undefined, { gaps: p.kinds?.gaps, setOff: p.kinds?.setOff })) {
            const plain = candidateFeatures(c.scored, s, info, c.ctx);
            const added = keyConjoinedFeatures(c.scored.key, plain);
            assert.deepEqual(candidateFeatures(c.scored, s, info, { ...c.ctx, keyConjoined: true }), [...plain, ...added]);
            assert.ok(added.every(([name]) => !name.includes('*2:')), 'a pair’s closing slot conjoined');
            conjoined += added.length;
          }
        }
      }
      assert.ok(conjoined > 100, `only ${conjoined} conjoined features`);
    });

    it('reads before a coordinator whether its conjunct has a subject of its own', function () {
      const p = parts();
      if (!p.scorer) this.skip();
      const settings = { candidates: 'dense' as const, gapFeature: true, setOffFeature: true };
      /** The `ccClause=` names of the comma insertion before `word`'s coordinator. */
      const before = (text: string, word: string) => {
        const s = p.analyser!.parseText(text)[0];
        const info = treeInfo(s.tree);
        const at = s.tree.words.findIndex((w) => w.form === word);
        const c = scoredForScorer(settings, s, info, p.model!, p.calibration ?? DEFAULT_CALIBRATION, undefined, false, true, undefined, { gaps: p.kinds?.gaps, setOff: p.kinds?.setOff })
          .find((x) => x.scored.candidate.changes.size === 1 && x.scored.candidate.changes.has(at) && x.scored.key.startsWith('comma/insert'));
        assert.ok(c, `no comma insertion before "${word}" in ${text}`);
        return candidateFeatures(c.scored, s, info, c.ctx).map(([name]) => name).filter((n) => n.startsWith('ccClause='));
      };
      assert.deepEqual(before('Message passing is a fine way to handle concurrency but it is not the only way.', 'but'), ['ccClause=true*insert', 'ccClause=true|len=4-7*insert']);
      assert.deepEqual(before('She closed the old laptop and walked slowly to the window.', 'and'), ['ccClause=false*insert', 'ccClause=false|len=4-7*insert']);
    });
  });
});
