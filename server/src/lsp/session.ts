/**
 * The language server: wires the LSP connection to the analyzer, settings, code actions, hover and commands.
 * Everything that translates lives in its own module (diagnostics, codeActions, hover); this file only routes.
 */
import * as path from 'path';
import * as v8 from 'v8';
import { fileURLToPath } from 'url';
import {
  CodeActionKind,
  Connection,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  InitializeResult,
  MessageType,
  ShowMessageNotification,
  TextDocumentSyncKind,
  TextDocuments,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CONFIG_FILE_NAME } from '../config';
import { ProseKind, proseKindForLanguageId, proseKindForPath } from '../prose/kinds'; // the extractors live in the worker
import { AdaptiveDebounce } from './adaptiveDebounce';
import { Analysis, Analyzer, Job, errorText } from './analyzer';
import { DISABLE_RULE_COMMAND, FIX_ALL_KIND, HIDE_FALSE_POSITIVE_COMMAND, codeActions, fixAllEdits } from './codeActions';
import { noteDiagnostic, rangeOf, toDiagnostic, truncatedDiagnostic } from './diagnostics';
import { COMMAND_BUDGET_MS, EXPLAIN_STOPPED, PARAGRAPH_BUDGET_MS } from './budget';
import { lineStarts, positionFromStarts } from '../engine/positions';
import { EngineClient } from './engineClient';
import { explainedAt, findingHover } from './hover';
import { ProjectConfigCache } from './projectConfigCache';
import { pictureAtPosition, repunctuationActions, REPUNCTUATE_KIND, wantsRepunctuation } from './repunctuateActions';
import {
  COMMANDS,
  FIRST_SCREEN_CHARACTERS,
  PICTURE_REQUEST,
  PictureParams,
  STATS_REQUEST,
  STATUS_NOTIFICATION,
  StatsResult,
  StatusParams,
  VISIBLE_RANGES_NOTIFICATION,
  VisibleRangesParams,
} from '../protocol';
import { TRACING, traceLine } from './trace';
import { Settings, fromEditor, isExcluded, toLintOptions, withProjectConfig } from './settings';

