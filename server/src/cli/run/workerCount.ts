/**
 * How many lint workers a run starts when `--jobs` is not given (issue 37). Each worker loads its own models, so it
 * pays only with enough text (CHARS_PER_WORKER); and a core already busy with other work gives a worker nothing: on
 * the shared 2-core machine, 2 workers for 1,000 files were 1.23 × faster than 1 when it was idle but 1.21 × slower
 * under load, and took 310 MiB more. So the count is the cores left idle by the load of the last minute (rounded to
 * the nearest), at least one, at most one per core and no more than the text is worth.
 */

/** Prose per extra worker: each worker loads its own models, which only pays off with this much text to lint. */
export const CHARS_PER_WORKER = 100_000;

export interface Machine {
  /** Logical processors this process may use (`os.availableParallelism()`). */
  cores: number;
  /** Runnable processes over the last minute (`os.loadavg()[0]`; 0 where the system does not say, as on Windows). */
  load: number;
}

/** The cores the load leaves idle, at least one. */
export function idleCores(m: Machine): number {
  const load = Number.isFinite(m.load) && m.load > 0 ? m.load : 0;
  return Math.max(1, Math.min(m.cores, Math.round(m.cores - load)));
}

/** Default worker count for `chars` characters of prose on machine `m`. */
export function workerCount(chars: number, m: Machine): number {
  return Math.max(1, Math.min(idleCores(m), Math.floor(chars / CHARS_PER_WORKER)));
}
