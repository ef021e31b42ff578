/**
 * Writes the settings both front ends accept from the settings registry (`server/src/config/settingsRegistry.ts`):
 * `contributes.configuration` in the root package.json (the editor's settings) and
 * `server/src/config/punctemerc.schema.json` (the schema `.punctemerc.json` is validated against).
 *
 *   npx tsx scripts/settings-schema.ts           # write both files
 *   npx tsx scripts/settings-schema.ts --check   # change nothing; exit 1 naming each file that is not up to date
 *
 * test/architecture/settingsSchema.test.ts runs the check.
 */
import * as fs from 'fs';
import * as path from 'path';
import { editorConfiguration, projectSchema } from '../server/src/config/settingsRegistry';

const ROOT = path.resolve(__dirname, '..');
export const PACKAGE_JSON = path.join(ROOT, 'package.json');
export const PROJECT_SCHEMA = path.join(ROOT, 'server', 'src', 'config', 'punctemerc.schema.json');

const asText = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

/** Each file and the text it should have. */
export function expectedFiles(): Array<{ file: string; text: string }> {
  const pkg = JSON.parse(fs.readFileSync(PACKAGE_JSON, 'utf8'));
  pkg.contributes.configuration = editorConfiguration();
  return [
    { file: PACKAGE_JSON, text: asText(pkg) },
    { file: PROJECT_SCHEMA, text: asText(projectSchema()) },
  ];
}

/** The files whose text is not what the registry makes. */
export function staleFiles(): string[] {
  return expectedFiles()
    .filter(({ file, text }) => fs.readFileSync(file, 'utf8') !== text)
    .map(({ file }) => path.relative(ROOT, file));
}

if (require.main === module) {
  if (process.argv.includes('--check')) {
    const stale = staleFiles();
    for (const file of stale) console.error(`${file} is not what the settings registry makes: run npx tsx scripts/settings-schema.ts`);
    process.exit(stale.length ? 1 : 0);
  }
  for (const { file, text } of expectedFiles()) fs.writeFileSync(file, text);
}
