/**
 * A timeline of a document's analysis, for finding where the time goes between `didOpen` and the first diagnostics:
 * with PUNCTEME_TRACE set, the server and its worker log `puncteme trace <epoch ms> <event>` lines (the worker's
 * through the server's log). Both threads share the clock (`performance.timeOrigin + performance.now()`).
 */
export const TRACING = !!process.env.PUNCTEME_TRACE;

export function traceLine(event: string): string {
  return `puncteme trace ${(performance.timeOrigin + performance.now()).toFixed(1)} ${event}`;
}
