/**
 * The quiet time after an edit before a document is checked again, adapted to how long checking it takes (issue 37).
 * A fixed 100 ms was 90% of the edit → diagnostics time while an edit's analysis took 6–15 ms: there is nothing to save
 * by waiting for a check that costs less than the wait (an edit that comes during it cancels it anyway). While the
 * analysis is slow (a long paragraph, a loaded machine), waiting longer saves starting analyses that the next
 * keystroke cancels.
 *
 * The wait is the document's typical analysis time (waiting longer than an analysis costs saves less than it delays),
 * within [setting / 5, setting × 10]: with the default `puncteme.debounceMs` of 100, from 20 ms (analyses under 20 ms)
 * to 1 s (analyses of 1 s or more); 0
 * keeps no wait at all. The typical time is an exponentially weighted mean of the analyses that edits started (the
 * whole-document analysis at opening says nothing about an edit's, which reads its cached paragraphs).
 */

/** The wait is this many times the typical analysis time: at most an analysis' worth of work is started in vain. */
export const ADAPT_FACTOR = 1;
/** The wait stays within [setting / SHORTEST_DIVISOR, setting]. */
export const SHORTEST_DIVISOR = 5;
/** Weight of the newest analysis in the typical time: a few edits move it, one outlier does not make it. */
export const NEWEST_WEIGHT = 0.3;

/** The typical analysis time after one more analysis of `observedMs` (the first one is taken as it is). */
export function nextTypicalMs(typicalMs: number | undefined, observedMs: number): number {
  if (!Number.isFinite(observedMs) || observedMs < 0) return typicalMs ?? 0;
  return typicalMs === undefined ? observedMs : typicalMs + NEWEST_WEIGHT * (observedMs - typicalMs);
}

/**
 * The wait before analysing after an edit: `settingMs` itself while nothing is known of the document's analyses,
 * else ADAPT_FACTOR × the typical time within [settingMs / 5, settingMs].
 */
export function debounceMs(settingMs: number, typicalMs: number | undefined): number {
  if (!(settingMs > 0)) return 0;
  if (typicalMs === undefined) return settingMs;
  const wait = ADAPT_FACTOR * typicalMs;
  return Math.round(Math.min(settingMs, Math.max(settingMs / SHORTEST_DIVISOR, wait)));
}

/** Per open document: whether its pending analysis was started by an edit, and its edits' typical analysis time. */
export class AdaptiveDebounce {
  private readonly typical = new Map<string, number>();
  private readonly byEdit = new Set<string>();

  /** The wait for an analysis about to be scheduled; `edit` says whether an edit asks for it. */
  schedule(uri: string, settingMs: number, edit: boolean): number {
    if (edit) this.byEdit.add(uri);
    else this.byEdit.delete(uri);
    return edit ? debounceMs(settingMs, this.typical.get(uri)) : 0;
  }

  /** A finished analysis of the document, `busyMs` long (counted only when an edit started it). */
  analysed(uri: string, busyMs: number): void {
    if (this.byEdit.has(uri)) this.typical.set(uri, nextTypicalMs(this.typical.get(uri), busyMs));
  }

  forget(uri: string): void {
    this.typical.delete(uri);
    this.byEdit.delete(uri);
  }
}
