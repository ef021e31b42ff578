/** Shared assertions: a parse is a well-formed projective tree over its words. */
import * as assert from 'assert';
import { isProjective, TreeWord } from '../../server/src/data/depunct';

export function assertWellFormed(words: readonly TreeWord[], what = ''): void {
  const n = words.length;
  assert.ok(n > 0, `${what}: no words`);
  assert.strictEqual(words.filter((w) => w.head === 0).length, 1, `${what}: exactly one root`);
  for (const w of words) {
    assert.ok(Number.isInteger(w.head) && w.head >= 0 && w.head <= n, `${what}: head in range`);
    assert.ok(w.deprel && w.upos && w.xpos, `${what}: labelled and tagged`);
    assert.strictEqual(w.deprel === 'root', w.head === 0, `${what}: root label on the root word only`);
  }
  words.forEach((_, i) => {
    let h = i + 1;
    for (let k = 0; h !== 0; k++) {
      assert.ok(k <= n, `${what}: cycle through word ${i + 1}`);
      h = words[h - 1].head;
    }
  });
  assert.ok(isProjective(words), `${what}: projective`);
}

/** Position of a head on the line: the root stands before word 0. */
const place = (h: number, n: number) => (h === n ? -1 : h);

/** A tree: one root child, no cycles, and projective (every word between a head and its dependent descends from the head). */
export function isProjectiveTree(head: Int32Array, n: number): boolean {
  let roots = 0;
  for (let d = 0; d < n; d++) {
    if (head[d] === d) return false;
    if (head[d] === n) roots++;
  }
  if (roots !== 1) return false;
  const descends = (w: number, h: number) => {
    for (let x = w, steps = 0; steps <= n; steps++) {
      if (x === h) return true;
      if (x === n) return false;
      x = head[x];
    }
    return false; // a cycle
  };
  for (let d = 0; d < n; d++) if (!descends(d, n)) return false;
  for (let d = 0; d < n; d++) {
    const a = Math.min(place(head[d], n), d), b = Math.max(place(head[d], n), d);
    for (let w = a + 1; w < b; w++) if (!descends(w, head[d])) return false;
  }
  return true;
}
