/**
 * What the CLI prints comes partly from outside: file names from the disk, messages that quote a document, cached
 * findings. A terminal obeys control characters in them (escape sequences can rewrite the screen, set the window
 * title, hide text; bidirectional overrides reorder what a reviewer reads), so they are shown as visible escapes.
 */

/** C0 and C1 controls (with DEL), the line and paragraph separators, and the bidirectional embeddings, overrides and isolates. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same, sparing the line feed, the tab and a carriage return before a line feed (CRLF files' diffs). */
const CONTROLS_BUT_LAYOUT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;

function escape(c: string): string {
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** One line of text (a file name, a message) with every control character shown as an escape (`\x1B`, `\u202E`). */
export function printable(s: string): string {
  return s.replace(CONTROLS, escape);
}

/** A multi-line text: as `printable`, but line feeds, tabs and CRLF line ends stay. */
export function printableLines(s: string): string {
  return s.replace(CONTROLS_BUT_LAYOUT, escape);
}

/**
 * A report that paints with SGR colour sequences (`ESC [ n m`) of its own: those stay, and every other control
 * character is escaped. A safety net behind `printable`, for text a formatter took from a document itself.
 */
export function printablePainted(s: string): string {
  let out = '';
  let at = 0;
  for (const m of s.matchAll(/\x1b\[[0-9;]*m/g)) {
    out += printableLines(s.slice(at, m.index)) + m[0];
    at = m.index! + m[0].length;
  }
  return out + printableLines(s.slice(at));
}

/**
 * JSON text with the characters `JSON.stringify` leaves raw but a terminal obeys (DEL, C1 controls, separators,
 * bidirectional controls) written as `\uXXXX` escapes: the same JSON value, safe to print.
 */
export function terminalSafeJson(json: string): string {
  return json.replace(/[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
