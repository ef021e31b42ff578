/**
 * Trains the semicolon/colon model (`models/en/mark-choice.json`, read by `engine/markChoice/`): at every slot of
 * edited-english where the editor wrote `;` or `:` alone, P(colon) from the slot's features (`features.ts`). Each
 * sentence is read twice: as the editor wrote it and parsed again with the other mark written (what a writer who
 * confused them would give the parser), both labelled with the editor's mark, so the written mark's effect on the
 * parse teaches nothing. L2-regularised logistic regression (AdaGrad), stopped early on dev log-loss; the two
 * thresholds are chosen on dev: the least at which the written text of dev gets at most `--max-clean` false alarms
 * per 1,000 sentences (the editor's own mark flagged).
 *
 *   npx tsx server/research/markChoice/train.ts [--out models/en/mark-choice.json] [--max-clean 0.25]
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { loadParser } from '../../src/parser';
import { treeInfo } from '../../src/engine/treeInfo';
import { markChoiceFeatures } from '../../src/engine/markChoice/features';
import { featureIndex } from '../../src/restore/boundaries';
import { fitAdagrad, probOf } from '../smallModels/adagradLogistic';
import { readSilverTrees, SilverSentence } from '../silverTrees';
import { EditedPart } from '../editedEnglish';
import { PunctuatedTree } from '../../src/data/depunct';

const { values: opt } = parseArgs({
  options: {
    out: { type: 'string', default: 'models/en/mark-choice.json' },
    bits: { type: 'string', default: '18' },
    epochs: { type: 'string', default: '30' },
    l2: { type: 'string', default: '1e-6' },
    'max-clean': { type: 'string', default: '0.25' },
    // Also report a colon the model would make a semicolon. Off: issue 29 asks for the semicolon written for a colon
    // only, the corruption generator makes no other, and the editors' colons before an explanatory clause it flags are
    // right (held-out edited-english, read: 7 such findings, all false alarms; dev had 2 at 0.25 per 1,000).
    'colon-to-semicolon': { type: 'boolean' },
  },
});
const BITS = Number(opt.bits);

interface Example {
  x: number[];
  /** 1: the editor wrote a colon. */
  y: number;
  /** As the editor wrote it (clean) or with the other mark written (the writer's confusion). */
  swapped: boolean;
  /** The sentence's text, for reading the dev decisions. */
  text: string;
  /** A complete clause ends at the slot (the corruption generator's condition for a colon → semicolon). */
  clauseBefore: boolean;
}

const MARK_GAP = /[;:](?=\s)/g;

/** The sentence's text with the k-th mark (of those followed by a space) replaced by `mark`. */
function withMark(text: string, k: number, mark: string): string | undefined {
  const at = [...text.matchAll(MARK_GAP)].map((m) => m.index!);
  return k < at.length ? text.slice(0, at[k]) + mark + text.slice(at[k] + 1) : undefined;
}

function features(tree: PunctuatedTree, i: number): number[] {
  return markChoiceFeatures(tree, treeInfo(tree), i).map((f) => featureIndex(f, BITS));
}

function examplesOf(part: EditedPart, parser: ReturnType<typeof loadParser>): { examples: Example[]; sentences: number } {
  const out: Example[] = [];
  const silver = readSilverTrees(part);
  for (const s of silver) {
    const tree = s.tree;
    const n = tree.words.length;
    // The slots between words holding `;` or `:`, in order; the k-th is the text's k-th such mark before a space when
    // the counts agree (a colon inside a URL or a time is in neither).
    const slots = tree.slots.map((m, i) => (i > 0 && i < n && m.length === 1 && (m[0] === ';' || m[0] === ':') ? i : -1)).filter((i) => i > 0);
    if (!slots.length) continue;
    const gaps = [...s.text.matchAll(MARK_GAP)].length;
    const allMarks = tree.slots.flat().filter((m) => m === ';' || m === ':').length;
    slots.forEach((i, k) => {
      const y = tree.slots[i][0] === ':' ? 1 : 0;
      const clauseBefore = markChoiceFeatures(tree, treeInfo(tree), i).includes('clauseBefore=true');
      out.push({ x: features(tree, i), y, swapped: false, text: s.text, clauseBefore });
      if (gaps !== allMarks) return;
      const swappedText = withMark(s.text, k, y ? ';' : ':');
      if (!swappedText) return;
      const again = parser.parseText(swappedText);
      if (again.length !== 1 || again[0].tree.words.length !== n || again[0].tree.slots[i].join() !== (y ? ';' : ':')) return;
      out.push({ x: features(again[0].tree, i), y, swapped: true, text: swappedText, clauseBefore });
    });
  }
  return { examples: out, sentences: silver.length };
}

