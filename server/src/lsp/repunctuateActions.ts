/**
 * The re-punctuating code actions (issue 35) and the picture request, translated between document positions and the
 * prose blocks the engine reads: "Delete this phrase with its punctuation", "Move this phrase to the start of the
 * sentence", "Join with the next sentence", each one text edit (one undo step) with the re-punctuated sentence in its
 * title. They are computed only when asked for (the writer invokes code actions, or the refactor menu asks), never on
 * every cursor move, since each costs a parse and an inference.
 */
import { CodeAction, CodeActionContext, CodeActionKind, CodeActionTriggerKind, Position, Range } from 'vscode-languageserver';
import type { RepunctuationOffer } from '../engine/repunctuate';
import { lineStarts, positionFromStarts } from '../engine/positions';
import { ProseBlock } from '../prose/block';
import type { Analysis } from './analyzer';
import { PictureResult } from '../protocol';

export const REPUNCTUATE_KIND = `${CodeActionKind.RefactorRewrite}.puncteme`;

/**
 * Longest the editor's code-action menu waits for these actions: the quick fixes come in the same answer, so past this
 * the menu shows them without the re-punctuating edits (about 0.1 s for a 40-word sentence; a cold or busy worker
 * could take seconds).
 */
export const REPUNCTUATE_BUDGET_MS = 1000;

/** Whether the client asked for these actions: invoked by the writer, or a menu asking for refactorings. */
export function wantsRepunctuation(context: CodeActionContext): boolean {
  if (context.only) return context.only.some((k) => REPUNCTUATE_KIND === k || REPUNCTUATE_KIND.startsWith(`${k}.`));
  return context.triggerKind === CodeActionTriggerKind.Invoked;
}

function offsetOf(starts: readonly number[], text: string, p: Position): number {
  const line = Math.min(Math.max(p.line, 0), starts.length - 1);
  return Math.min(starts[line] + Math.max(p.character, 0), text.length);
}

/** The block holding a document offset, and the block position of that offset. */
function blockAt(blocks: readonly ProseBlock[], offset: number): { block: ProseBlock; at: number } | undefined {
  for (const block of blocks) {
    const o = block.offsets;
    if (offset < o[0] || offset > o[block.text.length]) continue;
    let at = 0;
    while (at < block.text.length && o[at] < offset) at++;
    return { block, at };
  }
  return undefined;
}

/** The document range of block positions [start, end), or undefined when it spans a gap (code, markup) of the block. */
function documentRange(block: ProseBlock, start: number, end: number): [number, number] | undefined {
  const o = block.offsets;
  for (let i = start; i + 1 < end; i++) if (o[i + 1] !== o[i] + 1) return undefined;
  // Stand-ins are words the writer did not write as prose (inline code), holes where such words were: never rewritten.
  if ((block.standIns ?? []).some((s) => s.index < end && s.index + s.length > start)) return undefined;
  if (block.holes?.some((h) => h > start && h < end)) return undefined;
  return [o[start], o[end - 1] + 1];
}

function lspPosition(starts: number[], offset: number): Position {
  const p = positionFromStarts(starts, offset);
  return { line: p.line, character: p.character };
}

export async function repunctuationActions(
  a: Analysis,
  range: Range,
  offers: (text: string, start: number, end: number) => Promise<RepunctuationOffer[]>,
): Promise<CodeAction[]> {
  const starts = lineStarts(a.text);
  const from = offsetOf(starts, a.text, range.start), to = offsetOf(starts, a.text, range.end);
  const here = blockAt(a.blocks, from);
  if (!here) return [];
  const end = to > from ? Math.min(blockAt([here.block], to)?.at ?? here.block.text.length, here.block.text.length) : here.at;
  const out: CodeAction[] = [];
  const late = new Promise<RepunctuationOffer[]>((resolve) => setTimeout(() => resolve([]), REPUNCTUATE_BUDGET_MS).unref());
  for (const o of await Promise.race([offers(here.block.text, here.at, end), late])) {
    const r = documentRange(here.block, o.start, o.end);
    if (!r) continue;
    out.push({
      title: o.title,
      kind: REPUNCTUATE_KIND,
      edit: {
        documentChanges: [
          { textDocument: { uri: a.uri, version: a.version }, edits: [{ range: { start: lspPosition(starts, r[0]), end: lspPosition(starts, r[1]) }, newText: o.newText }] },
        ],
      },
    });
  }
  return out;
}

/** The picture of the sentence at a position (null outside prose). */
export async function pictureAtPosition(
  a: Analysis,
  position: Position,
  picture: (text: string, offset: number) => Promise<PictureResult | null>,
): Promise<PictureResult | null> {
  const starts = lineStarts(a.text);
  const here = blockAt(a.blocks, offsetOf(starts, a.text, position));
  return here ? picture(here.block.text, here.at) : null;
}
