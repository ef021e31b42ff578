import * as assert from 'assert';
import * as fs from 'fs';
import { DecisionNote, defaultModelDir, LintOptions, loadEngineParts, makeLinter, punctModelFile, settleDocument, weighedCorrections } from '../../server/src/engine';
import { AnalysedSentence, slotRegion } from '../../server/src/engine/sentence';
import { sentenceJoins } from '../../server/src/engine/sentenceJoins/joins';
import { MORE_PROBABLE_THAN_NOT } from '../../server/src/engine/sentenceJoins/findings';
import { markChoiceFindings } from '../../server/src/engine/markChoice/findings';
import { setOffCommaFindings } from '../../server/src/engine/setOffCommas/findings';
import type { LinterParts } from '../../server/src/engine';
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
    // The small models' candidates: a join and a mark choice below their thresholds, a set-off comma another finding
    // decides, a splice that a more confident one overlaps.
    'Today is my last day in the office here at Azurix, and in the coming months, I will start in a new position as SVP in the LNG development group at El Paso Energy.',
    "Read the entire article; there's a punchline, too.",
    'Can you send me the data you used: I shall take a look at it.',
    'As you can see there are several blanks concerning administrative information for ENA Upstream.',
    'I loved the atmosphere here and the food is good, however the tables are so close together that it feels very cramped.',
  ];
}

/** What the small models beside the candidates propose in one sentence (more probable than not), as slots. */
function smallModelProposals(s: AnalysedSentence, text: string, parts: LinterParts, options: LintOptions): Array<{ what: string; slots: number[] }> {
  const k = parts.kinds ?? {};
  const out: Array<{ what: string; slots: number[] }> = [];
  if (k.joins) for (const j of sentenceJoins(s, k.joins)) if (j.p >= MORE_PROBABLE_THAN_NOT) out.push({ what: `${j.kind} ${j.p}`, slots: [j.slot] });
  if (k.markChoice) for (const f of markChoiceFindings(s, k.markChoice, 0.5)) out.push({ what: `semicolon-colon ${f.confidence}`, slots: [s.slotTokens.findIndex((ts) => (ts ?? []).some((t) => s.tokens[t].start === f.start))] });
  if (k.setOff)
    for (const f of setOffCommaFindings(s, text, k.setOff, { minConfidence: options.minConfidence, introductory: options.introductoryComma !== 'ignore' }))
      out.push({ what: `set-off/${f.kind} ${f.finding.confidence}`, slots: [...f.slots] });
  return out;
}

/** The notes of each stage after the candidates' own seen over every option set (each must be met at least once). */
const seen = new Map<string, number>();

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
        // As `lint` decides the text (`settleParts([lintPart])`), with the overlap rule's notes.
        const overlapped: DecisionNote[] = [];
        const trace = (n: DecisionNote) => overlapped.push(n);
        const findings = settleDocument([linter.lintPart(text, options, trace)], trace).findings[0];
        assert.deepStrictEqual(findings, linter.lint(text, options), 'a trace changes nothing');
        for (const n of overlapped) seen.set(n.stage, (seen.get(n.stage) ?? 0) + 1);
        const edited = findings.flatMap((f) => f.fixes.flatMap((x) => x.edits.map((e) => [e.start.offset, e.end.offset])));
        for (const s of parts.analyser!.parseText(text)) {
          const w = weighedCorrections(s, parts, text, options)!;
          const atSlot = (slot: number) => {
            const r = slotRegion(s, slot);
            return edited.some(([a, b]) => a <= r.end && b >= r.start);
          };
          for (const n of w.decisions) seen.set(n.stage, (seen.get(n.stage) ?? 0) + 1);
          // Each small model's proposal is reported, or noted at its slots, or left out for a finding that overlaps it.
          for (const p of smallModelProposals(s, text, parts, options)) {
            if (p.slots.every((slot) => atSlot(slot))) continue;
            const noted = w.decisions.some((n) => n.changes.length === p.slots.length && n.changes.every((ch, k) => ch.slot === p.slots[k]));
            const outweighed = overlapped.some((n) => p.slots.some((slot) => {
              const r = slotRegion(s, slot);
              return n.range!.start <= r.end && n.range!.end >= r.start;
            }));
            seen.set('small-model proposals not reported', (seen.get('small-model proposals not reported') ?? 0) + 1);
            assert.ok(noted || outweighed, `${text}\n${p.what} at ${p.slots} is neither a finding nor noted:\n${JSON.stringify([...w.decisions, ...overlapped], null, 1)}`);
          }
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

  it('met a note of every stage after the candidates (the small models, the overlap rule)', function () {
    if (!fs.existsSync(punctModelFile(defaultModelDir()))) this.skip();
    assert.ok((seen.get('small-model proposals not reported') ?? 0) >= 10, JSON.stringify([...seen]));
    for (const stage of ['sentence-join', 'mark-choice', 'decided-by-another', 'strongest', 'set-off-model', 'style', 'threshold']) assert.ok(seen.get(stage), `no note of ${stage}: ${JSON.stringify([...seen])}`);
  });
});
