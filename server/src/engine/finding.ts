/** Building findings from plain offsets: one place that turns offsets into positions and edits into fixes. */
import { lineStarts, positionFromStarts } from './positions';
import { Finding, FindingBasis, Fix, Position, Severity } from './types';

export interface PlainEdit {
  start: number;
  end: number;
  newText: string;
}

export interface PlainFix {
  title: string;
  edits: PlainEdit[];
}

export interface PlainFinding {
  ruleId: string;
  message: string;
  severity?: Severity;
  confidence: number;
  start: number;
  end: number;
  fixes: PlainFix[];
  /**
   * The explanation, or how to build it: a model-based explanation needs a Viterbi pass over the corrected tree, and
   * most findings of a sentence (those below the threshold, or waiting for the document's habit or error rate) are
   * never reported, so it is built only when the finding is (`FindingBuilder.build`).
   */
  explanation: Explanation;
  related?: Array<{ start: number; end: number; message: string }>;
  /**
   * A style finding that still counts towards the writer's error rate (`writerErrorRate.ts`): a transition's missing
   * comma, which the guides do not leave to the writer (journal, "a transition's missing comma counts towards the
   * writer's error rate"). Not part of a built `Finding`.
   */
  countsAsError?: boolean;
  /**
   * A finding a stricter setting reports outright that the default would hold for the document's error rate (a comma
   * splice under `commaSplices: edited`): counted among the document's deferred findings all the same, so that the
   * stricter setting never makes a document look cleaner under `audience: auto` (and so report less). Not part of a
   * built `Finding`.
   */
  countsAsDeferred?: boolean;
  /** `Finding.basis`. */
  basis?: FindingBasis;
}

export type Explanation = string | (() => string);

/** The text of an explanation, built now if it was deferred. */
export function explanationText(e: Explanation): string {
  return typeof e === 'function' ? e() : e;
}

/** A deferred explanation that is built at most once, however often its finding is reported. */
export function deferredExplanation(build: () => string): () => string {
  let text: string | undefined;
  return () => (text ??= build());
}

/**
 * Sets a built finding's explanation. A deferred one becomes a property computed on first read, so a finding that waits
 * for the document's decisions (`documentPart.ts`) or is reported where no one reads its explanation (the CLI's text
 * output) never pays for it; to every reader, `JSON.stringify` or a worker's structured clone it is a plain string. A
 * spread copy (`{ ...f }`) reads it, so the steps between the engine and the output copy with `findingWith`.
 */
function withExplanation(out: Finding, e: Explanation): void {
  if (typeof e === 'string') {
    out.explanation = e;
    return;
  }
  // Built once for the finding and every copy of it (`findingWith` copies the accessor).
  const text = deferredExplanation(e);
  const settle = (on: object, value: string) => Object.defineProperty(on, 'explanation', { value, enumerable: true, configurable: true, writable: true });
  Object.defineProperty(out, 'explanation', {
    enumerable: true,
    configurable: true,
    get(this: Finding) {
      const value = text();
      settle(this, value);
      return value;
    },
    set(this: Finding, value: string) {
      settle(this, value);
    },
  });
}

/** A copy of `f` with `changes`, whose explanation, if it was deferred and not read yet, is still built only when read. */
export function findingWith<F extends object>(f: F, changes: Partial<F>): F {
  return Object.assign(Object.defineProperties({}, Object.getOwnPropertyDescriptors(f)), changes) as F;
}

/** Converts offsets to positions; `base` shifts every offset (a sentence linted inside a larger text). */
export class FindingBuilder {
  private readonly starts: number[];
  constructor(private readonly text: string) {
    this.starts = lineStarts(text);
  }
  pos(offset: number): Position {
    return positionFromStarts(this.starts, Math.max(0, Math.min(offset, this.text.length)));
  }
  build(f: PlainFinding): Finding {
    const fixes: Fix[] = f.fixes.map((x) => ({
      title: x.title,
      edits: x.edits.map((e) => ({ start: this.pos(e.start), end: this.pos(e.end), newText: e.newText })),
    }));
    const out: Finding = {
      ruleId: f.ruleId,
      message: f.message,
      severity: f.severity ?? 'warning',
      confidence: f.confidence,
      start: this.pos(f.start),
      end: this.pos(f.end),
      fixes,
      explanation: '',
    };
    withExplanation(out, f.explanation);
    if (f.basis) out.basis = f.basis;
    if (f.related && f.related.length > 0)
      out.related = f.related.map((r) => ({ start: this.pos(r.start), end: this.pos(r.end), message: r.message }));
    return out;
  }
}

/** The smallest edit turning `oldText` (at `offset`) into `newText`: common prefix and suffix trimmed. */
export function minimalEdit(offset: number, oldText: string, newText: string): PlainEdit {
  let p = 0;
  while (p < oldText.length && p < newText.length && oldText[p] === newText[p]) p++;
  let q = 0;
  while (q < oldText.length - p && q < newText.length - p && oldText[oldText.length - 1 - q] === newText[newText.length - 1 - q]) q++;
  return { start: offset + p, end: offset + oldText.length - q, newText: newText.slice(p, newText.length - q) };
}
