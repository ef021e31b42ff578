/** `--shard i/n`: split a repository's files across n CI runners, stably (a file's shard depends only on its path). */
import { FNV_OFFSET, fnvFrom } from '../../parser/fnv';
import { UsageError } from '../command';

export interface Shard {
  index: number; // 1-based
  count: number;
}

export function parseShard(spec: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(spec.trim());
  if (!m) throw new UsageError(`--shard must look like i/n (e.g. 1/4), got "${spec}"`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || index < 1 || index > count) throw new UsageError(`--shard ${spec}: need 1 ≤ i ≤ n`);
  return { index, count };
}

/**
 * Whether the file (by its repository-relative path) belongs to the shard: FNV-1a over the path's UTF-16 code units
 * (cheap, stable across runs and machines), read as unsigned.
 */
export function inShard(relPath: string, shard: Shard): boolean {
  return (fnvFrom(FNV_OFFSET, relPath) >>> 0) % shard.count === shard.index - 1;
}