/** The least threshold at which the clean examples flagged stay within `maxPer1k` per 1,000 sentences. */
function threshold(clean: readonly number[], sentences: number, maxPer1k: number): number {
  const allowed = Math.floor((maxPer1k * sentences) / 1000);
  const sorted = [...clean].sort((a, b) => b - a);
  // Flag only above the (allowed+1)-th highest clean probability.
  const t = allowed < sorted.length ? sorted[allowed] + 1e-6 : 0.5;
  return Math.max(0.5, Math.min(t, 1.01));
}

function main(): void {
  const parser = loadParser();
  const t0 = Date.now();
  const train = examplesOf('train', parser);
  const dev = examplesOf('dev', parser);
  console.log(`train: ${train.examples.length} examples (${train.examples.filter((e) => e.swapped).length} swapped) from ${train.sentences} sentences; dev: ${dev.examples.length} from ${dev.sentences} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  const best = fitAdagrad(train.examples, dev.examples, { bits: BITS, lr: 0.1, l2: Number(opt.l2), epochs: Number(opt.epochs) });
  const W = best.w;
  const maxClean = Number(opt['max-clean']);
  // A written `;` flagged: the clean ones are the editor's semicolons as written; the errors are its colons written as `;`.
  const colonClean = dev.examples.filter((e) => !e.swapped && e.y === 0).map((e) => probOf(W, e.x));
  const semiClean = dev.examples.filter((e) => !e.swapped && e.y === 1).map((e) => 1 - probOf(W, e.x));
  const colonThreshold = threshold(colonClean, dev.sentences, maxClean);
  const semicolonThreshold = threshold(semiClean, dev.sentences, maxClean);
  const report = (name: string, t: number, errors: Example[], clean: number[], p: (e: Example) => number) => {
    const found = errors.filter((e) => p(e) >= t).length;
    const fa = clean.filter((x) => x >= t).length;
    console.log(`${name}: threshold ${t.toFixed(3)}; dev recall ${found}/${errors.length} = ${(found / Math.max(1, errors.length)).toFixed(3)}; written dev flagged ${fa} (${((1000 * fa) / dev.sentences).toFixed(2)} per 1,000 sentences)`);
  };
  const colonErrors = dev.examples.filter((e) => e.swapped && e.y === 1);
  report('`;` → `:` (all)', colonThreshold, colonErrors, colonClean, (e) => probOf(W, e.x));
  report('`;` → `:` (after a complete clause)', colonThreshold, colonErrors.filter((e) => e.clauseBefore), colonClean, (e) => probOf(W, e.x));
  report('`:` → `;`', semicolonThreshold, dev.examples.filter((e) => e.swapped && e.y === 0), semiClean, (e) => 1 - probOf(W, e.x));
  for (const t of [0.5, 0.6, 0.7, 0.8, 0.9, 0.95])
    report(`  sweep \`;\` → \`:\` after a complete clause`, t, colonErrors.filter((e) => e.clauseBefore), colonClean, (e) => probOf(W, e.x));
  const weights: Array<[number, number]> = [];
  W.forEach((v, k) => {
    if (Math.abs(v) > 1e-4) weights.push([k, Math.round(v * 1e4) / 1e4]);
  });
  const json = {
    version: `mark-choice-1-e${best.epoch}`,
    bits: BITS,
    colonThreshold: Number(colonThreshold.toFixed(4)),
    semicolonThreshold: opt['colon-to-semicolon'] ? Number(semicolonThreshold.toFixed(4)) : 1.01,
    weights,
  };
  fs.writeFileSync(opt.out!, JSON.stringify(json) + '\n');
  console.log(`wrote ${opt.out}: ${weights.length} weights`);
}

main();
