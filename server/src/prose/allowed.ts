/**
 * The writer's exceptions, stored outside the text (`.punctemerc.json` or the editor's settings): an allowlist of
 * words and patterns whose punctuation is never reported (`allow`: "Yahoo!", "/v\\d+\\.\\d+/"), and single false
 * positives hidden by rule and sentence (`falsePositives`: the "Hide this false positive" code action writes them).
 * They filter a whole document's findings after its analysis, so adding one never changes any other finding.
 */
import { Finding, LintOptions } from '../engine/types';

interface AllowedRange {
  start: number;
  end: number;
  /** undefined: every rule. */
  rule?: string;
}

/** A regular expression that matches `text` literally, everywhere. */
function literal(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g');
}

/** An allowlist entry as a regular expression: `/source/flags` is one; anything else is the literal text. */
export function allowPattern(entry: string): RegExp {
  const m = /^\/(.+)\/([a-z]*)$/s.exec(entry);
  if (!m) return literal(entry);
  const flags = m[2].includes('g') ? m[2] : `${m[2]}g`;
  return new RegExp(m[1], flags);
}

/** The problem with an allowlist entry (an invalid regular expression), or undefined when it is usable. */
export function allowEntryProblem(entry: string): string | undefined {
  if (entry.length === 0) return 'an empty entry';
  try {
    allowPattern(entry);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

function matches(text: string, pattern: RegExp, rule?: string): AllowedRange[] {
  const out: AllowedRange[] = [];
  for (const m of text.matchAll(pattern)) {
    if (m[0].length === 0) continue; // an empty match allows nothing
    out.push({ start: m.index!, end: m.index! + m[0].length, ...(rule ? { rule } : {}) });
  }
  return out;
}

/** The allowed ranges of a document's text under `options` (none when it sets neither key). */
export function allowedRanges(text: string, options: LintOptions): AllowedRange[] {
  const out: AllowedRange[] = [];
  for (const entry of options.allow ?? []) {
    if (allowEntryProblem(entry) === undefined) out.push(...matches(text, allowPattern(entry)));
  }
  for (const fp of options.falsePositives ?? []) if (fp.text) out.push(...matches(text, literal(fp.text), fp.rule));
  return out;
}

/**
 * Whether a finding (document offsets) falls in an allowed range of its rule: a mark within the match, or an insertion
 * at its edge (the comma a word is asked to take after it).
 */
export function isAllowed(ranges: readonly AllowedRange[], f: Finding): boolean {
  const s = f.start.offset;
  const e = f.end.offset;
  return ranges.some((r) => (r.rule === undefined || r.rule === f.ruleId) && (s === e ? r.start <= s && s <= r.end : r.start <= s && e <= r.end));
}
