import * as assert from 'assert';
import { biaffineGradient } from '../../server/research/parser/biaffine/biaffineParser';
import { seededRandom } from '../../server/src/training/parser/views';
import { Adam } from '../../server/src/training/parser/adam';
import { deprel, head, n } from '../parser/stormSentence';
import { RELATIONS, tinyGraphParser as parser } from '../parser/tinyGraphParser';

function assertClose(analytic: number, fd: number, what: string): void {
  assert.ok(Math.abs(fd - analytic) <= 1e-6 + 1e-5 * Math.abs(fd), `${what}: analytic ${analytic} vs finite difference ${fd}`);
}

describe('the graph-based (biaffine) parser over the neural encoder', () => {
  it('the gradient of arc + relation cross-entropy matches finite differences in every parameter group (with dropout)', () => {
    const { p, input } = parser(3);
    // Word dropout made "storm" unknown; input and vector dropout draw the same masks on every call.
    const word = input.word.slice();
    word[2] = 0;
    const dropout = { input: 0.3, output: 0.3 };
    const loss = (grad: Float64Array) => {
      const r = biaffineGradient(p, grad, input, word, { head, deprel }, dropout, seededRandom(17));
      return r.arc + r.label;
    };
    const grad = new Float64Array(p.theta.length);
    loss(grad);
    const th = p.theta as Float64Array;
    const l = p.net.layout;
    const h = p.heads;
    const A = h.dims.arc, M = h.dims.label, V = h.dims.V, K = h.dims.relations;
    const encoder: Record<string, { offset: number; rows: number; cols: number }> = {
      eWord: l.eWord, eUpos: l.eUpos, eXpos: l.eXpos, eCluster: l.eCluster, eSlot: l.eSlot, eSuffix: l.eSuffix, eShape: l.eShape,
      wx0: l.wx[0], wx1: l.wx[1], wh0: l.wh[0], wh1: l.wh[1], bias0: l.bias[0], bias1: l.bias[1],
      upperWx0: l.upper[0].wx[0], upperWx1: l.upper[0].wx[1], upperWh0: l.upper[0].wh[0], upperWh1: l.upper[0].wh[1],
      upperBias0: l.upper[0].bias[0], upperBias1: l.upper[0].bias[1], root: l.root,
    };
    const groups: Array<[string, number, number]> = [
      ...Object.entries(encoder).map(([name, t]): [string, number, number] => [name, t.offset, t.rows * t.cols]),
      ['arc head Wh', p.headsAt + h.wh, A * V], ['arc head bh', p.headsAt + h.bh, A],
      ['arc dependent Wd', p.headsAt + h.wd, A * V], ['arc dependent bd', p.headsAt + h.bd, A],
      ['biaffine U', p.headsAt + h.U, A * A], ['biaffine u', p.headsAt + h.u, A],
      ['relation Lh', p.headsAt + h.lh, M * V], ['relation Ld', p.headsAt + h.ld, M * V], ['relation lb', p.headsAt + h.lb, M],
      ['relation Lw', p.headsAt + h.lw, K * M], ['relation lc', p.headsAt + h.lc, K],
    ];
    const eps = 1e-6;
    for (const [name, offset, size] of groups) {
      let nonZero = 0;
      for (let i = offset; i < offset + size; i++) {
        const keep = th[i];
        th[i] = keep + eps;
        const up = loss(new Float64Array(th.length));
        th[i] = keep - eps;
        const down = loss(new Float64Array(th.length));
        th[i] = keep;
        assertClose(grad[i], (up - down) / (2 * eps), `${name}[${i - offset}]`);
        if (grad[i] !== 0) nonZero++;
      }
      assert.ok(nonZero > 0, `${name} gets a gradient`);
    }
    // The transition MLP and the empty position's vector are not read.
    for (const t of [l.w1, l.b1, l.w2, l.b2, l.empty]) for (let i = t.offset; i < t.offset + t.rows * t.cols; i++) assert.strictEqual(grad[i], 0);
  });

  it('at zero head scores the losses are log(candidate heads) and log(relations) per word', () => {
    const { p, input } = parser(5);
    p.theta.fill(0, p.headsAt);
    const r = biaffineGradient(p, new Float64Array(p.theta.length), input, input.word, { head, deprel }, { input: 0, output: 0 }, () => 0);
    assert.ok(Math.abs(r.arc - n * Math.log(n)) < 1e-9, `uniform heads (n words and the root, less the word itself): ${r.arc}`);
    assert.ok(Math.abs(r.label - n * Math.log(RELATIONS)) < 1e-9, `uniform relations: ${r.label}`);
  });

  it('trained on one sentence, it parses that sentence right (Eisner over the scores, its relations)', () => {
    const { p, input } = parser(7);
    const adam = new Adam(p.theta.length, 1e-2);
    const grad = new Float64Array(p.theta.length);
    for (let k = 0; k < 150; k++) {
      biaffineGradient(p, grad, input, input.word, { head, deprel }, { input: 0, output: 0 }, () => 0);
      adam.step(p.theta as Float64Array, grad);
    }
    // Decoded from the run-time encoder (float32 θ, fast activations) of a snapshot.
    const s = p.snapshot();
    const out = s.decode(s.net.forward(input).v, n, 0);
    assert.deepStrictEqual([...out.head], [...head]);
    assert.deepStrictEqual([...out.deprel], [...deprel]);
  });
});
