import * as assert from 'assert';
import { AuxiliaryHeads } from '../../server/src/training/parser/auxiliaryHeads';
import { goldChildren } from '../../server/src/parser/arcHybrid';
import { encodeSentence, normaliseWord } from '../../server/src/parser/encoding';
import { NeuralDims } from '../../server/src/parser/neuralNet';
import { buildVocab, newNeuralScorer, sentenceGradient } from '../../server/src/training/parser/neuralTrain';
import { seededRandom } from '../../server/src/training/parser/views';
import { deprel, forms, head, n, slots, tags } from './stormSentence';

const TINY: NeuralDims = { word: 3, upos: 2, xpos: 2, cluster: 2, slot: 2, lstm: 3, hidden: 4 };

function heads(seed: number, label = 0.7, arc = 1.3): AuxiliaryHeads {
  return new AuxiliaryHeads(6, 6, { label, arc, hidden: 5, rank: 3 }, seededRandom(seed), 1e-3);
}

/** (n + 2) rows of 6: random vectors, the root's at row n. */
function vectors(seed: number): Float64Array {
  const r = seededRandom(seed);
  return Float64Array.from({ length: (n + 2) * 6 }, () => 2 * r() - 1);
}

function assertClose(analytic: number, fd: number, what: string): void {
  assert.ok(Math.abs(fd - analytic) <= 1e-6 + 1e-5 * Math.abs(fd), `${what}: analytic ${analytic} vs finite difference ${fd}`);
}

describe('auxiliary heads of neural training', () => {
  const loss = (aux: AuxiliaryHeads, v: Float64Array, grad?: Float64Array, dV?: Float64Array) => {
    const r = aux.sentence(v, n, head, deprel, dV ?? new Float64Array(v.length), grad ?? new Float64Array(aux.theta.length));
    return r.label + r.arc;
  };

  it('gradients of both losses match finite differences in every entry of their θ and of the vectors they read', () => {
    const aux = heads(3);
    const v = vectors(4);
    const grad = new Float64Array(aux.theta.length);
    const dV = new Float64Array(v.length);
    loss(aux, v, grad, dV);
    const eps = 1e-6;
    let nonZero = 0;
    for (let i = 0; i < aux.theta.length; i++) {
      const keep = aux.theta[i];
      aux.theta[i] = keep + eps;
      const up = loss(aux, v);
      aux.theta[i] = keep - eps;
      const down = loss(aux, v);
      aux.theta[i] = keep;
      assertClose(grad[i], (up - down) / (2 * eps), `θ[${i}]`);
      if (grad[i] !== 0) nonZero++;
    }
    assert.ok(nonZero > aux.theta.length * 0.9, `most of θ gets a gradient (${nonZero} of ${aux.theta.length})`);
    // Rows 0 … n (words and root) are read; row n + 1 (the empty position) is not.
    for (let i = 0; i < v.length; i++) {
      const keep = v[i];
      v[i] = keep + eps;
      const up = loss(aux, v);
      v[i] = keep - eps;
      const down = loss(aux, v);
      v[i] = keep;
      assertClose(dV[i], (up - down) / (2 * eps), `v[${i}]`);
    }
    assert.ok(dV.slice(n * 6, (n + 1) * 6).some((x) => x !== 0), 'the root row gets a gradient');
    assert.ok(dV.slice((n + 1) * 6).every((x) => x === 0), 'the empty row gets none');
  });

  it('each loss is its weight times a cross-entropy: off at weight 0, and log(classes) or log(candidates) at zero scores', () => {
    const v = vectors(5);
    const only = (label: number, arc: number) => heads(7, label, arc).sentence(v, n, head, deprel, new Float64Array(v.length));
    assert.strictEqual(only(0, 1).label, 0);
    assert.strictEqual(only(1, 0).arc, 0);
    assert.ok(Math.abs(only(2, 1).label - 2 * only(1, 1).label) < 1e-9);
    const zero = heads(7, 1, 1);
    zero.theta.fill(0);
    const r = zero.sentence(v, n, head, deprel, new Float64Array(v.length));
    assert.ok(Math.abs(r.label - n * Math.log(6)) < 1e-9, `uniform relations: ${r.label}`);
    assert.ok(Math.abs(r.arc - n * Math.log(n)) < 1e-9, `uniform heads (n words and the root, less the word itself): ${r.arc}`);
  });

  it('training steps lower both losses on a sentence they see again', () => {
    const aux = heads(11, 1, 1);
    const v = vectors(12);
    const before = loss(aux, v);
    for (let k = 0; k < 200; k++) {
      loss(aux, v, aux.grad);
      aux.step(1e-2);
    }
    assert.ok(loss(aux, v) < before / 4, `${before} → ${loss(aux, v)}`);
  });

  it('through sentenceGradient, the scorer θ gets the gradient of hinge + auxiliary losses (finite differences)', () => {
    const { vocab } = buildVocab([{ forms, slots }, { forms, slots }], normaliseWord);
    const net = newNeuralScorer(vocab, { upos: 4, xpos: 4 }, TINY, seededRandom(13));
    const input = net.input(encodeSentence({ forms, slots }, () => ({ fine: 5, coarse: 1 })), tags);
    const aux = heads(14);
    const gold = { head, kids: goldChildren(head), deprel };
    const run = (grad: Float64Array) => sentenceGradient(net, grad, input, input.word, gold, 0, () => 0, {}, aux);
    const plain = sentenceGradient(net, new Float64Array(net.theta.length), input, input.word, gold, 0, () => 0).loss;
    const withAux = run(new Float64Array(net.theta.length));
    assert.ok(withAux.aux && Math.abs(withAux.loss - plain - withAux.aux.label - withAux.aux.arc) < 1e-9);
    const l = net.layout;
    const grad = new Float64Array(net.theta.length);
    run(grad);
    const eps = 1e-6;
    for (const [name, t] of Object.entries({ wx0: l.wx[0], wh1: l.wh[1], eWord: l.eWord, root: l.root })) {
      let nonZero = 0;
      for (let i = t.offset; i < t.offset + t.rows * t.cols; i++) {
        const keep = net.theta[i];
        net.theta[i] = keep + eps;
        const up = run(new Float64Array(net.theta.length)).loss;
        net.theta[i] = keep - eps;
        const down = run(new Float64Array(net.theta.length)).loss;
        net.theta[i] = keep;
        assertClose(grad[i], (up - down) / (2 * eps), `${name}[${i - t.offset}]`);
        if (grad[i] !== 0) nonZero++;
      }
      // The root's vector gets no hinge gradient (journal, "a neural transition scorer") but is read by both heads.
      assert.ok(nonZero > 0, `${name} has no gradient`);
    }
  });
});
