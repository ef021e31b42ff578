/**
 * `--cache`: findings of unchanged files, keyed by a hash of the file's content, its prose kind, the engine (models)
 * version and the lint options in force. One JSON file; entries of files this run did not visit are kept, so shards
 * and partial runs can share a cache.
 *
 * The file is not trusted (a pull request or a shared CI cache can plant it): its entries are raw JSON that
 * `cachedFindings.ts` checks before use, a cache path with a symbolic link on its way inside the working directory
 * is not used at all (it could lead a write anywhere), and a cache that cannot be written is a warning.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import type { AudienceDecision } from '../../engine/audience';
import { Finding } from '../../engine/types';
import { writeFileAtomic } from '../../edits/atomicWrite';
import { linkOnTheWay } from '../../edits/links';
import { codeFingerprint } from './codeFingerprint';

/**
 * Bumped when the same file, options and models give other findings: 2 since `auto` settings decide over the whole
 * file rather than each paragraph (findings cached by an older CLI would otherwise be served unchanged); 3 since
 * `introductoryComma: auto` reports the comma after a transition ("However") without a habit.
 */
const FORMAT = 3;

interface CacheEntry {
  key: string;
  /** Unchecked until `validCachedFindings` accepts it for the file's current text. */
  findings: unknown;
  /** The standard the file was held to (`engine/audience.ts`), unchecked until `validAudience` accepts it. */
  audience?: unknown;
}

export class LintCache {
  private entries: Record<string, CacheEntry> = Object.create(null) as Record<string, CacheEntry>;
  /** The engine version last seen together with the model fingerprint `fingerprint`. */
  engine?: { fingerprint: string; version: string };
  private dirty = false;

  private constructor(private readonly file: string) {}

  /** The cache at `file`, or a warning saying why there is none (a link on its way inside `cwd`). */
  static open(file: string, cwd: string): { cache: LintCache } | { warning: string } {
    const link = linkOnTheWay(file, cwd);
    if (link) return { warning: `cache not used: ${path.relative(cwd, link) || link} is a symbolic link` };
    const cache = new LintCache(file);
    try {
      const data = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
      if (isRecord(data) && data.format === FORMAT && isRecord(data.entries)) {
        // A null prototype: a planted "__proto__" entry is just a name.
        cache.entries = Object.assign(Object.create(null) as Record<string, CacheEntry>, data.entries);
        const engine = data.engine;
        if (isRecord(engine) && typeof engine.fingerprint === 'string' && typeof engine.version === 'string') {
          cache.engine = { fingerprint: engine.fingerprint, version: engine.version };
        }
      }
    } catch {
      // A missing or corrupt cache is an empty one.
    }
    return { cache };
  }

  /** The key of a document's findings: its text and kind, the engine (models and code, `codeFingerprint`) and the options. */
  static key(text: string, kind: string, engineVersion: string, settings: unknown, code: string = codeFingerprint()): string {
    return createHash('sha256')
      .update(`${FORMAT}\0${engineVersion}\0${code}\0${kind}\0${JSON.stringify(settings)}\0`)
      .update(text)
      .digest('hex');
  }

  /** The entry's findings, unchecked (see `validCachedFindings`), if it was made for `key`. */
  get(file: string, key: string): unknown {
    const e = Object.hasOwn(this.entries, file) ? this.entries[file] : undefined;
    return isRecord(e) && e.key === key ? e.findings : undefined;
  }

  /** The entry's audience decision, if it was made for `key` and has the right shape. */
  audience(file: string, key: string): AudienceDecision | undefined {
    const e = Object.hasOwn(this.entries, file) ? this.entries[file] : undefined;
    return isRecord(e) && e.key === key ? validAudience(e.audience) : undefined;
  }

  set(file: string, key: string, findings: Finding[], audience?: AudienceDecision): void {
    const e = Object.hasOwn(this.entries, file) ? this.entries[file] : undefined;
    if (e && e.key === key) return;
    this.entries[file] = { key, findings, ...(audience ? { audience } : {}) };
    this.dirty = true;
  }

  /** Records the engine version seen with a model fingerprint. */
  setEngine(fingerprint: string, version: string): void {
    if (this.engine?.fingerprint === fingerprint && this.engine.version === version) return;
    this.engine = { fingerprint, version };
    this.dirty = true;
  }

  /** Writes the cache (a new file replaces the old one: never written through a link); throws when it cannot. */
  save(): void {
    if (!this.dirty) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileAtomic(this.file, JSON.stringify({ format: FORMAT, engine: this.engine, entries: this.entries }), 0o644);
    this.dirty = false;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A cached audience decision, if it is one (a planted or damaged cache entry is ignored, never shown). */
function validAudience(v: unknown): AudienceDecision | undefined {
  if (!isRecord(v)) return undefined;
  const { audience, by, findings, sentences } = v as Record<string, unknown>;
  const count = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
  if ((audience !== 'edited' && audience !== 'learner') || (by !== 'setting' && by !== 'auto') || !count(findings) || !count(sentences)) return undefined;
  return { audience, by, findings: findings as number, sentences: sentences as number };
}
