/**
 * `--cache`: findings of unchanged files, keyed by a hash of the file's content, its prose kind, the engine (models)
 * version and the lint options in force. One JSON file; entries of files this run did not visit are kept, so shards
 * and partial runs can share a cache.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { Finding } from '../../engine/types';
import { writeFileAtomic } from '../fix/atomicWrite';
import { codeFingerprint } from './codeFingerprint';

/**
 * Bumped when the same file, options and models give other findings: 2 since `auto` settings decide over the whole
 * file rather than each paragraph (findings cached by an older CLI would otherwise be served unchanged); 3 since
 * `introductoryComma: auto` reports the comma after a transition ("However") without a habit.
 */
const FORMAT = 3;

interface CacheEntry {
  key: string;
  findings: Finding[];
}

export class LintCache {
  private entries: Record<string, CacheEntry> = {};
  /** The engine version last seen together with the model fingerprint `fingerprint`. */
  engine?: { fingerprint: string; version: string };
  private dirty = false;
  hits = 0;

  private constructor(private readonly file: string) {}

  static open(file: string): LintCache {
    const cache = new LintCache(file);
    try {
      const data = JSON.parse(fs.readFileSync(file, 'utf8')) as {
        format?: number;
        entries?: Record<string, CacheEntry>;
        engine?: { fingerprint: string; version: string };
      };
      if (data.format === FORMAT && data.entries && typeof data.entries === 'object') {
        cache.entries = data.entries;
        if (typeof data.engine?.fingerprint === 'string' && typeof data.engine.version === 'string') cache.engine = data.engine;
      }
    } catch {
      // A missing or corrupt cache is an empty one.
    }
    return cache;
  }

  /** The key of a document's findings: its text and kind, the engine (models and code, `codeFingerprint`) and the options. */
  static key(text: string, kind: string, engineVersion: string, settings: unknown, code: string = codeFingerprint()): string {
    return createHash('sha256')
      .update(`${FORMAT}\0${engineVersion}\0${code}\0${kind}\0${JSON.stringify(settings)}\0`)
      .update(text)
      .digest('hex');
  }

  get(file: string, key: string): Finding[] | undefined {
    const e = this.entries[file];
    if (e && e.key === key) {
      this.hits++;
      return e.findings;
    }
    return undefined;
  }

  set(file: string, key: string, findings: Finding[]): void {
    const e = this.entries[file];
    if (e && e.key === key) return;
    this.entries[file] = { key, findings };
    this.dirty = true;
  }

  /** Records the engine version seen with a model fingerprint. */
  setEngine(fingerprint: string, version: string): void {
    if (this.engine?.fingerprint === fingerprint && this.engine.version === version) return;
    this.engine = { fingerprint, version };
    this.dirty = true;
  }

  save(): void {
    if (!this.dirty) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    if (!fs.existsSync(this.file)) fs.writeFileSync(this.file, '');
    writeFileAtomic(this.file, JSON.stringify({ format: FORMAT, engine: this.engine, entries: this.entries }));
    this.dirty = false;
  }
}
