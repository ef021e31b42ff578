/**
 * Each prose block's part (its findings, and its share of the document's habits: `LintPart`), keyed by the block's
 * content, the linter's model version and the lint options: an edit re-analyses only the blocks whose text changed.
 * Parts are stored in block coordinates, so a block that merely moved (text inserted above it) is still a hit. What
 * the document decides over its parts is never stored here: it is made again from the parts after every lint, so a
 * cached block cannot carry a stale document decision. Bounded, least recently used entries go first.
 */
import { createHash } from 'crypto';
import type { LintPart } from '../engine/documentPart';
import { LintOptions } from '../engine/types';

export class ParagraphCache {
  private readonly entries = new Map<string, LintPart>();
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries = 20000) {}

  static key(version: string, options: LintOptions, text: string): string {
    const { isCancelled: _ignored, ...settings } = options;
    return createHash('sha1').update(version).update('\0').update(JSON.stringify(settings)).update('\0').update(text).digest('base64');
  }

  get(key: string): LintPart | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key); // re-insert: Map order is our recency order
      this.entries.set(key, hit);
      this.hits++;
    } else this.misses++;
    return hit;
  }

  set(key: string, part: LintPart): void {
    this.entries.set(key, part);
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
