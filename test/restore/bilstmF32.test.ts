import * as assert from 'assert';
import { defaultModelDir } from '../../server/src/model';
import { BILSTM_MARK_COUNT, bilstmMarginals, BiLstmTagger } from '../../server/src/restore/bilstmTagger';
import { f32Kernel } from '../../server/src/restore/bilstmF32';
import { loadPunctTagger } from '../../server/src/restore/punctTagger';
import { dictated, ewtParagraphs } from './corpus';

/**
 * The float32 kernel against the float64 reference it stands in for at restoration (`bilstmMarginals`), on EWT dev
 * paragraphs as dictation gives them. The bound: on the first 400 paragraphs (14,308 words) the largest difference of
 * a probability was 1.2e-6 and of a log-probability 6.8e-6 (of those above 1e-6), and no word's most probable mark
 * moved; 1e-5 leaves room for float32's rounding, far below any difference restoration's thresholds read.
 */
describe('the BiLSTM tagger in float32 SIMD (bilstmF32.ts)', () => {
  const tagger = loadPunctTagger(defaultModelDir());
  const m = tagger?.kind === 'bilstm' ? (tagger as BiLstmTagger) : undefined;
  const kernel = m && f32Kernel(m);
  before(function () {
    if (!kernel) this.skip();
  });

  it('gives the float64 marginals within 1e-5 on 100 dictated EWT dev paragraphs, each word the same best mark', () => {
    const Y = BILSTM_MARK_COUNT;
    let words = 0, worst = 0;
    for (const p of ewtParagraphs('dev').slice(0, 100)) {
      const run = dictated(p).split(/\s+/).filter(Boolean);
      const ref = bilstmMarginals(m!, run);
      const got = kernel!.marginals(run);
      assert.strictEqual(got.length, ref.length);
      for (let t = 0; t < run.length; t++) {
        let a = 0, b = 0;
        for (let y = 0; y < Y; y++) {
          worst = Math.max(worst, Math.abs(got[t * Y + y] - ref[t * Y + y]));
          if (ref[t * Y + y] > ref[t * Y + a]) a = y;
          if (got[t * Y + y] > got[t * Y + b]) b = y;
        }
        assert.strictEqual(b, a, `the best mark after "${run[t]}" in "${run.join(' ')}"`);
      }
      words += run.length;
    }
    assert.ok(words > 3000, `${words} words`);
    assert.ok(worst < 1e-5, `largest difference ${worst}`);
    assert.ok(worst > 0, 'float32 sums differ from float64 somewhere: the kernel ran');
  });

  it('reads runs of one word and runs longer than its areas, and gives each run its own answer', () => {
    for (const run of [['hello'], Array.from({ length: 150 }, (_, i) => (i % 7 === 6 ? 'then' : `word${i % 5}`)), ['so', 'what', 'do', 'you', 'think']]) {
      const ref = bilstmMarginals(m!, run);
      const got = kernel!.marginals(run);
      assert.strictEqual(got.length, run.length * BILSTM_MARK_COUNT);
      got.forEach((v, i) => assert.ok(Math.abs(v - ref[i]) < 1e-5, `${run.length} words, entry ${i}: ${v} against ${ref[i]}`));
    }
  });
});
