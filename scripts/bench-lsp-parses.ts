/**
 * The acceptance test of any change to the parser's in-memory layout: the parse (UPOS, head, relation of every token)
 * of every EWT dev and test sentence, from its gold tokens and from its raw text, must be the same as before, bit for
 * bit. Writes or checks one record; run `--write` in a checkout without the change and `--check` with it.
 *
 *   npx tsx scripts/bench-lsp-parses.ts --write /tmp/parses-before.json
 *   npx tsx scripts/bench-lsp-parses.ts --check /tmp/parses-before.json
 *
 * Uses only `loadParser`, `parseTokens` and `parseText`, which predate the layout work, so the same file runs in both.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { parseConllu } from '../server/src/data/conllu';
import { loadParser } from '../server/src/parser';

const { values } = parseArgs({ options: { write: { type: 'string' }, check: { type: 'string' } } });
const DATA = path.resolve(__dirname, '../../shared/data/ud-english-ewt');

function main(): void {
  const t0 = performance.now();
  const parser = loadParser();
  const loadMs = performance.now() - t0;
  const records: string[] = [];
  const t1 = performance.now();
  for (const split of ['dev', 'test']) {
    const file = path.join(DATA, `en_ewt-ud-${split}.conllu`);
    for (const s of parseConllu(fs.readFileSync(file, 'utf8'), file)) {
      const forms = s.words.map((w) => w.form);
      const p = parser.parseTokens(forms);
      records.push(forms.map((f, i) => `${f}/${p.upos[i]}/${p.head[i]}/${p.deprel[i]}`).join(' '));
      if (s.text !== undefined)
        records.push(parser.parseText(s.text).map((x) => x.tree.words.map((w) => `${w.form}/${w.upos}/${w.head}/${w.deprel}`).join(' ')).join(' | '));
    }
  }
  const parseMs = performance.now() - t1;
  console.log(`${records.length} parses in ${(parseMs / 1000).toFixed(1)} s (load ${loadMs.toFixed(0)} ms); parser ${parser.version}`);
  if (values.write) {
    fs.writeFileSync(values.write, JSON.stringify({ version: parser.version, records }));
    console.log(`wrote ${values.write}`);
  }
  if (values.check) {
    const before = JSON.parse(fs.readFileSync(values.check, 'utf8')) as { version: string; records: string[] };
    if (before.version !== parser.version) throw new Error(`different parser models: ${before.version} vs ${parser.version}`);
    let differ = before.records.length === records.length ? 0 : 1;
    records.forEach((r, k) => {
      if (r === before.records[k]) return;
      if (++differ <= 5) console.log(`differs:\n  before ${before.records[k]}\n  after  ${r}`);
    });
    console.log(differ ? `${differ} parses differ` : `all ${records.length} parses identical`);
    if (differ) process.exitCode = 1;
  }
}

main();
