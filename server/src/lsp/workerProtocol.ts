/** Messages between the server's main thread (the LSP connection) and its analysis worker (the engine). */
import type { AudienceDecision } from '../engine/audience';
import { Finding, LintOptions } from '../engine/types';
import type { ExtractionNote, ProseKind } from '../prose';

export type ToWorker =
  /** `visible`: document offsets [start, end) the editor shows, analysed (and published) first. */
  | { type: 'lint'; id: number; text: string; kind: ProseKind; options: LintOptions; cancel: SharedArrayBuffer; progressFrom: number; visible?: [number, number] }
  | { type: 'explain' | 'restore'; id: number; text: string }
  /** One prose block linted again with explanations (the hover's; edits are analysed without them). */
  | { type: 'explainBlock'; id: number; text: string; options: LintOptions }
  | { type: 'stats'; id: number }
  /** The re-punctuating edits at [start, end) of a prose block, and the picture of the sentence at an offset (`repunctuateActions.ts`). */
  | { type: 'repunctuate'; id: number; text: string; start: number; end: number }
  | { type: 'picture'; id: number; text: string; offset: number };

/** A finding of a block, in block coordinates, with its explanation. */
export interface BlockExplanation {
  start: number;
  end: number;
  ruleId: string;
  explanation: string;
}

export interface LintResult {
  findings: Finding[];
  /** The prose blocks (for code actions that need sentence bounds). */
  blocks: Array<{ text: string; offsets: Int32Array }>;
  /** Document offsets of paragraphs whose analysis ran over its time budget (their findings may be incomplete). */
  truncated: number[];
  /** What the user must be told: parts not checked (nesting too deep), word budgets that stopped the model. */
  notes: ExtractionNote[];
  /** Time the worker spent on this document (wall clock). */
  busyMs: number;
  /** CPU time of the process meanwhile (the worker's, as the main thread idles): robust to a loaded machine. */
  cpuMs: number;
  cancelled: boolean;
  /** The standard the document was held to (`engine/audience.ts`), for the status bar. */
  audience?: AudienceDecision;
}

/** What a worker is for: the analysis of documents, or the `restore` and `explain` commands (their own thread). */
export type WorkerRole = 'analysis' | 'commands';

export interface WorkerData {
  role: WorkerRole;
  /**
   * Messages posted to the worker and not yet taken (the main thread adds one before posting, the worker takes one
   * on receipt): a paragraph's analysis stops at its next sentence when another request waits, so that the scheduler
   * can choose what runs next (the paragraph is analysed again later, its sentences from the engine's memos).
   */
  inbox: SharedArrayBuffer;
}

/** A restoration, and where it stopped when its time budget ran out (the text after that is as it was). */
export interface RestoreResult {
  text: string;
  /** Offset in the input of the first sentence left unrestored. */
  stoppedAt?: number;
}

export interface WorkerStats {
  cacheHits: number;
  cacheMisses: number;
  cacheEntries: number;
  workerHeapBytes: number;
  workerArrayBufferBytes: number;
}

export type FromWorker =
  | { type: 'ready'; version: string; note?: string }
  | { type: 'loadError'; message: string }
  | { type: 'progress'; id: number; done: number; total: number }
  /** The findings so far of a long analysis; the first one also carries the document's prose blocks. */
  | { type: 'partial'; id: number; findings: Finding[]; blocks?: Array<{ text: string; offsets: Int32Array }> }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; message: string }
  | { type: 'log'; message: string };
