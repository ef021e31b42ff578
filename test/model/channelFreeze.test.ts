import { strict as assert } from 'assert';
import { windowParamsInvolving } from '../../server/src/model/channel';
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
});
