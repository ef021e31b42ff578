/**
 * One `puncteme lint` run over already-collected inputs: reads them, lints them (cache, workers, fixes), and returns
 * the reports plus what to tell the user. Knows nothing of argument syntax or output formats.
 */
import * as os from 'os';
import type { AudienceDecision } from '../../engine/audience';
import { Finding, LintOptions } from '../../engine/types';
import { realDirectory, writeTarget } from '../../edits/links';
import { writeFileAtomic } from '../../edits/atomicWrite';
import { safeEdits } from '../../edits/safeFixes';
import { FileReport } from '../format';
import { ProseKind } from '../proseAdapter';
import { LintCache } from './cache';
import { validCachedFindings } from './cachedFindings';
import { modelFingerprint } from './modelFingerprint';
import { inProcessEngine, LintEngine, workerPoolEngine } from './engines';
import { ProgressBar } from './progress';
import { readInput } from './readInput';
import { LintTask, LintTaskResult, TaskSettings } from './task';
import { workerCount } from './workerCount';

export interface RunInput {
  /** Shown in reports. */
  display: string;
  kind: ProseKind;
  /** Absolute path on disk; absent for standard input. */
  path?: string;
  /** Text already read (standard input). */
  text?: string;
}

export interface RunSettings {
  options: LintOptions;
  fix: 'off' | 'write' | 'dry-run';
  fixMinConfidence: number;
  /** Worker threads; undefined = as many as the work is worth, up to the number of cores. */
  jobs?: number;
  maxFileBytes: number;
  /** The working directory: `--fix` writes only inside it, and the cache path is judged against it. */
  cwd: string;
  cacheFile?: string;
  progress?: (s: string) => void;
}

export interface RunOutcome {
  reports: FileReport[];
  notes: string[];
  errors: string[];
  /** Unified diffs (`--fix-dry-run`). */
  diffs: string[];
  fixedFiles: number;
  appliedEdits: number;
  /** Files whose findings came from the cache (each counted once). */
  cacheHits: number;
}

interface Doc extends RunInput {
  text: string;
  bom?: boolean;
}

