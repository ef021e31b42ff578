/**
 * Inline disable comments (the CLI issue defines their syntax; each prose kind finds them in its own comments):
 *   puncteme-disable [RULE…]            from here on (all rules, or the listed ones)
 *   puncteme-enable [RULE…]             ends a disable (all, or the listed rules)
 *   puncteme-disable-next-line [RULE…]  the next non-blank line only
 */
export interface SuppressedRange {
  start: number;
  end: number;
  /** undefined = every rule */
  rules?: ReadonlySet<string>;
}

export interface Suppressions {
  ranges: SuppressedRange[];
}

export type DirectiveKind = 'disable' | 'enable' | 'disable-next-line';

export interface Directive {
  kind: DirectiveKind;
  rules: string[];
  /** Document offsets of the comment holding the directive. */
  start: number;
  end: number;
}

const DIRECTIVE = /^\s*puncteme-(disable-next-line|disable|enable)\b([^\n]*)$/;

/** Parses the body of one comment (without its comment markers); undefined if it holds no directive. */
export function parseDirective(body: string, start: number, end: number): Directive | undefined {
  const m = DIRECTIVE.exec(body.trim());
  if (!m) return undefined;
  const rules = m[2]
    .split(/[\s,]+/)
    .map((r) => r.trim())
    .filter((r) => r && r !== '--');
  return { kind: m[1] as DirectiveKind, rules, start, end };
}

/** Offsets [start, end) of the first non-blank line after `offset`'s line. */
function nextNonBlankLine(text: string, offset: number): { start: number; end: number } | undefined {
  let i = text.indexOf('\n', offset);
  while (i >= 0 && i < text.length) {
    const start = i + 1;
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    if (text.slice(start, end).trim() !== '') return { start, end };
    if (end >= text.length) return undefined;
    i = end;
  }
  return undefined;
}

/** Turns directives (in document order) into suppressed ranges. */
export function buildSuppressions(text: string, directives: readonly Directive[]): Suppressions {
  const ranges: SuppressedRange[] = [];
  const open = new Map<string, number>(); // rule ('*' = all) → where its disable began
  const close = (key: string, at: number) => {
    const start = open.get(key);
    if (start === undefined) return;
    open.delete(key);
    ranges.push({ start, end: at, rules: key === '*' ? undefined : new Set([key]) });
  };
  for (const d of [...directives].sort((a, b) => a.start - b.start)) {
    if (d.kind === 'disable-next-line') {
      const line = nextNonBlankLine(text, d.end);
      if (line) ranges.push({ start: line.start, end: line.end + 1, rules: d.rules.length ? new Set(d.rules) : undefined });
    } else if (d.kind === 'disable') {
      for (const key of d.rules.length ? d.rules : ['*']) if (!open.has(key)) open.set(key, d.end);
    } else {
      for (const key of d.rules.length ? d.rules : [...open.keys()]) close(key, d.start);
    }
  }
  for (const key of [...open.keys()]) close(key, text.length);
  return { ranges };
}

export function isSuppressed(s: Suppressions, ruleId: string, documentOffset: number): boolean {
  return s.ranges.some(
    (r) => documentOffset >= r.start && documentOffset < r.end && (r.rules === undefined || r.rules.has(ruleId)),
  );
}
