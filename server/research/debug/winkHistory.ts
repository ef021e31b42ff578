/**
 * How much wink-nlp's tokens depend on what the process read before, before and after its lexicon was scoped to one
 * document (`server/src/tokenize/winkLexemeScope.ts`). Reads every paragraph of edited-english (parts given, in file
 * order) with three wink instances: one never sealed (wink as it was: every word it met stays in its lexicon), one
 * sealed (as `winkTokens.ts` uses it), and, for each paragraph where the two differ and every `--every`-th other one,
 * a freshly loaded wink. Prints the counts and the first differing paragraphs.
 *   npx tsx server/research/debug/winkHistory.ts [--every 25] [train dev …]
 */
/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports */
import { parseArgs } from 'util';
import { readEditedEnglish, EditedPart } from '../editedEnglish';
import { fastWinkModel, WINK_PIPE, WinkCoreGrowth } from '../../src/tokenize/winkModel';

const { values: opt, positionals } = parseArgs({ options: { every: { type: 'string', default: '25' }, show: { type: 'string', default: '5' } }, allowPositionals: true });
const parts = (positionals.length ? positionals : ['train', 'dev']) as EditedPart[];
const winkNLP = require('wink-nlp');

function instance(sealed: boolean): { nlp: any; growth: WinkCoreGrowth } {
  let growth: WinkCoreGrowth | undefined;
  const nlp = winkNLP(fastWinkModel((g) => (growth = g)), WINK_PIPE);
  if (sealed) growth!.scope.seal();
  return { nlp, growth: growth! };
}

/** Every sentence of a text as wink reads it: each token's value, type, part of speech and preceding spaces. */
function read(w: { nlp: any; growth: WinkCoreGrowth }, text: string): string {
  w.growth.scope.beginDocument();
  const its = w.nlp.its;
  const out: string[] = [];
  w.nlp.readDoc(text).sentences().each((s: any) => {
    const tokens: string[] = [];
    s.tokens().each((t: any) => tokens.push(`${t.out(its.precedingSpaces)}${t.out(its.value)}/${t.out(its.type)}/${t.out(its.pos)}`));
    out.push(tokens.join(' '));
  });
  return out.join('\n');
}

const old = instance(false);
const scoped = instance(true);
const every = Number(opt.every);
let paragraphs = 0;
let oldDiffers = 0;
let oldWrong = 0;
let scopedWrong = 0;
let freshRead = 0;
const shown: string[] = [];
const t0 = Date.now();
for (const d of readEditedEnglish(undefined, parts))
  for (const text of d.paragraphs) {
    paragraphs++;
    const a = read(old, text);
    const b = read(scoped, text);
    if (a === b && paragraphs % every) continue;
    const fresh = read(instance(false), text);
    freshRead++;
    if (a !== b) oldDiffers++;
    if (a !== fresh) {
      oldWrong++;
      if (shown.length < Number(opt.show)) shown.push(`${d.source}#${d.index}: ${JSON.stringify(text.slice(0, 160))}\n  as it was: ${diff(a, fresh)}`);
    }
    if (b !== fresh) {
      scopedWrong++;
      console.log(`scoped differs from fresh at ${d.source}#${d.index}: ${diff(b, fresh)}`);
    }
  }
console.log(`${parts.join('+')}: ${paragraphs} paragraphs; wink as it was and scoped differ on ${oldDiffers}; read fresh: ${freshRead} (those and every ${every}th); differ from fresh: as it was ${oldWrong}, scoped ${scopedWrong} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
for (const s of shown) console.log(s);

/** The first token where two readings part. */
function diff(x: string, y: string): string {
  const xs = x.split(/[\n ]/);
  const ys = y.split(/[\n ]/);
  let k = 0;
  while (k < xs.length && xs[k] === ys[k]) k++;
  return `${xs.slice(Math.max(0, k - 2), k + 3).join(' ')}  vs fresh  ${ys.slice(Math.max(0, k - 2), k + 3).join(' ')}`;
}
