import * as assert from 'assert';
import { biaffineGradient } from '../../server/research/parser/biaffine/biaffineParser';
import { agreedArcs } from '../../server/research/parser/biaffine/silverArcs';
import { PunctuatedTree } from '../../server/src/data/depunct';
import { seededRandom } from '../../server/src/training/parser/views';
import { deprel, head, n } from '../parser/stormSentence';
import { tinyGraphParser as parser } from '../parser/tinyGraphParser';

/** One sentence's losses and gradient, dropout masks drawn from the same seed on every call. */
function gradientOf(seed: number, gold: { head: Int32Array; deprel: Int32Array; mask?: Uint8Array; weight?: number }) {
  const { p, input } = parser(seed);
  const grad = new Float64Array(p.theta.length);
  const r = biaffineGradient(p, grad, input, input.word, gold, { input: 0.3, output: 0.3 }, seededRandom(17));
  return { ...r, grad, p, input };
}

function assertSameArray(a: Float64Array, b: Float64Array, what: string): void {
  assert.strictEqual(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) assert.fail(`${what}[${i}]: ${a[i]} vs ${b[i]}`);
}

describe('the graph parser trained on partly supervised sentences (a mask over the words)', () => {
  it('a mask of all ones gives exactly the unmasked losses and gradient', () => {
    const plain = gradientOf(3, { head, deprel });
    const full = gradientOf(3, { head, deprel, mask: new Uint8Array(n).fill(1) });
    assert.strictEqual(full.arc, plain.arc);
    assert.strictEqual(full.label, plain.label);
    assertSameArray(full.grad, plain.grad, 'θ');
  });

  it('a sentence with every word masked has no loss and changes nothing', () => {
    const none = gradientOf(3, { head, deprel, mask: new Uint8Array(n) });
    assert.strictEqual(none.arc, 0);
    assert.strictEqual(none.label, 0);
    for (let i = 0; i < none.grad.length; i++) if (none.grad[i] !== 0) assert.fail(`θ[${i}] gets ${none.grad[i]}`);
  });

  it("a masked word's gold head and relation contribute exactly nothing, and the rest is the gradient of the known words' loss", () => {
    const mask = Uint8Array.from({ length: n }, (_, i) => (i === 2 || i === 5 ? 0 : 1));
    const masked = gradientOf(3, { head, deprel, mask });
    // Other targets for the masked words: the gradient is the same to the bit.
    const otherHead = head.slice(), otherRel = deprel.slice();
    otherHead[2] = 0;
    otherRel[2] = 5;
    otherHead[5] = n;
    otherRel[5] = 1;
    const moved = gradientOf(3, { head: otherHead, deprel: otherRel, mask });
    assert.strictEqual(moved.arc, masked.arc);
    assert.strictEqual(moved.label, masked.label);
    assertSameArray(moved.grad, masked.grad, 'θ');
    // … and it is not the full sentence's (the mask does something).
    const full = gradientOf(3, { head, deprel });
    assert.ok(masked.arc < full.arc && masked.label < full.label);
    // Finite differences of the masked loss on a sample of θ: the gradient is that loss's.
    const th = masked.p.theta as Float64Array;
    const loss = () => {
      const r = biaffineGradient(masked.p, new Float64Array(th.length), masked.input, masked.input.word, { head, deprel, mask }, { input: 0.3, output: 0.3 }, seededRandom(17));
      return r.arc + r.label;
    };
    const eps = 1e-6;
    let checked = 0;
    for (let i = 0; i < th.length; i += 7) {
      const keep = th[i];
      th[i] = keep + eps;
      const up = loss();
      th[i] = keep - eps;
      const down = loss();
      th[i] = keep;
      const fd = (up - down) / (2 * eps);
      assert.ok(Math.abs(fd - masked.grad[i]) <= 1e-6 + 1e-5 * Math.abs(fd), `θ[${i}]: analytic ${masked.grad[i]} vs finite difference ${fd}`);
      checked++;
    }
    assert.ok(checked > 50);
  });

  it('a weight of one half halves the losses and the gradient exactly', () => {
    const mask = Uint8Array.from({ length: n }, (_, i) => (i === 4 ? 0 : 1));
    const one = gradientOf(5, { head, deprel, mask });
    const half = gradientOf(5, { head, deprel, mask, weight: 0.5 });
    assert.strictEqual(half.arc, one.arc / 2);
    assert.strictEqual(half.label, one.label / 2);
    assertSameArray(half.grad, one.grad.map((g) => g / 2), 'θ');
  });
});

describe('silver arcs: where two parsers agree', () => {
  const tree = (heads: number[], rels: string[]): PunctuatedTree => ({
    words: heads.map((h, i) => ({ form: `w${i}`, lemma: '_', upos: 'X', xpos: 'X', feats: '_', deprel: rels[i], head: h })),
    slots: Array.from({ length: heads.length + 1 }, () => []),
  });
  it("keeps the first tree's arcs and masks in the words with the same head and relation (a relation the data knows)", () => {
    const known = new Map([['root', 0], ['nsubj', 1], ['obj', 2], ['det', 3]]);
    const a = tree([2, 0, 4, 2, 2], ['nsubj', 'root', 'det', 'obj', 'dep:odd']);
    const b = tree([2, 0, 4, 2, 2], ['nsubj', 'root', 'det', 'iobj', 'dep:odd']);
    b.words[0].head = 3;
    const r = agreedArcs(a, b, (x) => known.get(x));
    assert.deepStrictEqual([...r.head], [1, 5, 3, 1, 1]);
    assert.deepStrictEqual([...r.deprel], [1, 0, 3, 2, 0]);
    assert.deepStrictEqual([...r.mask], [0, 1, 1, 0, 0]);
  });
});
