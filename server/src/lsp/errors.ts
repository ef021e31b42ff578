/** Error text for logs: the stack when there is one. */
export function errorText(e: unknown): string {
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}
