// harper.js as a command line program, for `npm run bench:speed`'s cold start: harper.js ships no CLI, so this is the
// least one that lints a file (load the WebAssembly, set the linter up, lint, print the count), to time against
// `puncteme lint FILE` as a whole process. Prints one JSON line: {"lints": N, "maxRssKiB": …}.
import * as fs from 'fs';
import { LocalLinter, Dialect } from 'harper.js';
import { binaryInlined } from 'harper.js/binaryInlined';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: node bench-speed-harper-cli.mjs FILE\n');
  process.exit(2);
}
const linter = new LocalLinter({ binary: binaryInlined, dialect: Dialect.American });
await linter.setup();
const lints = await linter.lint(fs.readFileSync(file, 'utf8'), { language: 'plaintext' });
process.stdout.write(JSON.stringify({ lints: lints.length, maxRssKiB: process.resourceUsage().maxRSS }) + '\n');