export function defaultJobs(): number {
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

/** Default worker count: the cores the machine's load leaves idle, but no more than the amount of text justifies. */
function autoJobs(docs: readonly Doc[]): number {
  const chars = docs.reduce((n, d) => n + d.text.length, 0);
  return workerCount(chars, { cores: defaultJobs(), load: os.loadavg()[0] });
}

export async function lintRun(inputs: readonly RunInput[], settings: RunSettings): Promise<RunOutcome> {
  const out: RunOutcome = { reports: [], notes: [], errors: [], diffs: [], fixedFiles: 0, appliedEdits: 0, cacheHits: 0 };
  const docs: Doc[] = [];
  for (const input of inputs) {
    if (input.text !== undefined) {
      docs.push({ ...input, text: input.text });
      continue;
    }
    const r = readInput(input.path!, settings.maxFileBytes);
    if ('text' in r) docs.push({ ...input, text: r.text, bom: r.bom });
    else if ('skipped' in r) out.notes.push(`${input.display}: ${r.skipped}`);
    else out.errors.push(`${input.display}: ${r.error}`);
  }
  if (docs.length === 0) return out;
  const realCwd = realDirectory(settings.cwd);

  const taskSettings: TaskSettings = {
    options: settings.options,
    ...(settings.fix !== 'off' ? { fixMinConfidence: settings.fixMinConfidence } : {}),
  };
  const opened = settings.cacheFile ? LintCache.open(settings.cacheFile, settings.cwd) : undefined;
  if (opened && 'warning' in opened) out.notes.push(`warning: ${opened.warning}`);
  const cache = opened && 'cache' in opened ? opened.cache : undefined;
  const fromCacheIds = new Set<number>();
  const fingerprint = cache ? modelFingerprint() : '';
  const cacheSettings = settings.options;
  const progress = new ProgressBar(docs.length, docs.length >= 20 ? settings.progress : undefined);
  /** The cached findings of a document that needs no work under engine `version`, else undefined. */
  const fromCache = (doc: Doc, id: number, version: string): { known?: Finding[]; audience?: AudienceDecision; done: boolean } => {
    if (!cache || !doc.path) return { done: false };
    const key = LintCache.key(doc.text, doc.kind, version, cacheSettings);
    const raw = cache.get(doc.path, key);
    const known = raw === undefined ? undefined : validCachedFindings(raw, doc.text, doc.kind);
    if (!known) return { done: false };
    fromCacheIds.add(id);
    const fixable = settings.fix !== 'off' && safeEdits(doc.text, known, settings.fixMinConfidence).length > 0;
    const audience = cache.audience(doc.path, key);
    return { known, ...(audience ? { audience } : {}), done: !fixable };
  };

  // With the models unchanged since the cache was written, unchanged files are answered before any model loads.
  const results: Array<LintTaskResult | undefined> = docs.map(() => undefined);
  let assumedVersion = cache?.engine?.fingerprint === fingerprint ? cache.engine.version : undefined;
  if (assumedVersion !== undefined) {
    docs.forEach((doc, id) => {
      const hit = fromCache(doc, id, assumedVersion!);
      if (hit.done) {
        results[id] = { id, findings: hit.known!, applied: 0, ...(hit.audience ? { audience: hit.audience } : {}) };
        progress.tick();
      }
    });
  }
  const pending = docs.map((_, id) => id).filter((id) => !results[id]);
  let engine: LintEngine | undefined;
  try {
    if (pending.length) {
      const pendingDocs = pending.map((id) => docs[id]);
      const workers = Math.max(1, Math.min(settings.jobs ?? autoJobs(pendingDocs), pendingDocs.length));
      engine = workers > 1 ? await workerPoolEngine(workers, taskSettings) : await inProcessEngine(taskSettings);
      const version = engine.version;
      if (assumedVersion !== undefined && assumedVersion !== version) {
        // The models changed after all: nothing answered from the cache under the old version stands.
        for (const [id, r] of results.entries()) if (r) results[id] = undefined;
        assumedVersion = undefined;
        fromCacheIds.clear();
      }
      cache?.setEngine(fingerprint, version);
      // Only on request (PUNCTEME_RULES_ONLY=1): a missing or corrupt model file stops the run before this (exit 2).
      if (version === 'rules-only') out.notes.push('the trained models were not loaded: only the typographic rules ran');
      const lintEngine = engine;
      await Promise.all(
        docs.map(async (doc, id) => {
          if (results[id]) return;
          const hit = fromCache(doc, id, version);
          const task: LintTask = { id, text: doc.text, kind: doc.kind, ...(hit.known ? { known: hit.known } : {}) };
          results[id] = hit.done ? { id, findings: hit.known!, applied: 0, ...(hit.audience ? { audience: hit.audience } : {}) } : await lintEngine.lint(task);
          progress.tick();
        }),
      );
    }
    const version = engine?.version ?? assumedVersion!;
    progress.clear();
    for (const r of results as LintTaskResult[]) {
      const doc = docs[r.id];
      if (r.error) out.errors.push(`${doc.display}: ${r.error}`);
      for (const n of r.notes ?? []) out.notes.push(`${doc.display}: ${n}`);
      let text = doc.text;
      if (r.fixed !== undefined) {
        out.appliedEdits += r.applied;
        out.fixedFiles++;
        // diff is loaded only for a dry run's patches (~15 ms CPU of every start otherwise).
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        if (settings.fix === 'dry-run') out.diffs.push((require('diff') as typeof import('diff')).createTwoFilesPatch(doc.display, doc.display, doc.text, r.fixed));
        else if (doc.path) {
          // A symbolic link is never replaced by a file: the fix goes to its target, if that is inside the working directory.
          const target = writeTarget(doc.path, realCwd);
          if (target === undefined) out.notes.push(`${doc.display}: not fixed (a symbolic link to a file outside the working directory)`);
          else {
            try {
              writeFileAtomic(target, doc.bom ? `\uFEFF${r.fixed}` : r.fixed);
              text = r.fixed;
            } catch (e) {
              out.errors.push(`${doc.display}: cannot write the fixed file: ${(e as Error).message}`);
            }
          }
        }
      }
      // A document with notes (a budget stopped the model) is not cached: its next run must say so again.
      if (cache && doc.path && !r.error && !r.notes?.length && (r.fixed === undefined || text === r.fixed)) {
        cache.set(doc.path, LintCache.key(text, doc.kind, version, cacheSettings), r.findings, r.audience);
      }
      // The findings of a fixed document are those left in its fixed text (written or not).
      out.reports.push({ file: doc.display, findings: r.findings, text: r.fixed ?? doc.text, ...(r.audience ? { audience: r.audience } : {}) });
    }
    out.cacheHits = fromCacheIds.size;
    try {
      cache?.save();
    } catch (e) {
      out.notes.push(`warning: cannot write the cache ${settings.cacheFile}: ${(e as Error).message}`);
    }
  } finally {
    await engine?.close();
  }
  return out;
}