export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const projectConfigs = new ProjectConfigCache((m) => void connection.window.showWarningMessage(`Puncteme: ${m}`));
  const editorSettings = new Map<string, Promise<unknown>>();
  const lastAnalysisMs: Record<string, number> = {};
  const lastAnalysisCpuMs: Record<string, number> = {};
  const toldTooLarge = new Set<string>();
  /** What the editor shows of each document (VISIBLE_RANGES_NOTIFICATION), as the client last said. */
  const visibleRanges = new Map<string, VisibleRangesParams['ranges']>();
  let globalSettings: unknown = {};
  let canPullConfiguration = false;
  let canShowProgress = false;
  let canWatchFiles = false;
  let canTrackFolders = false;
  let roots: string[] = [];

  const status = (p: StatusParams) => void connection.sendNotification(STATUS_NOTIFICATION, p);
  // A notification, not `window.showInformationMessage` (a `window/showMessageRequest` even without actions): Neovim
  // 0.7 shows such a request as a prompt that blocks the editor until answered, with nothing to answer.
  const tell = (message: string) => void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message });
  const log = (m: string) => connection.console.error(m);
  const trace = (event: string) => TRACING && log(traceLine(event));

  const engine = new EngineClient({
    ready(version, note) {
      status({ state: 'ready', message: note ? `models ${version} (${note})` : `models ${version}` });
      // Degraded (a model file missing or corrupt): said in window/showMessage, which every client shows, not only in
      // the custom status notification that generic clients ignore.
      if (note) {
        log(`puncteme: ${note}`);
        // A notification (window/showMessage), not connection.window.showWarningMessage's window/showMessageRequest,
        // which some clients hold open waiting for an answer.
        void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `Puncteme: ${note}. Only the typographic rules are checked until it is repaired (reinstall, or npm ci).` });
      }
    },
    loadError(message) {
      log(`puncteme: cannot load the models: ${message}`);
      status({ state: 'error', message: `Cannot load the Puncteme models: ${message}` });
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Error, message: `Puncteme: cannot load the models: ${message}` });
    },
    log,
  });
  const debounce = new AdaptiveDebounce();
  const analyzer = new Analyzer(engine, {
    log,
    publish(a: Analysis) {
      debounce.analysed(a.uri, a.busyMs, a.blocks.length);
      lastAnalysisMs[a.uri] = a.busyMs;
      lastAnalysisCpuMs[a.uri] = a.cpuMs;
      const diagnostics = a.findings.map((f, i) => toDiagnostic(f, a.uri, i));
      if (a.truncated.length || a.notes.length) {
        const starts = lineStarts(a.text);
        for (const offset of a.truncated) diagnostics.push(truncatedDiagnostic(positionFromStarts(starts, offset), PARAGRAPH_BUDGET_MS));
        for (const note of a.notes) diagnostics.push(noteDiagnostic(positionFromStarts(starts, note.offset), note.message));
      }
      trace(`publish complete ${diagnostics.length}`);
      void connection.sendDiagnostics({ uri: a.uri, version: a.version, diagnostics });
      status({ state: 'ready', uri: a.uri, findings: a.findings.length, ...(a.audience ? { audience: a.audience } : {}) });
    },
    partial(job: Job, findings) {
      trace(`publish partial ${findings.length}`);
      void connection.sendDiagnostics({ uri: job.uri, version: job.version, diagnostics: findings.map((f, i) => toDiagnostic(f, job.uri, i)) });
      status({ state: 'loading', uri: job.uri, findings: findings.length, message: `Checking… ${findings.length} finding(s) so far` });
    },
    async progress(job: Job, blocks: number) {
      if (!canShowProgress) return undefined;
      const reporter = await connection.window.createWorkDoneProgress();
      reporter.begin('Puncteme', 0, `checking ${blocks} paragraphs of ${path.basename(job.uri)}`, false);
      return { report: (pct, message) => reporter.report(pct, message), done: () => reporter.done() };
    },
    onError(job: Job, e: unknown) {
      log(`puncteme: analysis of ${job.uri} failed: ${errorText(e)}`);
      status({ state: 'error', uri: job.uri, message: e instanceof Error ? e.message : String(e) });
    },
  });

  const filePath = (uri: string): string | undefined => {
    try {
      return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
    } catch {
      return undefined;
    }
  };
  const rootOf = (file: string) => roots.filter((r) => file === r || file.startsWith(r + path.sep)).sort((a, b) => b.length - a.length)[0];

  async function settingsFor(uri: string): Promise<Settings> {
    let raw = editorSettings.get(uri);
    if (!raw) {
      raw = canPullConfiguration
        ? connection.workspace.getConfiguration({ scopeUri: uri, section: 'puncteme' }).catch(() => ({}))
        : Promise.resolve(globalSettings);
      editorSettings.set(uri, raw);
    }
    const s = fromEditor(await raw);
    const file = filePath(uri);
    return file ? withProjectConfig(s, projectConfigs.forDirectory(path.dirname(file))) : s;
  }

  function kindOf(doc: TextDocument): ProseKind | undefined {
    return proseKindForLanguageId(doc.languageId) ?? proseKindForPath(filePath(doc.uri) ?? doc.uri);
  }

  function skip(uri: string, message?: string): undefined {
    analyzer.forget(uri);
    void connection.sendDiagnostics({ uri, diagnostics: [] });
    status({ state: 'skipped', uri, message });
    return undefined;
  }

  async function prepare(uri: string): Promise<Job | undefined> {
    trace('prepare');
    const doc = documents.get(uri);
    if (!doc) return undefined;
    const s = await settingsFor(uri);
    const kind = kindOf(doc);
    if (!s.enable) return skip(uri, 'Puncteme is disabled (puncteme.enable).');
    if (!kind || !s.languages.includes(doc.languageId)) return skip(uri, `Puncteme does not check "${doc.languageId}" documents (puncteme.languages).`);
    const file = filePath(uri);
    if (file && isExcluded(s, file, rootOf(file))) return skip(uri, 'Excluded by puncteme.exclude.');
    const text = doc.getText();
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > s.maxFileSize) {
      const message = `Puncteme: ${path.basename(file ?? uri)} is ${(bytes / 1e6).toFixed(1)} MB, above puncteme.maxFileSize (${(s.maxFileSize / 1e6).toFixed(1)} MB); it is not checked.`;
      if (!toldTooLarge.has(uri)) tell(message);
      toldTooLarge.add(uri);
      return skip(uri, message);
    }
    toldTooLarge.delete(uri);
    if (text.includes('\u0000')) return skip(uri, 'Puncteme: this document looks binary (it contains NUL characters); it is not checked.');
    return { uri, version: doc.version, text, kind, options: toLintOptions(s), visible: visiblePart(doc) };
  }

  /** Document offsets [start, end) of what the editor shows: the ranges the client sent, else the first screen. */
  function visiblePart(doc: TextDocument): [number, number] {
    const ranges = visibleRanges.get(doc.uri);
    if (!ranges?.length) return [0, Math.min(doc.getText().length, FIRST_SCREEN_CHARACTERS)];
    return [Math.min(...ranges.map((r) => doc.offsetAt(r.start))), Math.max(...ranges.map((r) => doc.offsetAt(r.end)))];
  }

  async function validate(uri: string, trigger: 'open' | 'change' | 'save' | 'settings'): Promise<void> {
    trace(`validate ${trigger}`);
    const s = await settingsFor(uri);
    if (trigger === 'change' && s.run === 'onSave') return;
    analyzer.schedule(uri, debounce.schedule(uri, s.debounceMs, trigger === 'change'), () => prepare(uri));
  }
  const validateAll = () => documents.all().forEach((d) => void validate(d.uri, 'settings'));

  connection.onInitialize((params): InitializeResult => {
    const caps = params.capabilities ?? {}; // clients must send it; a bare one still gets a server
    canPullConfiguration = !!caps.workspace?.configuration;
    canShowProgress = !!caps.window?.workDoneProgress;
    canWatchFiles = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    canTrackFolders = !!caps.workspace?.workspaceFolders;
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    roots = folders.map((u) => filePath(u)).filter((p): p is string => !!p);
    // The worker loads the models while the editor goes on: from here, not `initialized`, as an editor that restores
    // its tabs opens documents at once.
    engine.start();
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND, REPUNCTUATE_KIND], resolveProvider: false },
        hoverProvider: true,
        executeCommandProvider: { commands: Object.values(COMMANDS) },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'puncteme-ls', version: '0.1.0' },
    };
  });

  connection.onInitialized(() => {
    if (canPullConfiguration) void connection.client.register(DidChangeConfigurationNotification.type, undefined).catch(() => undefined);
    // Editors other than VS Code (whose client watches the file itself) are asked to report config file changes.
    if (canWatchFiles) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: `**/${CONFIG_FILE_NAME}` }] }).catch(() => undefined);
    }
    // Roots decide where `puncteme.exclude` globs start and where a new .punctemerc.json goes.
    if (canTrackFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((e) => {
        const removed = new Set(e.removed.map((f) => filePath(f.uri)));
        roots = [...roots.filter((r) => !removed.has(r)), ...e.added.map((f) => filePath(f.uri)).filter((p): p is string => !!p)];
        validateAll();
      });
    }
    status({ state: 'loading', message: 'Loading the Puncteme models…' });
  });

  connection.onDidChangeConfiguration((change) => {
    globalSettings = (change.settings as { puncteme?: unknown } | undefined)?.puncteme ?? {};
    editorSettings.clear();
    validateAll();
  });

  connection.onDidChangeWatchedFiles((params) => {
    if (params.changes.some((c) => c.uri.endsWith(CONFIG_FILE_NAME))) {
      projectConfigs.clear();
      validateAll();
    }
  });

  // TextDocuments fires onDidChangeContent right after onDidOpen for the same opening: taken as an edit, it put the
  // edits' wait (puncteme.debounceMs) before the document's first analysis, and cancelled the opening's own.
  let opening: TextDocument | undefined;
  documents.onDidOpen((e) => {
    opening = e.document;
    void validate(e.document.uri, 'open');
  });
  documents.onDidChangeContent((e) => {
    const own = opening === e.document;
    opening = undefined;
    if (!own) void validate(e.document.uri, 'change');
  });
  documents.onDidSave((e) => void validate(e.document.uri, 'save'));
  connection.onNotification(VISIBLE_RANGES_NOTIFICATION, (p: VisibleRangesParams) => {
    if (typeof p?.uri === 'string' && Array.isArray(p.ranges)) visibleRanges.set(p.uri, p.ranges);
  });
  documents.onDidClose((e) => {
    visibleRanges.delete(e.document.uri);
    analyzer.forget(e.document.uri);
    debounce.forget(e.document.uri);
    editorSettings.delete(e.document.uri);
    toldTooLarge.delete(e.document.uri);
    delete lastAnalysisMs[e.document.uri];
    delete lastAnalysisCpuMs[e.document.uri];
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  /** The analysis of a document, if it matches the document's current version (never act on stale offsets). */
  const fresh = (uri: string): Analysis | undefined => {
    const a = analyzer.results.get(uri);
    const doc = documents.get(uri);
    return a && doc && a.version === doc.version ? a : undefined;
  };

  connection.onCodeAction(async (params) => {
    const a = fresh(params.textDocument.uri);
    if (!a) return [];
    const s = await settingsFor(a.uri);
    const fixes = codeActions(a, params.range, params.context.only, s.fixMinConfidence);
    if (!wantsRepunctuation(params.context)) return fixes;
    const edits = await repunctuationActions(a, params.range, (t, start, end) => engine.repunctuationOffers(t, start, end)).catch((e) => (log(`puncteme: re-punctuation: ${errorText(e)}`), []));
    return [...fixes, ...edits];
  });

  connection.onRequest(PICTURE_REQUEST, async (params: PictureParams) => {
    const a = fresh(params.uri);
    return a ? pictureAtPosition(a, params.position, (t, offset) => engine.picture(t, offset)) : null;
  });

  connection.onHover(async (params) => {
    const a = fresh(params.textDocument.uri);
    if (!a) return undefined;
    const here = await explainedAt(a, params.position, (text, options) => engine.explainBlock(text, options));
    return findingHover(here, params.position, a.text);
  });

  connection.onExecuteCommand(async (params) => {
    const args = params.arguments ?? [];
    const text = (i: number) => {
      if (typeof args[i] !== 'string') throw new Error(`${params.command}: argument ${i + 1} must be a string`);
      return args[i] as string;
    };
    switch (params.command) {
      case COMMANDS.fixAll: {
        const a = fresh(text(0));
        if (!a) return { applied: false, edits: 0 };
        const edits = fixAllEdits(a, (await settingsFor(a.uri)).fixMinConfidence);
        if (!edits.length) return { applied: true, edits: 0 };
        const r = await connection.workspace.applyEdit({
          label: 'Puncteme: fix all',
          edit: { documentChanges: [{ textDocument: { uri: a.uri, version: a.version }, edits: edits.map((e) => ({ range: rangeOf(e), newText: e.newText })) }] },
        });
        return { applied: r.applied, edits: edits.length };
      }
      case DISABLE_RULE_COMMAND: {
        const ruleId = text(0);
        const file = filePath(text(1));
        // Written only inside the document's workspace folder (the first one for a command without a document).
        const root = file ? rootOf(file) : roots[0];
        if (!root) throw new Error('Disable rule: the document is in no workspace folder to hold .punctemerc.json');
        const written = projectConfigs.disableRule(ruleId, file ? path.dirname(file) : root, root);
        tell(`Puncteme: rule "${ruleId}" is off in ${written}.`);
        validateAll();
        return { file: written };
      }
      case HIDE_FALSE_POSITIVE_COMMAND: {
        const entry = { rule: text(0), text: text(1) };
        if (!entry.text.trim()) throw new Error('Hide this false positive: the sentence is empty');
        const file = filePath(text(2));
        const root = file ? rootOf(file) : roots[0];
        if (!root) throw new Error('Hide this false positive: the document is in no workspace folder to hold .punctemerc.json');
        const written = projectConfigs.hideFalsePositive(entry, file ? path.dirname(file) : root, root);
        tell(`Puncteme: this "${entry.rule}" finding is hidden (falsePositives in ${written}).`);
        validateAll();
        return { file: written };
      }
      case COMMANDS.explain: {
        const explained = await engine.explain(text(0));
        if (explained.includes(EXPLAIN_STOPPED)) {
          void connection.window.showWarningMessage(`Puncteme explained only the first sentences: explaining stops after ${COMMAND_BUDGET_MS / 1000} s.`);
        }
        return explained;
      }
      case COMMANDS.restore: {
        const input = text(0);
        const r = await engine.restore(input);
        if (r.stoppedAt !== undefined) {
          const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
          void connection.window.showWarningMessage(
            `Puncteme restored the first ${words(input.slice(0, r.stoppedAt))} of ${words(input)} words: restoring stops after ${COMMAND_BUDGET_MS / 1000} s; the rest is unchanged.`,
          );
        }
        return r.text;
      }
      default:
        throw new Error(`Unknown command ${params.command}`);
    }
  });

  connection.onRequest(STATS_REQUEST, async (): Promise<StatsResult> => {
    const { workerArrayBufferBytes, ...worker } = await engine.stats();
    return {
      lastAnalysisMs: { ...lastAnalysisMs },
      lastAnalysisCpuMs: { ...lastAnalysisCpuMs },
      ...worker,
      rssBytes: process.memoryUsage().rss,
      arrayBufferBytes: process.memoryUsage().arrayBuffers + workerArrayBufferBytes,
      mainHeapBytes: v8.getHeapStatistics().total_heap_size,
    };
  });

  connection.onShutdown(() => engine.stop());

  documents.listen(connection);
  connection.listen();
}
