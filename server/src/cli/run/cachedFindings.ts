/**
 * A cache file is data anyone who can write to the repository (or to a CI cache) can plant. Before cached findings
 * are reported or their fixes applied, each entry must have the shape of findings, with positions inside the file
 * as it is now, and every range and edit must lie in the file's prose: the same guard fresh findings pass when they
 * are mapped from a prose block to the document (`prose/lintDocument.ts`), so a planted edit cannot reach code, HTML
 * or front matter. An entry that fails is treated as a miss, and the file is linted afresh.
 */
import { RULE_IDS } from '../../engine';
import { lineStarts, positionFromStarts } from '../../engine/positions';
import { Finding, Position } from '../../engine/types';
import { extractProse, ProseKind } from '../../prose';

const SEVERITIES = new Set(['error', 'warning', 'info', 'hint']);
const KNOWN_RULES = new Set(RULE_IDS);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The owner of each document character: the index + 1 of the prose block it was copied into, 0 outside prose, −1
 * inside a piece of code that stands in for a word (never reported on, never edited).
 */
function proseOwners(text: string, kind: ProseKind): Int32Array {
  const owner = new Int32Array(text.length);
  extractProse(text, kind).blocks.forEach((b, i) => {
    for (let k = 0; k < b.text.length; k++) owner[b.offsets[k]] = i + 1;
    for (const s of b.standIns ?? []) for (let k = s.index; k < s.index + s.length; k++) owner[b.offsets[k]] = -1;
  });
  return owner;
}

/** Checks cached findings against the current text; undefined if any of them could not have come from linting it. */
export function validCachedFindings(value: unknown, text: string, kind: ProseKind): Finding[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const starts = lineStarts(text);
  let owners: Int32Array | undefined;
  const owner = (at: number) => (owners ??= proseOwners(text, kind))[at] ?? 0;
  const position = (v: unknown): Position | undefined => {
    if (!isObject(v) || !Number.isInteger(v.offset)) return undefined;
    const offset = v.offset as number;
    if (offset < 0 || offset > text.length) return undefined;
    const p = positionFromStarts(starts, offset);
    return p.line === v.line && p.character === v.character ? p : undefined;
  };
  /** A range (or an insertion point) in one prose block, touching no code. */
  const inProse = (start: Position, end: Position) => {
    if (start.offset === end.offset) return owner(start.offset - 1) > 0 || owner(start.offset) > 0;
    const first = owner(start.offset);
    if (first <= 0) return false;
    for (let k = start.offset + 1; k < end.offset; k++) if (owner(k) !== first) return false;
    return true;
  };
  const range = (v: Json): { start: Position; end: Position } | undefined => {
    const start = position(v.start);
    const end = position(v.end);
    return start && end && start.offset <= end.offset && inProse(start, end) ? { start, end } : undefined;
  };
  for (const f of value) {
    if (!isObject(f) || !KNOWN_RULES.has(f.ruleId as string) || !SEVERITIES.has(f.severity as string)) return undefined;
    if (typeof f.message !== 'string' || typeof f.explanation !== 'string') return undefined;
    if (typeof f.confidence !== 'number' || !(f.confidence >= 0 && f.confidence <= 1)) return undefined;
    if (!range(f) || !Array.isArray(f.fixes)) return undefined;
    for (const fix of f.fixes) {
      if (!isObject(fix) || typeof fix.title !== 'string' || !Array.isArray(fix.edits)) return undefined;
      for (const e of fix.edits) if (!isObject(e) || typeof e.newText !== 'string' || !range(e)) return undefined;
    }
    if (f.related !== undefined) {
      if (!Array.isArray(f.related)) return undefined;
      for (const r of f.related) if (!isObject(r) || typeof r.message !== 'string' || !range(r)) return undefined;
    }
  }
  return value as Finding[];
}
