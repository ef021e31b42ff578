/**
 * `extends`: a configuration built on shared ones (a team's house style in one file, or an npm package, that each
 * project's `.punctemerc.json` names). Each entry is resolved relative to the directory of the file that names it:
 * a path (`"../shared/punctemerc.json"`, absolute or starting with `.`), else a package (`"@team/puncteme-config"`, its
 * `main` file, or `"@team/puncteme-config/strict.json"`) looked up in the `node_modules` folders above that file, as
 * Node resolves `require`. The files are read in order, each after its own bases, and the naming file last:
 *
 * - a key set later wins (`quoteStyle`, `audience`, …); `rules` are merged rule by rule;
 * - `allow` and `falsePositives` are the union (a shared allowlist, plus the project's own words);
 * - `include` and `exclude` are taken as written, relative to the project's own file (as a shareable config's
 *   patterns apply to the project that uses it), and `exclude` adds up.
 *
 * A file that extends itself through any chain is refused with the chain in the message, as is a missing file.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { ProjectConfig } from './projectConfig';

/** The merge of `base` and `own` (own wins; see the header). */
export function mergeConfigs(base: ProjectConfig, own: ProjectConfig): ProjectConfig {
  const out: ProjectConfig = { ...base, ...own };
  delete out.extends;
  if (base.rules || own.rules) out.rules = { ...base.rules, ...own.rules };
  for (const key of ['allow', 'exclude'] as const) {
    if (base[key] || own[key]) out[key] = [...new Set([...(base[key] ?? []), ...(own[key] ?? [])])];
  }
  if (base.falsePositives || own.falsePositives) {
    const seen = new Set<string>();
    out.falsePositives = [...(base.falsePositives ?? []), ...(own.falsePositives ?? [])].filter((f) => {
      const key = `${f.rule}\0${f.text}`;
      return !seen.has(key) && !!seen.add(key);
    });
  }
  // `dialect` sets `quoteStyle` unless that is set beside it: a project's dialect is not overruled by its base's
  // explicit quote style.
  if (own.dialect && own.quoteStyle === undefined) delete out.quoteStyle;
  return out;
}

/** The file an `extends` entry names, from the directory of the file that names it; undefined if there is none. */
export function resolveExtends(entry: string, fromDir: string): string | undefined {
  if (entry.startsWith('.') || path.isAbsolute(entry)) {
    const file = path.resolve(fromDir, entry);
    return fs.existsSync(file) && fs.statSync(file).isFile() ? file : undefined;
  }
  try {
    return require.resolve(entry, { paths: [fromDir] });
  } catch {
    return undefined;
  }
}

/** A name for a file in a chain, as the user wrote the chain's first one (relative to the working directory). */
function shown(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel && !rel.startsWith('..') ? rel : file;
}

/**
 * `config` (read from `file`) with its `extends` resolved: `read` reads and validates one file, `chain` holds the
 * real paths of the files that led here (for the cycle check). Throws `makeError(message)` for a missing file or a
 * cycle.
 */
export function withExtends(
  file: string,
  config: ProjectConfig,
  read: (file: string) => ProjectConfig,
  makeError: (message: string) => Error,
  chain: readonly string[] = [],
): ProjectConfig {
  const real = fs.realpathSync(file);
  const here = [...chain, real];
  if (config.extends === undefined) return config;
  const entries = typeof config.extends === 'string' ? [config.extends] : config.extends;
  let base: ProjectConfig = {};
  for (const entry of entries) {
    const target = resolveExtends(entry, path.dirname(file));
    if (target === undefined) throw makeError(`${file}: extends "${entry}": no such file (resolved from ${path.dirname(file)})`);
    const targetReal = fs.realpathSync(target);
    if (here.includes(targetReal)) {
      const loop = [...here.slice(here.indexOf(targetReal)), targetReal].map(shown).join(' → ');
      throw makeError(`${file}: extends "${entry}" makes a cycle: ${loop}`);
    }
    base = mergeConfigs(base, withExtends(target, read(target), read, makeError, here));
  }
  return mergeConfigs(base, config);
}
