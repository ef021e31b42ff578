/**
 * How far can a relative clause's own features tell an edited writer's `, which` from a bare `which`? Every relative
 * clause of the silver trees that opens with "which" or "who" (the relative word the clause's first word, its head an
 * `acl:relcl` of a noun before it) is one example, labelled by whether the editor wrote a comma before it. A hashed
 * logistic model (`smallModels/adagradLogistic.ts`) over the clause's features — the relative word and its role, the
 * antecedent's determiner, tags and relation, the clause verb's form and tag, whether the clause is adjacent to its
 * antecedent and runs to the sentence's end — is fitted on edited-english train and ranked on dev: the precision a
 * decision on these features alone could reach at each recall of the written commas. A ceiling for the scorer's
 * relative-clause recall at P ≥ 0.9 (issue #29), not a model the engine reads.
 *
 *   npx tsx server/research/setOffCommas/relativeCeiling.ts [--bits 16] [--epochs 30]
 */
import { parseArgs } from 'util';
import { readSilverTrees, SilverSentence } from '../silverTrees';
import { featureIndex } from '../../src/restore/hashedLogistic';
import { treeInfo } from '../../src/data/treeInfo';
import { fitAdagrad, LabelledExample, probOf } from '../smallModels/adagradLogistic';

const { values: opt } = parseArgs({
  options: { bits: { type: 'string', default: '16' }, epochs: { type: 'string', default: '30' }, lr: { type: 'string', default: '0.1' }, l2: { type: 'string', default: '0.0001' } },
});

interface Clause {
  word: string;
  comma: boolean;
  features: string[];
}

/** The relative clauses of one sentence that open with which/who, with their features. */
function clausesOf(s: SilverSentence): Clause[] {
  const words = s.tree.words;
  const info = treeInfo(s.tree);
  const out: Clause[] = [];
  words.forEach((w, k) => {
    const i = k + 1;
    const word = w.form.toLowerCase();
    if (word !== 'which' && word !== 'who') return;
    const verb = w.head;
    if (verb === 0 || words[verb - 1].deprel !== 'acl:relcl') return;
    const [lo, hi] = info.span[verb];
    const antecedent = words[verb - 1].head;
    if (lo !== i || antecedent === 0 || antecedent >= i) return;
    const a = words[antecedent - 1];
    const v = words[verb - 1];
    const det = info.children[antecedent].map((c) => words[c - 1]).find((c) => c.deprel === 'det' || c.deprel === 'nmod:poss');
    const detOf = det ? (det.deprel === 'nmod:poss' ? 'POSS' : det.form.toLowerCase()) : a.upos === 'PROPN' ? 'PROPN' : 'none';
    const adjacent = String(antecedent === i - 1);
    const atEnd = String(hi === info.n);
    const f = [
      'bias',
      `w=${word}`,
      `role=${word}|${w.deprel}`,
      `adjacent=${adjacent}`,
      `atEnd=${atEnd}`,
      `adjacent|atEnd=${adjacent}|${atEnd}`,
      `det=${word}|${detOf}`,
      `antTag=${word}|${a.xpos}`,
      `verbTag=${word}|${v.xpos}`,
      `antTag|verbTag=${word}|${a.xpos}|${v.xpos}`,
      `verb=${word}|${v.form.toLowerCase()}`,
      `antRel=${word}|${a.deprel}`,
    ];
    out.push({ word, comma: (s.tree.slots[i - 1] ?? []).includes(','), features: f });
  });
  return out;
}

function main(): void {
  const bits = Number(opt.bits);
  const encode = (c: Clause): LabelledExample => ({ x: c.features.map((f) => featureIndex(f, bits)), y: c.comma ? 1 : 0 });
  const train = readSilverTrees('train').flatMap(clausesOf);
  const dev = readSilverTrees('dev').flatMap(clausesOf);
  for (const word of ['which', 'who']) {
    const t = train.filter((c) => c.word === word);
    console.log(`train "${word}": ${t.length} clauses, ${t.filter((c) => c.comma).length} written with a comma`);
  }
  const { w, epoch } = fitAdagrad(train.map(encode), dev.map(encode), { bits, lr: Number(opt.lr), l2: Number(opt.l2), epochs: Number(opt.epochs) });
  console.log(`fitted (epoch ${epoch})`);
  for (const word of ['which', 'who']) {
    const d = dev.filter((c) => c.word === word);
    const ranked = d.map((c) => ({ p: probOf(w, encode(c).x), y: c.comma })).sort((a, b) => b.p - a.p);
    const commas = ranked.filter((r) => r.y).length;
    console.log(`\ndev "${word}": ${d.length} clauses, ${commas} with a comma`);
    console.log('| top k | p at k | precision | recall |\n| ---: | ---: | ---: | ---: |');
    let tp = 0;
    ranked.forEach((r, k) => {
      if (r.y) tp++;
      if ((k + 1) % 10 === 0 && k < 100) console.log(`| ${k + 1} | ${r.p.toFixed(2)} | ${(tp / (k + 1)).toFixed(2)} | ${(tp / Math.max(1, commas)).toFixed(2)} |`);
    });
  }
}

main();
