/**
 * An LSTM direction in WebAssembly (`wasmLstm.ts`, parsing) against parsing's JavaScript (`lstmForward`), every
 * output bit for bit (`Object.is`): float32 θ (as parsing loads it) and float64, both directions, one word, a few, and
 * more than the kernel first reserves room for; inputs large enough to reach the activations' saturated ends.
 */
import * as assert from 'assert';
import { lstmForward } from '../../server/src/parser/bilstm';
import { seededRandom } from '../../server/src/training/parser/views';
import { LstmKernel } from '../../server/src/parser/wasmLstm';

describe('an LSTM direction in WebAssembly', () => {
  before(function () {
    if (process.env.PUNCTEME_NO_WASM) this.skip();
  });

  const rand = seededRandom(29);
  for (const float32 of [true, false])
    for (const [H, n, spread] of [[1, 1, 1], [3, 5, 4], [32, 13, 1], [32, 70, 6], [5, 2, 30]] as const) {
      it(`gives lstmForward's h exactly (${float32 ? 'float32' : 'float64'} θ, H = ${H}, ${n} words, inputs ×${spread})`, () => {
        const G = 4 * H;
        const skip = 3; // Wh and b start inside θ
        const size = skip + G * H + G;
        const theta = float32 ? new Float32Array(size) : new Float64Array(size);
        for (let i = 0; i < size; i++) theta[i] = (rand() - 0.5) * (float32 ? 1 : 1.3);
        const view = { theta, H, wh: skip, b: skip + G * H };
        const kernel = LstmKernel.create(theta, view.wh, view.b, H);
        assert.ok(kernel, 'WebAssembly SIMD is available in this Node');
        const xproj = Float64Array.from({ length: n * G }, () => (rand() - 0.5) * 2 * spread);
        xproj[0] = -0;
        const stride = 2 * H + 1;
        for (const reverse of [false, true]) {
          const col = reverse ? H : 1;
          const want = new Float64Array(n * stride).fill(7);
          const got = new Float64Array(n * stride).fill(7);
          lstmForward(view, xproj, n, reverse, want, stride, col);
          kernel.forward(xproj, n, reverse, got, stride, col);
          for (let i = 0; i < want.length; i++) assert.ok(Object.is(got[i], want[i]), `${reverse ? 'right to left' : 'left to right'}, entry ${i}: ${got[i]} ≠ ${want[i]}`);
        }
      });
    }
});
