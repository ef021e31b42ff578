import * as assert from 'assert';
import * as fs from 'fs';
import { defaultModelDir, LintOptions, loadEngineParts, makeLinter, punctModelFile, weighedCorrections } from '../../server/src/engine';
import { slotRegion } from '../../server/src/engine/sentence';
import { ewtFile } from '../ewt';

/** Every 40th EWT dev sentence, and sentences with a learner's errors the stages after scoring decide. */
function sentences(): string[] {
  const dev = fs
    .readFileSync(ewtFile('dev'), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('# text = '))
    .map((l) => l.slice('# text = '.length))
    .filter((_, k) => k % 40 === 0);
  return [
    ...dev,
    'However the results were good and we left, we were tired',
    'The man who lives next door, is my uncle.',
    'My friend, who lives in Paris is a doctor.',
    'I bought apples, pears and plums, and we ate them.',
    'The discovered XSS issue was fixed. After the meeting we left.',
    'What he said, was true.',
  ];
}

const LEARNER: LintOptions = { audience: 'learner', introductoryComma: 'edited', commaSplices: 'edited', serialComma: 'always' };

describe('engine: explain --candidates can say why a weighed correction was not reported', function () {
  this.timeout(300000);

  // The invariant the trace exists for: a correction the model weighed is either a finding or has a note from the
  // stage that dropped, deferred or rewrote it. Checked on real sentences, at the defaults, a learner's settings and
  // under the learned decision (a research setting).
  for (const [name, options] of [['defaults', {}], ['a learner\'s settings', LEARNER], ['the learned decision', { decision: 'learned' }]] as Array<[string, LintOptions]>) {
    it(`every weighed correction not reported has a stage's note (${name})`, function () {
      if (!fs.existsSync(punctModelFile(defaultModelDir()))) this.skip();
      const parts = loadEngineParts();
      const linter = makeLinter(parts);
      let unreported = 0;
      for (const text of sentences()) {
        const findings = linter.lint(text, options);
        const edited = findings.flatMap((f) => f.fixes.flatMap((x) => x.edits.map((e) => [e.start.offset, e.end.offset])));
        for (const s of parts.analyser!.parseText(text)) {
          const w = weighedCorrections(s, parts, text, options)!;
          const atSlot = (slot: number) => {
            const r = slotRegion(s, slot);
            return edited.some(([a, b]) => a <= r.end && b >= r.start);
          };
          for (const c of w.corrections) {
            if (c.changes.every((ch) => atSlot(ch.slot))) continue;
            unreported++;
            const noted = w.decisions.some(
              (n) => n.kind === c.kind && n.effect !== 'rewritten' && n.changes.length === c.changes.length && n.changes.every((ch, k) => ch.slot === c.changes[k].slot),
            );
            assert.ok(noted, `${text}\n${c.kind} ${JSON.stringify(c.changes)} (confidence ${c.confidence}) is neither a finding nor noted:\n${JSON.stringify(w.decisions, null, 1)}`);
          }
        }
      }
      assert.ok(unreported > 20, `${unreported} corrections were weighed and not reported: too few to check anything`);
    });
  }
});
