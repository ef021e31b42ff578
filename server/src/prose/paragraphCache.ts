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

/** Block digests kept by `keyer` (their texts are held with them: ~130 blocks a 5,000-word document). */
const DIGESTS_KEPT = 4096;

export class ParagraphCache {
  private readonly entries = new Map<string, LintPart>();
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries = 20000) {}

  static key(version: string, options: LintOptions, text: string): string {
    return digest(version, settingsOf(options), text);
  }

  /**
   * `key` for the blocks of one lint: the same keys, without hashing again a block whose text and settings were
   * hashed before (an edit changes one block of a document, and every block's key is asked for on every lint). The
   * settings are serialised once per options object of this lint (blocks mostly share one), so the keyer must not
   * outlive the lint whose options it was given.
   */
  keyer(version: string): (options: LintOptions, text: string) => string {
    let lastOptions: LintOptions | undefined;
    let lastDigests: Map<string, string> | undefined;
    let lastJson = '';
    let lastSettings = '';
    return (options, text) => {
      if (options !== lastOptions || !lastDigests) {
        lastOptions = options;
        lastJson = settingsOf(options);
        lastSettings = `${version}\0${lastJson}`;
        lastDigests = this.digests.get(lastSettings);
        if (!lastDigests) this.digests.set(lastSettings, (lastDigests = new Map()));
      }
      let key = lastDigests.get(text);
      if (key === undefined) {
        if (++this.digestCount > DIGESTS_KEPT) {
          // Bounded like the parts: start again (a digest is cheap to make; this only saves making it every lint).
          this.digests.clear();
          this.digests.set(lastSettings, (lastDigests = new Map()));
          this.digestCount = 1;
        }
        lastDigests.set(text, (key = digest(version, lastJson, text)));
      }
      return key;
    };
  }

  /** Digests of block texts already keyed, per model version and settings (see `keyer`). */
  private readonly digests = new Map<string, Map<string, string>>();
  private digestCount = 0;

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
    this.digests.clear();
    this.digestCount = 0;
  }
}

function settingsOf(options: LintOptions): string {
  // The allowlist and hidden false positives filter the document's findings after the blocks' analysis (`allowed.ts`):
  // changing them must not analyse any block again.
  const { isCancelled: _ignored, allow: _allow, falsePositives: _hidden, ...settings } = options;
  return JSON.stringify(settings);
}

function digest(version: string, settings: string, text: string): string {
  return createHash('sha1').update(version).update('\0').update(settings).update('\0').update(text).digest('base64');
}
