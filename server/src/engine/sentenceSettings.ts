/**
 * What a lint decides its sentences under, read once per text from the options the front end gave: the options as
 * the decisions read them (the named audience resolved, the model's learned quote style added) and each kind's
 * threshold. The linter (`index.ts`) and `explain --candidates`
 * (`weighedCorrections.ts`) both read them here, so the trace explains the decision the lint made.
 */
import { withAudience } from './audience';
import { Calibration, decisionThresholds } from './correction/pipeline/calibration';
import { EngineModel } from './punctModel';
import { LintOptions } from './types';

export interface SentenceSettings {
  options: LintOptions;
  /** One threshold per kind of edit (the calibration's own, or the user's minConfidence for all alike). */
  thresholdOf: (key: string) => number;
}

export function sentenceSettings(given: LintOptions, model: EngineModel | undefined, cal: Calibration): SentenceSettings {
  // A named audience is decided through `adaptToWriter` (`audience.ts`), so the sentences' memo keys follow it.
  const named = withAudience(given);
  const options: LintOptions = model?.quoteStyle
    ? { ...named, modelQuoteStyle: model.quoteStyle, ...(model.quoteTransposition !== undefined ? { modelQuoteTransposition: model.quoteTransposition } : {}) }
    : named;
  return { options, thresholdOf: decisionThresholds(cal, options.minConfidence) };
}
