import * as assert from 'assert';
import * as fs from 'fs';
import { applyCaseConstraint, caseConstraint } from '../../server/src/parser/graph/caseConstraint';
import { graphFromContents } from '../../server/src/parser/graph/graphModel';
import { readModel } from '../../server/src/parser/modelFile';
import { CANDIDATE, taggedSentences } from './graphCandidate';

const RELS = ['root', 'nsubj', 'obj', 'obl', 'case', 'det', 'nmod', 'nsubj:pass', 'iobj'];
const id = (r: string) => RELS.indexOf(r);

describe('the graph parser\'s case constraint (server/src/parser/graph/caseConstraint.ts)', () => {
  it('relabels a core argument with a case marker before it by its best other relation, and nothing else', () => {
    const c = caseConstraint(RELS)!;
    assert.deepStrictEqual([...c.core], [0, 1, 1, 0, 0, 0, 0, 1, 1]);
    // "Inside expressions , use braces": Inside → expressions (case), expressions → use (nsubj), use the root, braces → use (obj).
    const head = Int32Array.from([1, 2, 4, 2]);
    const deprel = Int32Array.from([id('case'), id('nsubj'), id('root'), id('obj')]);
    const K = RELS.length;
    const scores = new Float64Array(4 * K);
    // expressions' scores: nsubj best, then obj, then nmod, then obl.
    scores.set([9, 5, 4, 2, 0, 0, 3, 1, 0], 1 * K);
    applyCaseConstraint(c, head, deprel, scores, K, id('root'));
    assert.deepStrictEqual([...deprel].map((r) => RELS[r]), ['case', 'nmod', 'root', 'obj']);
  });

  it('leaves a possessive\'s case marker after its word, and a core argument without one, alone', () => {
    const c = caseConstraint(RELS)!;
    // "Kerry 's rose": 's → Kerry (case, after it), Kerry → rose (nsubj).
    const head = Int32Array.from([2, 0, 3]);
    const deprel = Int32Array.from([id('nsubj'), id('case'), id('root')]);
    const scores = new Float64Array(3 * RELS.length).fill(1);
    applyCaseConstraint(c, head, deprel, scores, RELS.length, id('root'));
    assert.deepStrictEqual([...deprel].map((r) => RELS[r]), ['nsubj', 'case', 'root']);
  });

  it('holds for every parse of the trained graph parser, whose other relations are its labeller\'s own', function () {
    if (!fs.existsSync(CANDIDATE)) this.skip();
    const g = graphFromContents(readModel(CANDIDATE));
    assert.ok(g.constraint);
    const caseId = g.deprels.indexOf('case');
    for (const { forms, e, tags } of taggedSentences()) {
      const free = g.parser.parse(e, tags, g.rootRelation);
      const held = g.parser.parse(e, tags, g.rootRelation, undefined, g.constraint);
      assert.deepStrictEqual([...held.head], [...free.head], forms.join(' '));
      const marked = new Set<number>();
      held.head.forEach((h, w) => {
        if (held.deprel[w] === caseId && h > w && h < e.n) marked.add(h);
      });
      for (let d = 0; d < e.n; d++) {
        if (marked.has(d)) assert.ok(!/^(nsubj|obj|iobj)(:|$)/.test(g.deprels[held.deprel[d]]), `${forms.join(' ')}: ${forms[d]} ${g.deprels[held.deprel[d]]}`);
        else assert.strictEqual(held.deprel[d], free.deprel[d], `${forms.join(' ')}: ${forms[d]}`);
      }
    }
  });
});
