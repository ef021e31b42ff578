/**
 * The learned decision leaves out of the punctuation model's inference every candidate whose probability stays below
 * its lowest threshold whatever its Δ, but those whose Δ the style step reads (`deltaFreeBound` in
 * `learnedDecision.ts`). Checked exactly: on real sentences, each bound, of a dense candidate or a hand-written one, is
 * at least the probability the scorer gives the candidate with its Δ computed; and a sentence decided with the bound
 * (a lint) and without it (`learnedFindings` with a trace, as `explain --candidates` runs it) gets the same findings,
 * deferred findings, overruled changes and introductory habit, under the default settings and under the style
 * settings that read the Δ of hand-written candidates.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { parseConllu, reconstructText } from '../../server/src/data/conllu';
import { treeInfo } from '../../server/src/engine/treeInfo';
import { deltaFreeBound, learnedFindings, scoreCandidate, scoredForScorer } from '../../server/src/engine/correction/learned/learnedDecision';
import { trainedEngineParts } from './trainedParts';
import { DEFAULT_CALIBRATION } from '../../server/src/engine/correction/pipeline/calibration';
import { LintOptions } from '../../server/src/engine/types';

const EWT_DEV = path.join(__dirname, '../../../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu');

const SENTENCES = [
  'My brother who lives in Boston, is a doctor.',
  'The weather was terrible, we stayed at home all day.',
  'Starting in September, USWDS no longer maintains this standard, and, going forward, a new team is responsible for it.',
  'However the results, which we published last year were not what we expected.',
  'After the meeting ended we went home, it was late.',
  'We bought apples, pears and plums, and then we left.',
  'In addition the hotel was far from the station.',
];

/** The defaults, and settings under which the style step reads hand-written candidates' Δ. */
const STYLE_SETTINGS: LintOptions[] = [{}, { introductoryComma: 'edited', commaSplices: 'edited', serialComma: 'always' }];

describe('engine: the bound that lets the learned decision skip a candidate’s Δ', function () {
  this.timeout(300000);
  const parts = trainedEngineParts();
  const sentences = () => [
    ...SENTENCES,
    ...(fs.existsSync(EWT_DEV) ? parseConllu(fs.readFileSync(EWT_DEV, 'utf8')).slice(0, 120).map(reconstructText) : []),
  ];

  it('is never below the probability the candidate gets with its Δ', function () {
    const p = parts();
    if (!p.scorer || p.scorer.candidates !== 'dense') this.skip();
    let checked = 0;
    let hand = 0;
    for (const text of sentences()) {
      for (const s of p.analyser!.parseText(text)) {
        const info = treeInfo(s.tree);
        const side = { gaps: p.scorer!.gapFeature ? p.kinds?.gaps : undefined, setOff: p.scorer!.setOffFeature ? p.kinds?.setOff : undefined };
        for (const c of scoredForScorer(p.scorer!, s, info, p.model!, (p.calibration ?? DEFAULT_CALIBRATION), undefined, false, false, undefined, side)) {
          if (!Number.isFinite(c.scored.delta)) continue;
          // Every candidate the bound can cover, whether or not a later step reads its Δ: the bound holds for each.
          const bound = deltaFreeBound(p.scorer!, c.scored.candidate, c.scored.key, c.ctx, s, info, undefined, undefined, undefined, undefined, () => false);
          if (!bound) continue;
          const exact = scoreCandidate(p.scorer!, c, s, info, undefined);
          assert.ok(bound.p >= exact.p, `${text}: ${c.scored.key} bound ${bound.p} < ${exact.p}`);
          assert.equal(bound.threshold, exact.threshold);
          checked++;
          if (!c.scored.candidate.dense) hand++;
        }
      }
    }
    assert.ok(checked > 100, `only ${checked} candidates checked`);
    assert.ok(hand > 50, `only ${hand} hand-written candidates checked`);
  });

  it('leaves every decision as scoring every candidate makes it', function () {
    const p = parts();
    if (!p.scorer || p.scorer.candidates !== 'dense') this.skip();
    // Trial parses as the lint makes them: a candidate with a tree of its own costs two whole inside passes.
    const reparse = p.analyser!.parseWithCommas?.bind(p.analyser);
    const key = (fs_: ReadonlyArray<{ ruleId: string; start: number; end: number; confidence: number }> | undefined) => (fs_ ?? []).map((f) => `${f.ruleId}@${f.start}-${f.end}:${f.confidence}`);
    for (const text of sentences()) {
      for (const s of p.analyser!.parseText(text)) {
        for (const adaptToWriter of [true, false])
          for (const settings of STYLE_SETTINGS) {
            const options = { ...settings, adaptToWriter, explain: false };
            const style = { gaps: () => p.kinds?.gaps, setOff: () => p.kinds?.setOff, convention: p.convention };
            const run = (trace?: () => void) => learnedFindings(text, s, p.model!, (p.calibration ?? DEFAULT_CALIBRATION), p.scorer!, options, reparse, style, trace);
            const bounded = run();
            const full = run(() => undefined);
            const label = `${text} ${JSON.stringify(options)}`;
            assert.deepEqual(key(bounded.findings), key(full.findings), label);
            assert.deepEqual(key(bounded.adaptive), key(full.adaptive), label);
            assert.deepEqual([...(bounded.overruled ?? [])].sort(), [...(full.overruled ?? [])].sort(), label);
            assert.deepEqual(bounded.habit?.pending.map((h) => h.slot), full.habit?.pending.map((h) => h.slot), label);
          }
      }
    }
  });
});
