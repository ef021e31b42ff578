import * as assert from 'assert';
import { tagHeadGradient } from '../../server/research/parser/biaffine/tagHeadGradient';
import { tagHeadForward, tagHeadLayout, tagHeadTags, tagHeadWork } from '../../server/src/parser/tagHead';
import { seededRandom } from '../../server/src/training/parser/views';

const l = tagHeadLayout({ input: 6, hidden: 5, xpos: 4, upos: 3 });

function randomArray(n: number, seed: number, scale = 1): Float64Array {
  const r = seededRandom(seed);
  return Float64Array.from({ length: n }, () => scale * (2 * r() - 1));
}

/** The loss alone, from the forward pass (log-softmax of each head at the gold class). */
function lossOf(th: Float64Array, v: Float64Array, fx: number, fu: number, gx: number, gu: number): number {
  const w = tagHeadWork(l);
  tagHeadForward(l, th, v, 0, fx, fu, w);
  const nll = (s: Float64Array, g: number) => Math.log(s.reduce((z, x) => z + Math.exp(x), 0)) - s[g];
  return nll(w.sx, gx) + nll(w.su, gu);
}

describe('the tag head on the graph parser encoder', () => {
  it('its gradient matches central finite differences in every parameter', () => {
    const th = randomArray(l.size, 1, 0.5);
    const v = randomArray(6, 2);
    const grad = new Float64Array(l.size);
    const loss = tagHeadGradient(l, th, v, 0, 2, 1, 3, 0, tagHeadWork(l), new Float64Array(5), grad);
    assert.ok(Math.abs(loss - lossOf(th, v, 2, 1, 3, 0)) < 1e-12);
    const h = 1e-6;
    let active = 0;
    for (let k = 0; k < l.size; k++) {
      const saved = th[k];
      th[k] = saved + h;
      const up = lossOf(th, v, 2, 1, 3, 0);
      th[k] = saved - h;
      const down = lossOf(th, v, 2, 1, 3, 0);
      th[k] = saved;
      const numeric = (up - down) / (2 * h);
      assert.ok(Math.abs(numeric - grad[k]) < 1e-6, `θ[${k}]: analytic ${grad[k]}, numeric ${numeric}`);
      if (grad[k] !== 0) active++;
    }
    // Some hidden units are active, so the first layer's gradient is exercised, not only the output layers'.
    assert.ok(active > l.dims.hidden * 6, `${active} nonzero entries`);
  });

  it('tags each word with the argmax of its scores, reading rows of the given stride', () => {
    const th = randomArray(l.size, 3, 0.8);
    const v = randomArray(2 * 8, 4);
    const first = { xpos: Int32Array.of(0, 3), upos: Int32Array.of(2, 1) };
    const tags = tagHeadTags(l, th, v, 8, 2, first);
    const w = tagHeadWork(l);
    for (let i = 0; i < 2; i++) {
      tagHeadForward(l, th, v, i * 8, first.xpos[i], first.upos[i], w);
      assert.strictEqual(w.sx[tags.xpos[i]], Math.max(...w.sx));
      assert.strictEqual(w.su[tags.upos[i]], Math.max(...w.su));
    }
  });
});
