import { strict as assert } from 'assert';
import { BOS_MARK } from '../../server/src/data/punctTokens';
import { automatonWeight, buildSlotAutomaton, noiseProb } from '../../server/src/model/automaton';
import { channelDistribution, Direction, newChannel } from '../../server/src/model/channel';
import { modelAlphabet } from '../../server/src/model/vocabulary';
import { seededRng } from '../../server/src/model';
import { channelByEditPaths } from './bruteForce';
import { gaussian } from './helpers';

const A = modelAlphabet();
const TOKS = [',', '.', '”', '“', ')', ';'];

function allStrings(maxLen: number): string[][] {
  const out: string[][] = [[]];
  let layer: string[][] = [[]];
  for (let l = 1; l <= maxLen; l++) {
    layer = layer.flatMap((s) => TOKS.map((t) => [...s, t]));
    out.push(...layer);
  }
  return out;
}

function randomChannel(dir: Direction, seed: number) {
  const rng = seededRng(seed);
  return newChannel(A, dir, false, new Float64Array(A.size * A.size * 4).map(() => 1.5 * gaussian(rng)));
}

describe('model/channel: the noisy channel p_φ(x | u)', () => {
  for (const dir of ['L', 'R'] as Direction[]) {
    it(`${dir}: the processing machine equals the enumeration of edit paths in string terms, and sums to 1`, () => {
      const ch = randomChannel(dir, 7);
      for (const u of allStrings(4)) {
        const a = channelDistribution(ch, u), b = channelByEditPaths(ch, u);
        let z = 0;
        for (const [x, p] of b) {
          z += p;
          assert.ok(Math.abs((a.get(x) ?? 0) - p) < 1e-12, `${u.join(' ')} → ${x}`);
        }
        assert.ok(Math.abs(z - 1) < 1e-12);
        assert.equal(a.size, b.size);
      }
    });

    it(`${dir}: the inverted automaton gives p(x | u) for every u and x (η noise included), slot 0 too`, () => {
      const ch = randomChannel(dir, 11);
      const eta = 1e-3;
      const us = allStrings(3);
      for (const x of allStrings(2)) {
        for (const slot0 of [false, true]) {
          const aut = buildSlotAutomaton(ch, x, slot0, eta);
          for (const u of us) {
            const uu = slot0 ? [BOS_MARK, ...u] : u;
            const xx = slot0 ? [BOS_MARK, ...x] : x;
            let want = (1 - eta) * (channelByEditPaths(ch, uu).get(xx.join(' ')) ?? 0);
            if (u.length === 0 && x.length > 0) want += eta * noiseProb(x.length, A.size);
            const got = automatonWeight(aut, u.map((t) => A.id(t)));
            assert.ok(Math.abs(got - want) < 1e-12, `${dir} x=${x.join(' ')} u=${u.join(' ')} slot0=${slot0}: ${got} vs ${want}`);
          }
        }
      }
    });
  }

  it('an empty surface slot has a one-state automaton that accepts only ε', () => {
    const aut = buildSlotAutomaton(randomChannel('R', 3), [], false);
    assert.equal(aut.n, 1);
    assert.ok(aut.mats.every((m) => m === undefined));
  });

  it('right-to-left: ” , . can become .” by absorption then transposition (paper App. D example)', () => {
    const ch = randomChannel('R', 5);
    const d = channelByEditPaths(ch, ['”', ',', '.']);
    assert.ok((d.get('. ”') ?? 0) > 0);
    // The identity ablation keeps the underlying string.
    const id = newChannel(A, 'R', true);
    assert.deepEqual([...channelDistribution(id, ['”', ',', '.'])], [['” , .', 1]]);
    const aut = buildSlotAutomaton(id, ['”', ','], false, 0);
    assert.equal(automatonWeight(aut, [A.id('”'), A.id(',')]), 1);
    assert.equal(automatonWeight(aut, [A.id(','), A.id('”')]), 0);
  });
});
