/**
 * What each parser repair does (issue 34, item 3), measured by turning it off alone (the others on):
 * - EWT dev with gold tokens, UAS (and LAS as written) in the views `eval parser` reads — as written, unpunctuated,
 *   corrupted (seed 13, as `eval parser`) — and a fourth, the sentence with one writer's error from the linter's
 *   corruption generator (`writersErrors.ts`, seed 13);
 * - the texts the lint benchmarks read: how many sentences' parses change in edited-english dev as written and in the
 *   edited dev corruption suite's corrupted sentences (`--per-kind` items per kind, the suite's seed 1), both over
 *   every `--every`-th dev document of each source (a sample, for time), and the learner probes (every `examples/probes/*.tsv`, both sides). A repair that changes no
 *   sentence of a set moves that set's lint numbers only through the trial commas the linter parses with.
 *
 * Every unit is parsed with all repairs and with none; only the units where those differ are parsed again with each
 * repair off alone (a repair acts only where the five together change something).
 *
 *   npx tsx server/research/parser/repairEffects.ts [--every K] [--per-kind N] [--examples N] [--out FILE]
 *
 * Dev sets and probes only; nothing held out is read.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { parseConllu } from '../../src/data/conllu';
import { ABBREV_DOT } from '../../src/data/punctTokens';
import { loadParser, Parser } from '../../src/parser';
import { PARSER_REPAIRS } from '../../src/parser/repairs';
import { seededRandom } from '../../src/training/parser/views';
import { buildEditedSuite, loadSuiteDocuments } from '../corruption/editedSuite';
import { BENCH_KINDS } from '../corruption/rates';
import { corruptWithSeed, depunctuatedTrees, removeAll, surfaceForms } from './evaluation';
import { writersErrorsOf } from './writersErrors';

const { values: opt } = parseArgs({
  options: {
    every: { type: 'string', default: '4' },
    'per-kind': { type: 'string', default: '150' },
    examples: { type: 'string', default: '6' },
    out: { type: 'string' },
  },
});

const ROOT = path.resolve(__dirname, '../../..');
const EWT_DEV = path.resolve(ROOT, '../shared/data/ud-english-ewt/en_ewt-ud-dev.conllu');

/** One thing parsed: gold tokens with gold heads (1-based token ids; 0 the root; -1 not scored), or a raw text. */
type Unit = { set: string; forms: string[]; heads: number[]; rels: string[] } | { set: string; text: string };

function probeTexts(): string[] {
  const dir = path.join(ROOT, 'examples/probes');
  const out: string[] = [];
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.tsv'))) {
    for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
      if (!line.trim() || line.startsWith('#')) continue;
      for (const side of line.split('\t').slice(0, 2)) if (side.trim()) out.push(side.trim());
    }
  }
  return [...new Set(out)];
}

const units: Unit[] = [];
const sentences = parseConllu(fs.readFileSync(EWT_DEV, 'utf8'), EWT_DEV);
for (const s of sentences) {
  units.push({ set: 'EWT dev', forms: s.words.map((w) => w.form), heads: s.words.map((w) => (w.upos === 'PUNCT' ? -1 : w.head)), rels: s.words.map((w) => w.deprel) });
}
const trees = depunctuatedTrees(sentences);
const corrupt = corruptWithSeed(13);
const writers = writersErrorsOf(EWT_DEV);
const writersRand = seededRandom(13);
for (const [set, rewrite] of [
  ['EWT dev unpunctuated', removeAll],
  ['EWT dev corrupted', corrupt],
  ["EWT dev, one writer's error", (slots: string[][], tree: (typeof trees)[number]) => writers(tree)?.(writersRand)?.map((m) => m.filter((x) => x !== ABBREV_DOT)) ?? slots],
] as const) {
  for (const tree of trees) {
    // As `uasWithPunctuation` does: abbreviation dots stay, the other marks are rewritten.
    const dots = tree.slots.map((m) => m.filter((x) => x === ABBREV_DOT));
    const others = tree.slots.map((m) => m.filter((x) => x !== ABBREV_DOT));
    const slots = rewrite(others, tree).map((m, i) => [...dots[i], ...m]);
    const { forms, wordIndex } = surfaceForms(tree, slots);
    const heads = forms.map(() => -1);
    const rels = forms.map(() => '');
    tree.words.forEach((w, i) => {
      heads[wordIndex[i]] = w.head === 0 ? 0 : wordIndex[w.head - 1] + 1;
      rels[wordIndex[i]] = w.deprel;
    });
    units.push({ set, forms, heads, rels });
  }
}
// Dev documents are those with index % 10 == 8; every K-th of them.
const every = Number(opt.every);
const docs = loadSuiteDocuments('dev', (_, index) => Math.floor(index / 10) % every === 0);
for (const d of docs) for (const p of d.paragraphs) units.push({ set: 'edited dev as written', text: p });
for (const it of buildEditedSuite(docs, BENCH_KINDS, Number(opt['per-kind']), 1)) units.push({ set: 'edited dev corrupted items', text: it.corrupted.text });
for (const t of probeTexts()) units.push({ set: 'probes', text: t });
const SETS = [...new Set(units.map((u) => u.set))];

