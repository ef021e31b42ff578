/**
 * Hover on a finding: in plain words what is wrong and what to write, the rule's page; below a rule, "More": the
 * model's explanation with the bracketing as code, and the confidence (`engine/plainWords.ts`, as `puncteme explain`).
 */
import { Hover, MarkupKind, Position } from 'vscode-languageserver';
import { PlainExplanation, plainExplanation } from '../engine/plainWords';
import { Finding, LintOptions } from '../engine/types';
import { ProseBlock, documentRange } from '../prose/block'; // not the index: it would load the extractors into the main thread
import { blockOptions } from '../prose/documentOptions';
import { rangeOf, ruleDocsHref } from './diagnostics';
import type { BlockExplanation } from './workerProtocol';

function contains(f: Finding, p: Position): boolean {
  const afterStart = p.line > f.start.line || (p.line === f.start.line && p.character >= f.start.character);
  const beforeEnd = p.line < f.end.line || (p.line === f.end.line && p.character <= f.end.character);
  return afterStart && beforeEnd;
}

/**
 * The explanation as Markdown: a bracketing of the underlying tree (`[ [“ Dale ”] means … ]`, alone on its line or
 * after a label such as "Underlying punctuation (most probable tree T′):") becomes a `puncteme-tree` code block,
 * highlighted by the extension's grammar; the rest stays text.
 */
export function explanationMarkdown(explanation: string): string {
  const out: string[] = [];
  for (const line of explanation.split('\n')) {
    const m = /^(.*?:)?\s*(\[.*\])\s*$/.exec(line);
    if (m) {
      if (m[1]) out.push(m[1], '');
      out.push('```puncteme-tree', m[2], '```', '');
    } else out.push(line, '');
  }
  return out.join('\n').trim();
}

/**
 * The findings at `p` with their explanations. An edit's analysis leaves explanations out (they cost a Viterbi pass
 * each); here the block of each finding that lacks one is linted again with explanations (with the options the
 * analysis gave that block, and its findings that wait for the document's habit), and the finding is matched by rule
 * and document range.
 */
export async function explainedAt(
  analysis: { findings: readonly Finding[]; blocks: readonly ProseBlock[]; options: LintOptions },
  p: Position,
  explainBlock: (text: string, options: LintOptions) => Promise<BlockExplanation[]>,
): Promise<Finding[]> {
  const here = analysis.findings.filter((f) => contains(f, p));
  // The blocks' options as the document's analysis had them (the document's quote habit); only if one is needed.
  let optionsOf: LintOptions[] | undefined;
  return Promise.all(
    here.map(async (f) => {
      if (f.explanation) return f;
      const at = f.start.offset;
      const index = analysis.blocks.findIndex((b) => b.offsets[0] <= at && at <= b.offsets[b.text.length]);
      if (index < 0) return f;
      const block = analysis.blocks[index];
      optionsOf ??= blockOptions(analysis.blocks, analysis.options);
      const explained = await explainBlock(block.text, optionsOf[index]);
      const match = explained.find((e) => {
        const r = e.ruleId === f.ruleId ? documentRange(block, e.start, e.end) : undefined;
        return r !== undefined && r.start === f.start.offset && r.end === f.end.offset;
      });
      return match ? { ...f, explanation: match.explanation } : f;
    }),
  );
}

/** Markdown-escapes prose quoted from the document (so that its `*`, `_` or brackets show as written). */
function escapeMarkdown(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+!|<>~]/g, (c) => `\\${c}`);
}

/** One finding's hover text: the plain lead first, the model's view after a rule, under "More". */
export function plainMarkdown(f: Finding, p: PlainExplanation): string {
  const href = ruleDocsHref(f.ruleId);
  const rule = href ? `[\`${f.ruleId}\`](${href})` : `\`${f.ruleId}\``;
  const lead = [`**${escapeMarkdown(p.wrong)}**`];
  if (p.write) {
    const w = p.write;
    // The changed marks as code, which stands out wherever it is (bold around a comma next to a letter is not bold in
    // CommonMark); where marks were only removed, the words around the spot alone.
    const [, lead0, core, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(w.changed)!;
    const fence = core.includes('`') ? '`` ' : '`';
    const changed = core ? `${lead0}${fence}${core}${[...fence].reverse().join('')}${trail}` : w.changed;
    lead.push(`Write: ${w.cut.start ? '…' : ''}${escapeMarkdown(w.before)}${changed}${escapeMarkdown(w.after)}${w.cut.end ? '…' : ''}`);
  }
  lead.push(`Rule: ${rule}`);
  const more = p.more.map((m) => (typeof m === 'string' ? escapeMarkdown(m) : `${escapeMarkdown(m.label)}\n\n\`\`\`puncteme-tree\n${m.tree}\n\`\`\``));
  return `${lead.join('\n\n')}\n\n---\n\n**More** (what the model saw)\n\n${more.join('\n\n')}`;
}

export function findingHover(findings: readonly Finding[], p: Position, text?: string): Hover | undefined {
  const here = findings.filter((f) => contains(f, p));
  if (!here.length) return undefined;
  const parts = here.map((f) => plainMarkdown(f, plainExplanation(f, text ?? '')));
  return { contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n---\n\n') }, range: rangeOf(here[0]) };
}
