import { strict as assert } from 'assert';
import { keepDeletionsProjection, newChannel, windowParamsInvolving } from '../../server/src/model/channel';
import { CLOSE_DOUBLE, CLOSE_SINGLE, OPEN_DOUBLE, OPEN_SINGLE } from '../../server/src/data/punctTokens';
import { trainModel } from '../../server/src/training/model/train';
import { devTrees, randomCore } from './helpers';

describe('model/train: training only the channel windows of some marks (--channel-only-marks)', function () {
  this.timeout(60000);
  const QUOTES = [OPEN_DOUBLE, CLOSE_DOUBLE, OPEN_SINGLE, CLOSE_SINGLE];
  // Short real sentences with a quotation mark, and some without, so that both kinds of window get gradients.
  const withQuote = devTrees().filter((t) => t.words.length <= 12 && t.slots.some((s) => s.some((m) => QUOTES.includes(m))));
  const without = devTrees().filter((t) => t.words.length <= 8 && t.slots.slice(0, -1).some((s) => s.length > 0) && !t.slots.some((s) => s.some((m) => QUOTES.includes(m))));
  const trees = [...withQuote.slice(0, 10), ...without.slice(0, 10)];

  it('selects exactly the four edits of every window with a quote on either side', () => {
    const core = randomCore(trees, 1, 'R', false, 10);
    const { alphabet } = core.channel;
    const S = alphabet.size;
    const chosen = new Set(windowParamsInvolving(alphabet, QUOTES));
    for (let i = 0; i < S * S * 4; i++) {
      const w = Math.floor(i / 4);
      const [a, b] = [alphabet.tokens[Math.floor(w / S)], alphabet.tokens[w % S]];
      assert.equal(chosen.has(i), QUOTES.includes(a) || QUOTES.includes(b), `window ${a}${b} edit ${i % 4}`);
    }
    assert.equal(chosen.size, 4 * (S * S - (S - 4) * (S - 4)));
    assert.throws(() => windowParamsInvolving(alphabet, ['x']), /not in Σ/);
  });

  it('a training step leaves every other channel logit exactly as it was, and moves the quote windows', () => {
    assert.ok(withQuote.length >= 10 && without.length >= 10);
    const core = randomCore(trees, 1, 'R', false, 10);
    const before = core.channel.logits.slice();
    const trainable = windowParamsInvolving(core.channel.alphabet, QUOTES);
    // A dev score, so that the trained epoch is kept (without one the run keeps its starting parameters).
    const opts = { xi: 1, sigma: 1e-3, lr: 0, lrChannel: 0.1, batch: 20, sentencesPerEpoch: 20, epochs: 1, seed: 3, devScore: () => 1 };
    trainModel(core, trees, { ...opts, channelTrainable: trainable });
    const free = new Set(trainable);
    let moved = 0;
    for (let i = 0; i < before.length; i++) {
      if (free.has(i)) moved += core.channel.logits[i] !== before[i] ? 1 : 0;
      else assert.equal(core.channel.logits[i], before[i], `frozen logit ${i} changed`);
    }
    assert.ok(moved > 0);
    // The same step without the option moves windows without a quote too: the freezing is the option's doing.
    const all = randomCore(trees, 1, 'R', false, 10);
    trainModel(all, trees, opts);
    assert.ok(before.some((v, i) => !free.has(i) && all.channel.logits[i] !== v));
  });

  it('--channel-keep-deletions: the trained windows keep their deletion probabilities, keep against swap is learned', () => {
    const core = randomCore(trees, 1, 'R', false, 10);
    const start = core.channel.logits.slice();
    const startProbs = core.channel.probs.slice();
    const trainable = windowParamsInvolving(core.channel.alphabet, QUOTES);
    const project = keepDeletionsProjection(start, trainable.filter((i) => i % 4 === 0));
    const opts = { xi: 1, sigma: 1e-3, lr: 0, lrChannel: 0.3, batch: 20, sentencesPerEpoch: 40, epochs: 1, seed: 3, devScore: () => 1 };
    trainModel(core, trees, { ...opts, channelTrainable: trainable, channelProject: project });
    const free = new Set(trainable);
    const p = core.channel.probs;
    let ratioMoved = 0;
    for (let o = 0; o < p.length; o += 4) {
      if (!free.has(o)) {
        for (let e = 0; e < 4; e++) assert.equal(core.channel.logits[o + e], start[o + e]);
        continue;
      }
      for (const e of [1, 2]) assert.ok(Math.abs(p[o + e] - startProbs[o + e]) < 1e-12, `deletion ${o + e}: ${startProbs[o + e]} → ${p[o + e]}`);
      assert.ok(Math.abs(p[o] + p[o + 3] - startProbs[o] - startProbs[o + 3]) < 1e-12);
      if (Math.abs(p[o] / p[o + 3] - startProbs[o] / startProbs[o + 3]) > 1e-6) ratioMoved++;
    }
    assert.ok(ratioMoved > 0);
    // The projection of logits that already satisfy it changes no probability: it is idempotent.
    const again = core.channel.logits.slice();
    project(again);
    const ch = newChannel(core.channel.alphabet, 'R', false, again);
    for (let i = 0; i < p.length; i++) assert.ok(Math.abs(ch.probs[i] - p[i]) < 1e-12);
  });
});
