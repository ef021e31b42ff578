/**
 * Linting one document, the same way in the main thread and in a worker: findings, or with fixing on, the fixed
 * text and the findings that remain.
 */
import { AudienceDecision, audienceOf, Linter } from '../../engine';
import { Finding, LintOptions } from '../../engine/types';
import { fixDocument } from '../fix/fixDocument';
import { BlockErrors, lintDocument, ProseKind } from '../proseAdapter';

export interface LintTask {
  id: number;
  text: string;
  kind: ProseKind;
  /** Findings already known for `text` (from the cache), so fixing need not lint it again. */
  known?: Finding[];
}

export interface LintTaskResult {
  id: number;
  findings: Finding[];
  /** Present when fixing changed the text. */
  fixed?: string;
  applied: number;
  error?: string;
  /** What the user must be told about the document ("line N: why"): parts not checked, budgets that stopped the model. */
  notes?: string[];
  /** The standard the text as given was held to (`engine/audience.ts`); absent when it came from the cache. */
  audience?: AudienceDecision;
}

export interface TaskSettings {
  options: LintOptions;
  /** Fix threshold; undefined = do not fix. */
  fixMinConfidence?: number;
}

export function runTask(linter: Linter, task: LintTask, settings: TaskSettings): LintTaskResult {
  // Notes of the text as given; fixing lints the fixed text again, whose notes would repeat them.
  let notes: string[] | undefined;
  let audience: AudienceDecision | undefined;
  const withNotes = (r: LintTaskResult): LintTaskResult => ({ ...r, ...(notes?.length ? { notes } : {}), ...(audience ? { audience } : {}) });
  // The fixed text is held to the standard the text as given was: under `audience: auto`, fixing an error-prone
  // text's findings could otherwise take it below the line and hide the findings left (a comma splice the fix did
  // not apply vanished and the file linted clean).
  let options = settings.options;
  try {
    const lint = (text: string) => {
      if (task.known && text === task.text) return task.known;
      const first = notes === undefined;
      notes ??= [];
      const found = lintDocument(linter, text, task.kind, options, (n) => first && notes!.push(n), (d) => {
        if (!first) return;
        audience = d;
        if (audienceOf(options) === 'auto') options = { ...options, audience: d.audience };
      });
      return found;
    };
    if (settings.fixMinConfidence === undefined) return withNotes({ id: task.id, findings: lint(task.text), applied: 0 });
    const r = fixDocument(task.text, lint, settings.fixMinConfidence);
    return withNotes({ id: task.id, findings: r.findings, applied: r.applied, ...(r.text !== task.text ? { fixed: r.text } : {}) });
  } catch (e) {
    // One document's failure must not stop the run; it is reported as an error for that file (exit code 2).
    if (e instanceof BlockErrors) return withNotes({ id: task.id, findings: e.findings, applied: 0, error: e.message });
    return { id: task.id, findings: [], applied: 0, error: `internal error while linting: ${(e as Error).stack ?? e}` };
  }
}
