/** Messages between the server's main thread (the LSP connection) and its analysis worker (the engine). */
import { Finding, LintOptions } from '../engine/types';
import type { ProseKind } from '../prose';

export type ToWorker =
  | { type: 'lint'; id: number; text: string; kind: ProseKind; options: LintOptions; cancel: SharedArrayBuffer; progressFrom: number }
  | { type: 'explain' | 'restore'; id: number; text: string }
  /** One prose block linted again with explanations (the hover's; edits are analysed without them). */
  | { type: 'explainBlock'; id: number; text: string; options: LintOptions }
  | { type: 'stats'; id: number };

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
  /** Time the worker spent on this document (wall clock). */
  busyMs: number;
  /** CPU time of the process meanwhile (the worker's, as the main thread idles): robust to a loaded machine. */
  cpuMs: number;
  cancelled: boolean;
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
  | { type: 'partial'; id: number; findings: Finding[] }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; message: string }
  | { type: 'log'; message: string };