/** A unit's parse: per sentence, its words' tags, heads and relations (gold tokens: per token). */
interface Parsed {
  key: string;
  heads?: number[];
  rels?: string[];
  sentences: number;
}

function parse(parser: Parser, u: Unit): Parsed {
  if ('forms' in u) {
    const p = parser.parseTokens(u.forms);
    return { key: `${p.upos.join(' ')}|${p.head.join(' ')}|${p.deprel.join(' ')}`, heads: p.head, rels: p.deprel, sentences: 1 };
  }
  const ss = parser.parseText(u.text);
  return { key: ss.map((s) => s.tree.words.map((w) => `${w.upos}/${w.head}/${w.deprel}`).join(' ')).join('|'), sentences: ss.length };
}

/** Changed sentences between two parses of a text (by sentence; the boundaries never depend on the repairs). */
function changedSentences(a: Parsed, b: Parsed): number {
  const x = a.key.split('|'), y = b.key.split('|');
  return 'heads' in a && a.heads ? (a.key === b.key ? 0 : 1) : x.filter((s, i) => s !== y[i]).length;
}

function withRepairs(env: Record<string, string | undefined>): Parser {
  delete process.env.PUNCTEME_PARSER_REPAIRS_OFF;
  delete process.env.PUNCTEME_NO_RELCL_REPAIR;
  Object.assign(process.env, env);
  return loadParser();
}

const t0 = Date.now();
const secs = () => `${((Date.now() - t0) / 1000).toFixed(0)} s`;
const all = withRepairs({});
const withAll = units.map((u) => parse(all, u));
console.log(`all repairs (${all.version}): ${units.length} units parsed (${secs()})`);
const none = withRepairs({ PUNCTEME_NO_RELCL_REPAIR: '1' });
const withNone = units.map((u) => parse(none, u));
const acted = units.map((_, k) => k).filter((k) => withAll[k].key !== withNone[k].key);
console.log(`no repairs: ${acted.length} units differ (${secs()})`);

/** Per set: scored words, heads right, heads and relations right, under each configuration's parses. */
function scores(parses: (k: number) => Parsed): Record<string, { words: number; uas: number; las: number; changed: number; sentences: number }> {
  const out: Record<string, { words: number; uas: number; las: number; changed: number; sentences: number }> = {};
  for (const set of SETS) out[set] = { words: 0, uas: 0, las: 0, changed: 0, sentences: 0 };
  units.forEach((u, k) => {
    const p = parses(k);
    const o = out[u.set];
    o.sentences += withAll[k].sentences;
    o.changed += changedSentences(withAll[k], p);
    if (!('forms' in u)) return;
    u.heads.forEach((h, i) => {
      if (h < 0) return;
      o.words++;
      if (p.heads![i] === h) {
        o.uas++;
        if (p.rels![i] === u.rels[i]) o.las++;
      }
    });
  });
  return out;
}
const pct = (a: number, b: number) => Math.round((10000 * a) / Math.max(1, b)) / 100;

const configs: Array<[string, Record<string, string>]> = [['all', {}], ...PARSER_REPAIRS.map((r): [string, Record<string, string>] => [`no ${r.name}`, { PUNCTEME_PARSER_REPAIRS_OFF: r.name }]), ['none', { PUNCTEME_NO_RELCL_REPAIR: '1' }]];
const report: Record<string, unknown> = {};
const examples = Number(opt.examples);
for (const [name, env] of configs) {
  let parses: (k: number) => Parsed;
  if (name === 'all') parses = (k) => withAll[k];
  else if (name === 'none') parses = (k) => withNone[k];
  else {
    const parser = withRepairs(env);
    const again = new Map(acted.map((k) => [k, parse(parser, units[k])]));
    parses = (k) => again.get(k) ?? withAll[k];
  }
  const s = scores(parses);
  const shown = Object.fromEntries(
    SETS.map((set) => [
      set,
      acted
        .filter((k) => units[k].set === set && parses(k).key !== withAll[k].key)
        .slice(0, examples)
        .map((k) => ('text' in units[k] ? (units[k] as { text: string }).text : (units[k] as { forms: string[] }).forms.join(' '))),
    ]),
  );
  report[name] = { scores: s, examples: shown };
  const cells = SETS.map((set) => {
    const x = s[set];
    return x.words ? `${set} UAS ${pct(x.uas, x.words)} LAS ${pct(x.las, x.words)} (${x.changed} changed)` : `${set} ${x.changed} of ${x.sentences} changed`;
  });
  console.log(`${name}: ${cells.join('; ')} (${secs()})`);
}
if (opt.out) fs.writeFileSync(opt.out, JSON.stringify(report, null, 2));
