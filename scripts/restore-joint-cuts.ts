/**
 * Sentence cuts in restoration decided with the parse: does the sentence-join model (`engine/sentenceJoins/`, P(an
 * editor ended a sentence here) from the parse of the run read as one sentence) add to the tagger's P(sentence end)?
 * Restoration cuts a dictated run where the tagger, reading the words alone, finds an end (P ≥ 0.45), and only then
 * parses each piece. Here each run is also parsed whole, the join model asked at every gap, and the two stacked by a
 * logistic model fitted on half of the dev paragraphs and measured on the other half: boundary F1 at the gaps against
 * the tagger alone at its cut.
 *
 *   npx tsx scripts/restore-joint-cuts.ts [--limit 400]
 */
import { parseArgs } from 'util';
import { defaultModelDir } from '../server/src/data/modelDir';
import { loadParser } from '../server/src/parser';
import { tokenizeText } from '../server/src/tokenize';
import { loadPunctTagger, MARK_COUNT, SENTENCE_END_MARKS, tagRunByWords } from '../server/src/restore/punctTagger';
import { loadJoinModel, joinSlotProbability } from '../server/src/engine/sentenceJoins/model';
import { joinContext } from '../server/src/engine/sentenceJoins/features';
import { dictated, editedParagraphs, ewtParagraphs, slotMarks, spread } from '../test/restore/corpus';
import { fitLogistic } from '../server/research/smallModels/newtonLogistic';

const { values: opt } = parseArgs({ options: { limit: { type: 'string', default: '400' } } });

interface Gap {
  set: string;
  paragraph: number;
  pEnd: number;
  pJoin: number;
  y: 0 | 1;
}

const clamp = (p: number) => Math.min(1 - 1e-6, Math.max(1e-6, p));
const logit = (p: number) => Math.log(clamp(p) / (1 - clamp(p)));

function gapsOf(set: string, paragraphs: string[][]): Gap[] {
  const dir = defaultModelDir();
  const parser = loadParser();
  const tagger = loadPunctTagger(dir);
  const joins = loadJoinModel(dir);
  if (!tagger || !joins) throw new Error('the tagger and the join model are needed');
  const out: Gap[] = [];
  paragraphs.forEach((p, k) => {
    const input = dictated(p);
    const gold = slotMarks(p.join(' '));
    const words = input.split(' ');
    if (!input || gold.length !== words.length + 1) return;
    // The gap after each whitespace word, by the character offset where the word ends.
    const gapAt = new Map<number, number>();
    let at = 0;
    words.forEach((w, g) => {
      at += w.length;
      if (g < words.length - 1) gapAt.set(at, g);
      at += 1;
    });
    const tokens = tokenizeText(input).flatMap((s) => s.tokens);
    for (const s of parser.parseTokenized!(tokens, input)) {
      const wordTokens = s.wordTokens.map((t) => s.tokens[t]);
      const tagged = tagRunByWords(tagger, wordTokens, input, false).marginals;
      const ctx = joinContext(s.tree);
      const n = s.tree.words.length;
      for (let i = 1; i <= n; i++) {
        const g = gapAt.get(wordTokens[i - 1].end);
        if (g === undefined) continue;
        const pEnd = SENTENCE_END_MARKS.reduce((a, y) => a + tagged[(i - 1) * MARK_COUNT + y], 0);
        const pJoin = i < n ? joinSlotProbability(joins, s.tree, i, 'none', ctx) : NaN;
        const y = gold[g + 1].some((m) => m === '.' || m === '?' || m === '!') ? 1 : 0;
        out.push({ set, paragraph: k, pEnd, pJoin, y });
      }
    }
  });
  return out;
}

type Features = (g: Gap) => number[];
const TAGGER_ONLY: Features = (g) => [logit(g.pEnd)];
const STACKED: Features = (g) => [logit(g.pEnd), Number.isNaN(g.pJoin) ? 0 : logit(g.pJoin), Number.isNaN(g.pJoin) ? 1 : 0];

/** The logistic stack over `f`, every gap weighing 1 (a light ridge on the weights, the bias free). */
function fit(gaps: readonly Gap[], f: Features): { w: number[]; b: number } {
  return fitLogistic(gaps.map(f), gaps.map((g) => g.y), 1e-4 / gaps.length, 30, false);
}

function f1(gaps: readonly Gap[], cut: (g: Gap) => boolean): string {
  let tp = 0, fp = 0, fn = 0;
  for (const g of gaps) {
    const c = cut(g);
    if (c && g.y) tp++;
    else if (c) fp++;
    else if (g.y) fn++;
  }
  const p = tp / Math.max(1, tp + fp);
  const r = tp / Math.max(1, tp + fn);
  return `F1 ${((2 * p * r) / Math.max(1e-9, p + r)).toFixed(3)} (P ${p.toFixed(3)}, R ${r.toFixed(3)}, ${tp + fp} cuts, ${tp + fn} gold)`;
}

function main(): void {
  const limit = Number(opt.limit);
  const gaps = [
    ...gapsOf('edited-dev', spread(editedParagraphs('dev').map((p) => [p.text]), limit)),
    ...gapsOf('ewt-dev', spread(ewtParagraphs('dev'), limit)),
  ];
  // Halves by paragraph: fit on the even ones, measure on the odd ones, then the other way round.
  for (const [fitHalf, testHalf] of [[0, 1], [1, 0]]) {
    const train = gaps.filter((g) => g.paragraph % 2 === fitHalf);
    const test = gaps.filter((g) => g.paragraph % 2 === testHalf);
    const wt = fit(train, TAGGER_ONLY);
    const ws = fit(train, STACKED);
    const show = ({ w, b }: { w: number[]; b: number }) => [b, ...w].map((x) => x.toFixed(3)).join(' ');
    console.log(`fit on half ${fitHalf}: tagger-only bias and weights ${show(wt)}; stacked ${show(ws)}`);
    const p = ({ w, b }: { w: number[]; b: number }, f: Features) => (g: Gap) => 1 / (1 + Math.exp(-f(g).reduce((a, x, j) => a + x * w[j], b)));
    for (const set of ['edited-dev', 'ewt-dev']) {
      const t = test.filter((g) => g.set === set);
      console.log(`  ${set} half ${testHalf} (${t.length} gaps):`);
      console.log(`    tagger at its cut (P ≥ 0.45): ${f1(t, (g) => g.pEnd >= 0.45)}`);
      console.log(`    tagger refitted, ≥ 0.5:       ${f1(t, (g) => p(wt, TAGGER_ONLY)(g) >= 0.5)}`);
      for (const c of [0.4, 0.45, 0.5, 0.55]) console.log(`    stacked with joins, ≥ ${c}:  ${f1(t, (g) => p(ws, STACKED)(g) >= c)}`);
    }
  }
}

main();
