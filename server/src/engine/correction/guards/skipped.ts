/**
 * Guards left out, for measuring only: the ids in the environment variable PUNCTEME_SKIP_GUARDS (comma-separated, `*`
 * for every guard; the older PUNCTEME_SKIP_CONVENTIONS names writers' conventions the same way), so what each guard
 * keeps out can be measured on the benchmarks without editing code (`server/research/guards/`). Empty by default: no
 * setting or option reaches it.
 */
import { PunctuatedTree } from '../../../data/depunct';

const names = (v: string | undefined) => (v ?? '').split(',').map((x) => x.trim()).filter(Boolean);
const SKIPPED = new Set([...names(process.env.PUNCTEME_SKIP_GUARDS), ...names(process.env.PUNCTEME_SKIP_CONVENTIONS)]);
const ALL = SKIPPED.has('*');

/** Whether the guard with this id is left out of the check. */
export function guardSkipped(id: string): boolean {
  return ALL || SKIPPED.has(id);
}

/** Whether any guard is left out (the generator then asks every guard, not the first that fires). */
export const anyGuardSkipped = SKIPPED.size > 0;

/**
 * For measuring only (`server/research/guards/`): told of every guard that fires at a slot, left out or not, so a
 * finding that appears once guards are left out can be put down to the guards that kept it out.
 */
export const guardTrace: { fired?: (tree: PunctuatedTree, slot: number, ids: readonly string[]) => void } = {};
