/**
 * harper.js (Automattic's grammar checker, WASM) as a baseline: its lints whose first suggestion changes only
 * punctuation, applied as plain edits. Loaded lazily (ESM) so that nothing else depends on it.
 */
import { PlainEdit } from './score';

export interface HarperRunner {
  edits(text: string): Promise<Array<{ edits: PlainEdit[]; kind: string; message: string }>>;
}

const importEsm = new Function('s', 'return import(s)') as (s: string) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Letters and digits of a string: an edit that changes them is not a punctuation edit. */
function wordChars(s: string): string {
  return s.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();
}

/** The marks of a string, spaces, letters and digits removed. */
function punctChars(s: string): string {
  return s.replace(/[\p{L}\p{N}\s]/gu, '');
}

/** Harper's spans count Unicode scalar values; JavaScript strings count UTF-16 units. */
function utf16Offsets(text: string): (charIndex: number) => number {
  const map: number[] = [];
  let k = 0;
  for (const ch of text) {
    map.push(k);
    k += ch.length;
  }
  map.push(k);
  return (c) => map[Math.min(c, map.length - 1)];
}

export async function loadHarper(): Promise<HarperRunner> {
  const harper = await importEsm('harper.js');
  const { binaryInlined } = await importEsm('harper.js/binaryInlined');
  const linter = new harper.LocalLinter({ binary: binaryInlined, dialect: harper.Dialect.American });
  await linter.setup();
  return {
    async edits(text) {
      const lints = await linter.lint(text, { language: 'plaintext' });
      const at = utf16Offsets(text);
      const out: Array<{ edits: PlainEdit[]; kind: string; message: string }> = [];
      for (const l of lints) {
        const span = l.span();
        const start = at(span.start);
        const end = at(span.end);
        const sugg = l.suggestions()[0];
        if (!sugg) continue;
        const kind = sugg.kind();
        const repl = sugg.get_replacement_text();
        const edit: PlainEdit =
          kind === harper.SuggestionKind.Remove
            ? { start, end, newText: '' }
            : kind === harper.SuggestionKind.InsertAfter
              ? { start: end, end, newText: repl }
              : { start, end, newText: repl };
        const before = text.slice(edit.start, edit.end);
        if (wordChars(before) !== wordChars(edit.newText)) continue;
        if (punctChars(before) === punctChars(edit.newText)) continue; // case or spacing only
        out.push({ edits: [edit], kind: l.lint_kind(), message: l.message() });
      }
      return out;
    },
  };
}
