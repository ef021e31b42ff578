/** `.punctemerc.json` per directory, read once and forgotten when a config file changes on disk. */
import * as fs from 'fs';
import * as path from 'path';
import { CONFIG_FILE_NAME, ConfigError, ProjectConfig, loadProjectConfig } from '../config';
import { writeFileAtomic } from '../cli/fix/atomicWrite';
import { isInside, realDirectory } from '../cli/files/links';
import { RULE_CATALOG } from '../engine/ruleCatalog';

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
   * Sets `rules[ruleId] = "off"` in the nearest config file at or above `dir` inside the workspace folder `root`
   * (or a new one in `root`); returns its path. The command's arguments come from the client and the folder from a
   * repository anyone can have written: the rule must be one the engine reports, the file must lie inside `root`
   * with no symbolic link on the way (a planted `.punctemerc.json` link, dangling or not, would send the write
   * anywhere), and an existing file must be a valid JSON object. Throws with the reason otherwise.
   */
  disableRule(ruleId: string, dir: string, root: string): string {
    if (!Object.hasOwn(RULE_CATALOG, ruleId)) throw new Error(`Disable rule: "${ruleId}" is not a Puncteme rule id`);
    if (!isInside(dir, root)) throw new Error(`Disable rule: ${dir} is outside the workspace folder ${root}`);
    // The nearest config the engine would read for `dir`; one above the workspace folder is not ours to change (a
    // new file in the folder would hide the team's settings in it).
    let file = path.join(root, CONFIG_FILE_NAME);
    for (let d = dir; ; d = path.dirname(d)) {
      const candidate = path.join(d, CONFIG_FILE_NAME);
      if (isPresent(candidate)) {
        if (!isInside(candidate, root)) throw new Error(`Disable rule: the configuration in force, ${candidate}, is outside the workspace folder; change it there`);
        file = candidate;
        break;
      }
      if (path.dirname(d) === d) break;
    }
    const link = linkBelow(file, root);
    if (link) throw new Error(`Disable rule: ${link} is a symbolic link; ${CONFIG_FILE_NAME} is not written through it`);
    if (!isInside(realDirectory(path.dirname(file)), realDirectory(root))) throw new Error(`Disable rule: ${file} leads outside the workspace folder`);
    const exists = fs.existsSync(file);
    let config: Record<string, unknown> = {};
    if (exists) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
      } catch {
        throw new Error(`Disable rule: ${file} is not valid JSON; fix it first (it was not changed)`);
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`Disable rule: ${file} is not a JSON object (it was not changed)`);
      config = parsed as Record<string, unknown>;
    }
    const rules = config.rules;
    const kept = typeof rules === 'object' && rules !== null && !Array.isArray(rules) ? (rules as Record<string, unknown>) : {};
    config.rules = Object.fromEntries([...Object.entries(kept).filter(([k]) => k !== ruleId), [ruleId, 'off']]);
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
