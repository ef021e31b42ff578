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
