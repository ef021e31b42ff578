/** `.punctemerc.json` per directory, read once and forgotten when a config file changes on disk. */
import * as fs from 'fs';
import * as path from 'path';
import { CONFIG_FILE_NAME, ConfigError, ProjectConfig, loadProjectConfig } from '../config';
import { writeFileAtomic } from '../edits/atomicWrite';
import { isInside, realDirectory } from '../edits/links';
import { RULE_CATALOG } from '../engine/ruleCatalog';
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

  /**
   * Sets `rules[ruleId] = "off"` in the configuration in force for `dir` (see `editConfig`); returns its path. The
   * rule must be one the engine reports (the id comes from the client: `__proto__` is no rule).
   */
  disableRule(ruleId: string, dir: string, root: string): string {
    if (!Object.hasOwn(RULE_CATALOG, ruleId)) throw new Error(`Disable rule: "${ruleId}" is not a Puncteme rule id`);
    return this.editConfig('Disable rule', dir, root, (config) => {
      const rules = config.rules;
      const kept = typeof rules === 'object' && rules !== null && !Array.isArray(rules) ? (rules as Record<string, unknown>) : {};
      config.rules = Object.fromEntries([...Object.entries(kept).filter(([k]) => k !== ruleId), [ruleId, 'off']]);
    });
  }

  /** Adds `{ rule, text }` to `falsePositives` in the configuration in force for `dir` (see `editConfig`), once; returns its path. */
  hideFalsePositive(entry: FalsePositive, dir: string, root: string): string {
    if (!Object.hasOwn(RULE_CATALOG, entry.rule)) throw new Error(`Hide this false positive: "${entry.rule}" is not a Puncteme rule id`);
    return this.editConfig('Hide this false positive', dir, root, (config) => {
      const known = Array.isArray(config.falsePositives) ? (config.falsePositives as FalsePositive[]) : [];
      if (!known.some((k) => k.rule === entry.rule && k.text === entry.text)) config.falsePositives = [...known, { rule: entry.rule, text: entry.text }];
    });
  }

  /**
   * Changes the nearest config file at or above `dir` inside the workspace folder `root` (or a new one in `root`)
   * with `edit`; returns its path. The folder is a repository anyone can have written: the file must lie inside
   * `root` with no symbolic link on the way (a planted `.punctemerc.json` link, dangling or not, would send the write
   * anywhere), the configuration in force must not be one above the folder (a new file would hide the team's
   * settings), and an existing file must be a JSON object. Throws with the reason (`what` names the command).
   */
  private editConfig(what: string, dir: string, root: string, edit: (config: Record<string, unknown>) => void): string {
    if (!isInside(dir, root)) throw new Error(`${what}: ${dir} is outside the workspace folder ${root}`);
    let file = path.join(root, CONFIG_FILE_NAME);
    for (let d = dir; ; d = path.dirname(d)) {
      const candidate = path.join(d, CONFIG_FILE_NAME);
      if (isPresent(candidate)) {
        if (!isInside(candidate, root)) throw new Error(`${what}: the configuration in force, ${candidate}, is outside the workspace folder; change it there`);
        file = candidate;
        break;
      }
      if (path.dirname(d) === d) break;
    }
    const link = linkBelow(file, root);
    if (link) throw new Error(`${what}: ${link} is a symbolic link; ${CONFIG_FILE_NAME} is not written through it`);
    if (!isInside(realDirectory(path.dirname(file)), realDirectory(root))) throw new Error(`${what}: ${file} leads outside the workspace folder`);
    const exists = fs.existsSync(file);
    let config: Record<string, unknown> = {};
    if (exists) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
      } catch {
        throw new Error(`${what}: ${file} is not valid JSON; fix it first (it was not changed)`);
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${what}: ${file} is not a JSON object (it was not changed)`);
      config = parsed as Record<string, unknown>;
    }
    edit(config);
    const text = JSON.stringify(config, null, 2) + '\n';
    if (exists) writeFileAtomic(file, text);
    else fs.writeFileSync(file, text, { flag: 'wx' }); // a new file: never through something placed there meanwhile
    this.clear();
    return file;
  }
}

/** Whether something (a file, or a link even a dangling one) is at `p`. */
function isPresent(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** The first symbolic link on the way from `root` (exclusive) down to `file` (inclusive), if any. */
function linkBelow(file: string, root: string): string | undefined {
  const parts = path.relative(root, file).split(path.sep);
  let p = root;
  for (const part of parts) {
    p = path.join(p, part);
    try {
      if (fs.lstatSync(p).isSymbolicLink()) return p;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
