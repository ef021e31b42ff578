/** The server's own protocol additions, shared with the client (which imports only types and names from here). */

/** Server → client: the state shown in the status bar. */
export const STATUS_NOTIFICATION = 'puncteme/status';

export type ServerState = 'loading' | 'ready' | 'error' | 'skipped';

export interface StatusParams {
  state: ServerState;
  /** The document the state is about (absent: the server as a whole). */
  uri?: string;
  findings?: number;
  message?: string;
  /** The standard the document was held to and why (`engine/audience.ts`): the status bar shows it. */
  audience?: { audience: 'edited' | 'learner'; by: 'setting' | 'auto'; findings: number; sentences: number };
}

/**
 * Client → server: the lines an editor shows of a document (LSP has no visible range of its own). The server
 * analyses those paragraphs of a document first and publishes their diagnostics as soon as they are done; without
 * this notification (other editors) it takes the document's first `FIRST_SCREEN_CHARACTERS`.
 */
export const VISIBLE_RANGES_NOTIFICATION = 'puncteme/visibleRanges';

export interface VisibleRangesParams {
  uri: string;
  ranges: Array<{ start: { line: number; character: number }; end: { line: number; character: number } }>;
}

/** What a document opened at its top shows: 50 rows of 120 columns. */
export const FIRST_SCREEN_CHARACTERS = 50 * 120;

/** Client → server: timing and cache counters (for benchmarks and diagnosis). */
export const STATS_REQUEST = 'puncteme/stats';

export interface StatsResult {
  /** Analysis time of the last completed analysis per document, without the debounce. */
  lastAnalysisMs: Record<string, number>;
  /** CPU time of the same analyses. */
  lastAnalysisCpuMs: Record<string, number>;
  cacheHits: number;
  cacheMisses: number;
  cacheEntries: number;
  rssBytes: number;
  /** Typed-array memory of both threads (models, caches). */
  arrayBufferBytes: number;
  /** V8 heap committed by the connection's thread and by the analysis worker. */
  mainHeapBytes: number;
  workerHeapBytes: number;
}

/**
 * Environment the VS Code client starts the server with. glibc gives every thread that allocates concurrently its
 * own malloc arena (the analysis worker, V8's and libuv's helper threads), each holding freed memory of its own —
 * above all the optimiser's temporary zones; one arena for all keeps the server ~25 MB smaller (bench:lsp with and
 * without it) and lets the worker optimise concurrently (see `workerV8Flags`). Harmless where glibc is not the libc.
 * Other editors can set the same when they start `puncteme-ls`.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '1' };

/** workspace/executeCommand commands the server implements. */
export const COMMANDS = {
  /** [uri] → { applied, edits }: applies the first fix of every finding (non-overlapping). */
  fixAll: 'puncteme.server.fixAll',
  /** [ruleId, uri] → { file }: writes `"rules": { ruleId: "off" }` to the project's .punctemerc.json. */
  disableRule: 'puncteme.server.disableRule',
  /** [ruleId, text, uri] → { file }: adds `{ rule, text }` to `falsePositives` in the project's .punctemerc.json. */
  hideFalsePositive: 'puncteme.server.hideFalsePositive',
  /** [text] → string: the MAP underlying bracketing of the text's sentences. */
  explain: 'puncteme.server.explain',
  /** [text] → string: the text with its punctuation restored (MBR). */
  restore: 'puncteme.server.restore',
} as const;

/** Client → server: the picture of the underlying punctuation of the sentence at a position (`repunctuateActions.ts`). */
export const PICTURE_REQUEST = 'puncteme/picture';

export interface PictureParams {
  uri: string;
  position: { line: number; character: number };
}

/** The SVG, the same analysis as text (accessibility), and the sentence; null when the position is in no sentence. */
export interface PictureResult {
  svg: string;
  text: string;
  sentence: string;
}
