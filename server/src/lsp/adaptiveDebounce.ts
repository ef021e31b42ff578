/**
 * The quiet time after an edit before a document is checked again, adapted to how long checking it takes (issue 37).
 * A fixed 100 ms was 90% of the edit → diagnostics time while an edit's analysis took 6–15 ms: there is nothing to save
 * by waiting for a check that costs less than the wait (an edit that comes during it cancels it anyway). While the
 * analysis is slower, waiting longer saves starting analyses that the next keystroke cancels, up to the setting.
 *
 * The wait is the document's typical analysis time (waiting longer than an analysis costs saves less than it delays),
 * within [setting / 5, setting]: with the default `puncteme.debounceMs` of 100, from 20 ms (analyses under 20 ms) to
 * 100 ms (analyses of 100 ms or more); 0 keeps no wait at all. Not longer than the setting: on the loaded 2-core
 * machine, waits of up to ten times it (analyses slowed to 50–400 ms) doubled the edit → diagnostics p95 (560 → 1,114
 * ms) for the work they saved. The typical time is the median of the last RECENT analyses that edits started (the
 * whole-document analysis at opening is not one, as an edit reads its other paragraphs from the cache): a weighted mean
 * kept the first edit's slow analysis (compiling) in the wait for a dozen edits. Until an edit was analysed, the
 * opening's time per paragraph stands in for it (an edit re-analyses about one paragraph), else the setting.
 */

/** The wait is this many times the typical analysis time: at most an analysis' worth of work is started in vain. */
export const ADAPT_FACTOR = 1;
/** The wait stays within [setting / SHORTEST_DIVISOR, setting]. */
export const SHORTEST_DIVISOR = 5;
/** The typical time is the median of this many recent edit analyses: one outlier does not move it, a few do. */
export const RECENT = 5;

/** The median of the recent analysis times (undefined when there are none). */
export function typicalMs(recentMs: readonly number[]): number | undefined {
  if (recentMs.length === 0) return undefined;
  const s = [...recentMs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** The recent analysis times after one more of `observedMs` (the oldest dropped beyond RECENT; bad times ignored). */
export function withAnalysis(recentMs: readonly number[], observedMs: number): number[] {
  if (!Number.isFinite(observedMs) || observedMs < 0) return [...recentMs];
  return [...recentMs, observedMs].slice(-RECENT);
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
  private readonly recent = new Map<string, number[]>();
  private readonly perParagraph = new Map<string, number[]>();
  private readonly byEdit = new Set<string>();

  /** The wait for an analysis about to be scheduled; `edit` says whether an edit asks for it. */
  schedule(uri: string, settingMs: number, edit: boolean): number {
    if (edit) this.byEdit.add(uri);
    else this.byEdit.delete(uri);
    return edit ? debounceMs(settingMs, typicalMs(this.recent.get(uri) ?? this.perParagraph.get(uri) ?? [])) : 0;
  }

  /**
   * A finished analysis of the document, `busyMs` long over `paragraphs` prose blocks: an edit's counts; another's
   * (opening, saving) gives its time per paragraph, used until an edit's is known.
   */
  analysed(uri: string, busyMs: number, paragraphs: number): void {
    if (this.byEdit.has(uri)) this.recent.set(uri, withAnalysis(this.recent.get(uri) ?? [], busyMs));
    else this.perParagraph.set(uri, withAnalysis([], busyMs / Math.max(1, paragraphs)));
  }

  forget(uri: string): void {
    this.recent.delete(uri);
    this.perParagraph.delete(uri);
    this.byEdit.delete(uri);
  }
}
