/**
 * The parser's repairs, each a stage of `TransitionParser` (`index.ts`): hand-written corrections of a misreading the
 * learned parser makes, each kept only while it measures a gain (issue 34; the journal, "Parser repairs, one by one").
 * A repair's version is named in the parser's version, so every cache keyed by it starts afresh when one changes.
 *
 * For measuring only (never set in use): `PUNCTEME_NO_RELCL_REPAIR=1` parses without any repair, and
 * `PUNCTEME_PARSER_REPAIRS_OFF=name,…` without the named ones.
 */
import { RELATIVE_CLAUSE_REPAIR } from './relativeClauseRepair';
import { FRONTED_CLAUSE_REPAIR } from './frontedClauseRepair';
import { VERBLESS_TAG_REPAIR } from './verblessTags';
import { TRANSITION_COMMA_REPAIR } from './transitionComma';

/** Where in the parse a repair acts. */
export type RepairStage = 'words' | 'tags' | 'tree';

export interface ParserRepair {
  /** The name `PUNCTEME_PARSER_REPAIRS_OFF` takes. */
  name: string;
  /** Its version, in the parser's version. */
  version: string;
  /** `words`: what the tagger and parser read; `tags`: between tagging and parsing; `tree`: the parse. */
  stage: RepairStage;
}

/**
 * In the order they are named in the parser's version. Each one's gain, measured by turning it alone off on dev sets
 * (2026-11-29; the journal, "Parser repairs, one by one"); none moves EWT dev by 0.05 UAS in any view, since EWT's
 * writers seldom make the errors they were written for.
 */
export const PARSER_REPAIRS: readonly ParserRepair[] = [
  // Learner probes: 2 more errors detected and corrected (61 of 92, against 59); EWT dev +0.03 UAS. Re-measured
  // 2026-12-03: the closing-comma probes 4 of 15 against 3 without it; every other lint measure the same.
  { name: 'relative-clause', version: RELATIVE_CLAUSE_REPAIR, stage: 'tree' },
  // Learner probes: 5 more errors detected and corrected (open appositions before a verb in -s: "Our landlord, a retired
  // pilot lives …"); EWT dev +0.01 LAS.
  { name: 'verbless-tags', version: VERBLESS_TAG_REPAIR, stage: 'tags' },
  // Edited-english dev, introductory commas missing: 4 more of 150 found (F0.5 0.706 → 0.730); clean dev one finding
  // fewer per 8,886 sentences, two of them "Additionally, the …" read as a subject–verb comma; EWT dev +0.02 UAS.
  { name: 'transition-comma', version: TRANSITION_COMMA_REPAIR, stage: 'words' },
  // Edited-english dev, introductory commas missing: 1 more of 150 found (F0.5 0.724 → 0.730); clean dev one finding
  // fewer per 8,886 sentences.
  { name: 'fronted-clause', version: FRONTED_CLAUSE_REPAIR, stage: 'tree' },
];

/** The repairs the parser runs, by name: all, unless the environment asks for fewer (measuring only). */
export function enabledRepairs(env: NodeJS.ProcessEnv = process.env): ReadonlySet<string> {
  if (env.PUNCTEME_NO_RELCL_REPAIR) return new Set();
  const off = (env.PUNCTEME_PARSER_REPAIRS_OFF ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = off.filter((n) => !PARSER_REPAIRS.some((r) => r.name === n));
  if (unknown.length) throw new Error(`PUNCTEME_PARSER_REPAIRS_OFF: no parser repair named ${unknown.join(', ')} (known: ${PARSER_REPAIRS.map((r) => r.name).join(', ')})`);
  return new Set(PARSER_REPAIRS.map((r) => r.name).filter((n) => !off.includes(n)));
}

/** The repairs' part of the parser's version: `+version` of each one that runs, in registry order. */
export function repairsVersion(enabled: ReadonlySet<string>): string {
  return PARSER_REPAIRS.filter((r) => enabled.has(r.name))
    .map((r) => `+${r.version}`)
    .join('');
}
