import * as assert from 'assert';
import { bilstmTagGradient } from '../../server/research/tagger/bilstmTagGradient';
import { tagHeadLayout } from '../../server/src/parser/tagHead';
import { NeuralScorer } from '../../server/src/parser/neuralScorer';
import { seededRandom } from '../../server/src/training/parser/views';
import { tinyGraphParser } from '../parser/tinyGraphParser';

describe('the BiLSTM tagger: the encoder read by the tag head', () => {
  it("one sentence's gradient matches central finite differences in the encoder's and the head's parameters", () => {
    const { p, input } = tinyGraphParser(5);
    const encSize = p.headsAt;
    const net = p.net;
    const head = tagHeadLayout({ input: 2 * net.layout.dims.lstm, hidden: 4, xpos: 4, upos: 4 });
    const r = seededRandom(9);
    const headTheta = Float64Array.from({ length: head.size }, () => r() - 0.5);
    const encTheta = Float64Array.from(p.theta.subarray(0, encSize));
    const gold = { xpos: Int32Array.from({ length: input.n }, (_, i) => i % 4), upos: Int32Array.from({ length: input.n }, (_, i) => (i * 3) % 4) };
    const lossAt = (enc: Float64Array, h: Float64Array) => {
      const nt = new NeuralScorer(net.layout, enc, net.vocab, net.fixed);
      return bilstmTagGradient(nt, head, h, input, input.word, gold, undefined, { encoder: new Float64Array(enc.length), head: new Float64Array(h.length) });
    };
    const grad = { encoder: new Float64Array(encSize), head: new Float64Array(head.size) };
    bilstmTagGradient(new NeuralScorer(net.layout, encTheta, net.vocab, net.fixed), head, headTheta, input, input.word, gold, undefined, grad);
    const eps = 1e-6;
    let checked = 0;
    const check = (theta: Float64Array, g: Float64Array, what: string) => {
      for (let k = 0; k < theta.length; k++) {
        if (g[k] === 0 && k % 7 !== 0) continue; // every parameter with a gradient, and a sample of the others
        const saved = theta[k];
        theta[k] = saved + eps;
        const up = lossAt(encTheta, headTheta);
        theta[k] = saved - eps;
        const down = lossAt(encTheta, headTheta);
        theta[k] = saved;
        const numeric = (up - down) / (2 * eps);
        assert.ok(Math.abs(numeric - g[k]) < 1e-5 * Math.max(1, Math.abs(numeric)), `${what}[${k}]: analytic ${g[k]}, numeric ${numeric}`);
        checked++;
      }
    };
    check(headTheta, grad.head, 'head');
    check(encTheta, grad.encoder, 'encoder');
    assert.ok(grad.encoder.some((x) => x !== 0), 'the encoder receives a gradient');
    assert.ok(checked > 100);
  });
});
