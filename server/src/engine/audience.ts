/**
 * `audience`: whether a document is held to edited prose's standard or to a learner's (`types.ts Audience`).
 *
 * Under `auto` the document's own findings decide (`correction/pipeline/writerErrorRate.ts`: at least 3, one or more per 10
 * sentences, make it error-prone), which is the right guess for a text nobody has described, but it makes a finding
 * depend on the others: fixing some of an essay's errors could take it below the line and hide the rest. A writer or
 * a team that knows its texts names the audience instead; then every sentence is decided alone, so fixing, adding or
 * deleting one sentence never changes another's findings, and `learner` reports a superset of what `edited` does
 * (the same decisions at lower thresholds, plus edited prose's conventions). Under `auto` the choice made is reported
 * (`AudienceDecision`), so a user sees which standard applied and can pin it.
 */
import { Audience, LintOptions } from './types';

/** The standard a document was held to, and why. */
export interface AudienceDecision {
  audience: 'edited' | 'learner';
  /** `setting`: the audience was named; `auto`: the document's own findings chose it. */
  by: 'setting' | 'auto';
  /** The findings (style notes left out) and sentences counted under `auto`. */
  findings: number;
  sentences: number;
}

/** The audience the options ask for: `audience` when set, else `edited` where `adaptToWriter` is false, else `auto`. */
export function audienceOf(options: LintOptions): Audience {
  return options.audience ?? (options.adaptToWriter === false ? 'edited' : 'auto');
}

/**
 * The options the engine decides with. A named audience keeps `adaptToWriter` on, so that each sentence leaves the
 * findings an error-prone document would add waiting, and the document decides them as `auto` would have, its error
 * rate set by the name (`documentPart.ts settleDocument`): `learner` reports them, `edited` drops them. So a named
 * audience gives exactly what `auto` gives when it chooses that audience, and pinning the choice `auto` reported
 * changes no finding. (`adaptToWriter: false` without an audience, the research scripts' `--no-adapt`, still decides
 * every sentence once at edited prose's thresholds, leaving nothing to wait: a lone line without its final period is
 * then reported where `auto` and `edited` leave it as a possible caption.)
 */
export function withAudience(options: LintOptions): LintOptions {
  if (options.audience === undefined) return options;
  return options.adaptToWriter === true ? options : { ...options, adaptToWriter: true };
}

/**
 * The options a front end passes for the settings it read: the older `adaptToWriter: false`, with no audience named,
 * is `audience: edited` (the front ends' promise: "the same as --audience edited").
 */
export function withOlderAudienceName(options: LintOptions): LintOptions {
  if (options.adaptToWriter !== false || options.audience !== undefined) return options;
  return { ...options, audience: 'edited', adaptToWriter: true };
}

/** The line a summary prints: "held to learner standards (auto: 7 findings in 20 sentences)". */
export function describeAudience(d: AudienceDecision): string {
  const why = d.by === 'setting' ? 'the audience setting' : `audience auto: ${d.findings} finding${d.findings === 1 ? '' : 's'} in ${d.sentences} sentence${d.sentences === 1 ? '' : 's'}; set "audience" to choose`;
  return `held to ${d.audience === 'learner' ? 'learner' : 'edited-prose'} standards (${why})`;
}

/**
 * Why a finding the learner standard adds is reported, appended to its message when the audience was named (or, in
 * `--fix`, pinned to what the text as given was held to).
 */
export const LEARNER_REASON = '(Less certain than most findings; reported because this text is held to learner standards.)';

/** A learner-standard finding's message: its own first sentence, with the setting as the reason. */
export function learnerMessage(message: string): string {
  // The decisions over the document write their reason in parentheses after the finding's own words; under a named
  // audience the reason is the setting, not a count that other findings change.
  const own = message.replace(/\s*\((?:Less certain than most findings; )?[Rr]eported (?:because|in texts)[^)]*\)\s*$/, '');
  return `${own} ${LEARNER_REASON}`;
}
