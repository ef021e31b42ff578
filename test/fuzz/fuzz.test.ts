/**
 * Fuzzing, bounded: random Unicode, Markdown and LaTeX documents (fixed seed) through the whole pipeline, for a few
 * seconds: no crash, every offset in range and consistent, every finding and edit in prose, and the safe fixes
 * change no word. `npx tsx scripts/fuzz.ts` runs the same checks for longer and on other seeds.
 */
import { strict as assert } from 'assert';
import { safeEdits } from '../../server/src/edits/safeFixes';
import { createLinter, Finding, Linter } from '../../server/src/engine';
import { ProseKind } from '../../server/src/prose';
import { seededRng } from '../../server/src/random/seededRng';
import { checkDocument, randomDocument } from './fuzzDocuments';

/** The time this test may take once the models are loaded; the long run lives in scripts/fuzz.ts. */
const BUDGET_MS = 4000;
const SEED = 36;

describe('fuzz: random documents through the whole pipeline (bounded)', function () {
  this.timeout(120000);
  let linter: Linter;
  before(async () => {
    linter = await createLinter();
  });

  it(`seed ${SEED}: no crash, offsets in range, edits in prose, fixes that change no word`, () => {
    const rng = seededRng(SEED);
    const kinds: ProseKind[] = ['markdown', 'latex', 'plaintext', 'git-commit'];
    const deadline = Date.now() + BUDGET_MS;
    let documents = 0;
    const problems: string[] = [];
    // At least a fixed number of documents (the same ones on every machine), more while the budget lasts.
    while (documents < 12 || (Date.now() < deadline && documents < 400)) {
      const kind = kinds[documents % kinds.length];
      const text = randomDocument(rng, kind, 1 + Math.floor(rng() * 8));
      for (const p of checkDocument(linter, text, kind)) problems.push(`${kind} ${JSON.stringify(text)}: ${p}`);
      documents++;
    }
    assert.deepEqual(problems.slice(0, 5), []);
  });

  it('regression (seed 3 of the long run): a comma inside a word of astral letters is no safe fix', () => {
    // A kind --fix applies unseen (autoFixPolicy.ts), so that only the word check can refuse it.
    const finding = (text: string, at: number): Finding => {
      const pos = { line: 0, character: at, offset: at };
      return { ruleId: 'introductory-comma', basis: 'transition', message: 'm', severity: 'info', confidence: 0.99, start: pos, end: pos, explanation: '', fixes: [{ title: 'comma', edits: [{ start: pos, end: pos, newText: ',' }] }] };
    };
    const joined = 'We waited for the bus in the rain, and 𝔘𝔫𝔦however it came late in the evening.';
    assert.deepEqual(safeEdits(joined, [finding(joined, joined.indexOf('however'))], 0.5), []);
    const spaced = 'We waited for the bus in the rain. However it came late in the evening.';
    assert.equal(safeEdits(spaced, [finding(spaced, spaced.indexOf(' it'))], 0.5).length, 1, 'the same fix between words is applied');
  });
});
