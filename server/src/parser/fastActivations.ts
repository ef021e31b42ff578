/**
 * tanh and the logistic sigmoid by linear interpolation in a table (4,096 intervals over [−8, 8], exact at the
 * knots; |error| ≤ 1.5e-6, and tanh(±8) rounds to ±1 within 2.3e-7). `Math.tanh` / `Math.exp` cost 20–30 ns here
 * against ~9 for this, and the neural scorer calls them ~350 times a word: parsing with these took ~0.12 ms a
 * sentence less (journal, "a pruned perceptron under the neural scorer"). Training keeps the exact functions, whose
 * derivatives backward uses (`training/parser/lstmTraining.ts`, `neuralForward.ts`).
 */
const KNOTS = 4096;
const LO = -8;
const HI = 8;
const SCALE = KNOTS / (HI - LO);
const TABLE = new Float64Array(KNOTS + 2);
for (let i = 0; i <= KNOTS + 1; i++) TABLE[i] = Math.tanh(LO + i / SCALE);

/** What `wasmLstm.ts` computes fastTanh with: the same constants and table. */
export const FAST_TANH = { lo: LO, hi: HI, scale: SCALE, table: TABLE as Readonly<Float64Array> };

export function fastTanh(x: number): number {
  if (!(x > LO)) return x !== x ? x : -1;
  if (x >= HI) return 1;
  const t = (x - LO) * SCALE;
  const i = t | 0;
  const a = TABLE[i];
  return a + (TABLE[i + 1] - a) * (t - i);
}

export function fastSigmoid(x: number): number {
  return 0.5 + 0.5 * fastTanh(0.5 * x);
}
