/**
 * An omitted introductory comma reported through the document's error rate or habit names its phrase in the message.
 * The phrase once ended at the finding's range, which marks only the phrase's last word, so the message quoted
 * "At the bottom of the " for "At the bottom of the valley". The quoted phrase must end where the fix puts the comma.
 */
import * as assert from 'assert';
import { makeLinter } from '../../server/src/engine';
import { trainedEngineParts } from './trainedParts';

const TEXTS = [
  // Error-prone: the text's other findings let the omission be reported (`writerErrorRate.ts`).
  'When we reached the top of the ridge the wind had dropped. My sister, who had never climbed anything higher than a staircase was already talking about the next trip. Our guide Maria Lopez a retired teacher from Oviedo pointed at the clouds and said they would clear by noon.',
  'We ate lunch on a flat rock, the sandwiches were squashed but nobody cared. "It tastes better up here", my sister said. The path down, was steeper than the path up and we took it slowly.',
  'However the best part came later. At the bottom of the valley there is a small café which serves the best hot chocolate in the region. We stayed there until dark, and then drove home.',
];

describe('the phrase named by an omitted introductory comma', () => {
  const parts = trainedEngineParts();

  it('ends where the fix puts the comma', function () {
    this.timeout(60000);
    const linter = makeLinter(parts());
    let named = 0;
    const text = TEXTS.join('\n\n');
    for (const f of linter.lint(text)) {
      const m = /introductory phrase "([^"]*)"/.exec(f.message);
      if (!m) continue;
      named++;
      const at = f.fixes[0].edits[0].start.offset;
      assert.ok(text.slice(0, at).endsWith(m[1]), `${JSON.stringify(m[1])} should end at ${JSON.stringify(text.slice(at - 20, at))}⟦,⟧`);
      assert.equal(m[1], m[1].trim());
    }
    assert.ok(named >= 1, `${named} phrases named`);
  });
});
