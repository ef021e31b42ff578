/** `.punctemerc.json` per directory, read once and forgotten when a config file changes on disk. */
import * as fs from 'fs';
import * as path from 'path';
import { CONFIG_FILE_NAME, ConfigError, ProjectConfig, findProjectConfig, loadProjectConfig } from '../config';
import { writeFileAtomic } from '../cli/fix/atomicWrite';
import type { FalsePositive } from '../engine/types';

export class ProjectConfigCache {
  private readonly byDir = new Map<string, ProjectConfig>();

  constructor(private readonly onError: (message: string) => void) {}

  forDirectory(dir: string): ProjectConfig {
    let c = this.byDir.get(dir);
    if (!c) {
      try {
        c = loadProjectConfig(dir).config;
      } catch (e) {
        this.onError(e instanceof ConfigError ? e.message : String(e));
        c = {};
      }
      this.byDir.set(dir, c);
    }
    return c;
  }

  clear(): void {
    this.byDir.clear();
  }

  /** Sets `rules[ruleId] = "off"` in the nearest config file (or a new one in `fallbackDir`); returns its path. */
  disableRule(ruleId: string, dir: string, fallbackDir: string): string {
    const file = findProjectConfig(dir) ?? path.join(fallbackDir, CONFIG_FILE_NAME);
    const exists = fs.existsSync(file);
    const config = exists ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ProjectConfig) : {};
    config.rules = { ...(config.rules ?? {}), [ruleId]: 'off' };
    const text = JSON.stringify(config, null, 2) + '\n';
    if (exists) writeFileAtomic(file, text);
    else fs.writeFileSync(file, text);
    this.clear();
    return file;
  }

  /**
   * Adds `{ rule, text }` to `falsePositives` in the nearest config file (or a new one in `fallbackDir`), once;
   * returns its path. Written as `disableRule` writes.
   */
  hideFalsePositive(entry: FalsePositive, dir: string, fallbackDir: string): string {
    const file = findProjectConfig(dir) ?? path.join(fallbackDir, CONFIG_FILE_NAME);
    const exists = fs.existsSync(file);
    const config = exists ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ProjectConfig) : {};
    const known = config.falsePositives ?? [];
    if (!known.some((k) => k.rule === entry.rule && k.text === entry.text)) config.falsePositives = [...known, { rule: entry.rule, text: entry.text }];
    const text = JSON.stringify(config, null, 2) + '\n';
    if (exists) writeFileAtomic(file, text);
    else fs.writeFileSync(file, text);
    this.clear();
    return file;
  }
}
