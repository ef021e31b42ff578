/**
 * The thresholds of the sentence-join findings (`engine/sentenceJoins/`): the boundary model's probability at every
 * comma-only or unmarked slot of edited-english, on comma splices and fused sentences made by the corruption
 * generator (the join of two consecutive sentences of one paragraph) and on every sentence as written.
 *
 *   npx tsx server/research/sentenceJoins/calibrate.ts [--part dev] [--per-kind 300] [--seed 2] [--boundary-model]
 *     [--joins FILE] [--ewt-dev] [--tagger-weight w [--tagger F] [--floor p] [--fused-only] [--raise-only] [--any-mark]]
 *
 * For each kind and threshold: on the corrupted items, TP (the join found), FP (another slot of the joined text
 * flagged), recall and precision; on the written text, findings per 1,000 sentences. Choose on dev, never on heldout.
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { decodeJoinModel } from '../../src/engine/sentenceJoins/modelFile';
import { EditedPart } from '../editedEnglish';
import { EWT_DEV, ewtParagraphDocuments } from '../scorer/ewtDocuments';
import { buildEditedSuite, loadSuiteDocuments } from '../corruption/editedSuite';
import { defaultModelDir, loadEngineParts } from '../../src/engine';
import { boundaryProbs, loadBoundaryModel } from '../../src/restore/boundaries';
import { JoinKind, SentenceJoin, sentenceJoins } from '../../src/engine/sentenceJoins/joins';
import { loadJoinModel } from '../../src/engine/sentenceJoins/model';
import { AnalysedSentence } from '../../src/engine/sentence';
import { loadLowerCaseTagger, readPunctTaggerFile } from '../../src/restore/punctTagger';
import { sentenceEndProbabilities } from '../../src/engine/sentenceJoins/endTagger';

const { values: opt } = parseArgs({
  options: {
    part: { type: 'string', default: 'dev' },
    // EWT dev's paragraphs (gold trees) in place of edited-english's part; its writers splice, so its written-text
    // findings are not all false.
    'ewt-dev': { type: 'boolean' },
    // Another sentence-join model file in place of the bundled one.
    joins: { type: 'string' },
    'per-kind': { type: 'string', default: '300' },
    seed: { type: 'string', default: '2' },
    'clean-every': { type: 'string', default: '1' },
    // The restoration boundary model's P(boundary) in place of the join model's (what it gives before a join model).
    'boundary-model': { type: 'boolean' },
    // Print every written sentence's join at or above this probability, for reading.
    show: { type: 'string' },
    // A second reader of the joins (`engine/sentenceJoins/endTagger.ts`): `--tagger-weight w` mixes the lower-case tagger's
    // P(end) in with weight w (`--tagger F`: another tagger file); the options below shape the mix.
    tagger: { type: 'string' },
    'tagger-weight': { type: 'string' },
    // The tagger only raises a join (its evidence against one left out).
    'raise-only': { type: 'boolean' },
    // P(any mark) in place of P(sentence end).
    'any-mark': { type: 'boolean' },
    // Joins the model finds less probable than this keep its probability (the tagger is not read for them).
    floor: { type: 'string', default: '0' },
    // Only fused sentences read the tagger.
    'fused-only': { type: 'boolean' },
  },
});

function main(): void {
  const part = opt.part as EditedPart;
  const docs = opt['ewt-dev'] ? ewtParagraphDocuments(EWT_DEV) : loadSuiteDocuments(part);
  const parts = loadEngineParts();
  if (!parts.analyser) throw new Error(`engine: ${parts.problem}`);
  const analyser = parts.analyser;
  const dir = defaultModelDir();
  const joinModel = opt.joins ? decodeJoinModel(fs.readFileSync(opt.joins)) : loadJoinModel(dir);
  const boundaries = loadBoundaryModel(dir);
  if (!boundaries || !joinModel) throw new Error('no restore-boundaries.json or sentence-joins.bin');
  // The lower-case tagger's P(end) mixed in (`engine/sentenceJoins/endTagger.ts`): logit p = logit p_join + w · logit P(end).
  const w = opt['tagger-weight'] === undefined ? undefined : Number(opt['tagger-weight']);
  const tagger = w === undefined ? undefined : opt.tagger ? readPunctTaggerFile(opt.tagger, dir) : loadLowerCaseTagger(dir);
  const logit = (p: number) => Math.log(Math.max(1e-9, p) / Math.max(1e-9, 1 - p));
  const joinsOf = (s: AnalysedSentence, text: string): SentenceJoin[] => {
    const joins = sentenceJoins(s, joinModel);
    if (tagger && w !== undefined) {
      const e = sentenceEndProbabilities(tagger, s, text, opt['any-mark'] ? [1, 2, 3, 4, 5, 6] : undefined);
      const r = (x: number) => (opt['raise-only'] ? Math.max(0, x) : x);
      const floor = Number(opt.floor);
      return joins.map((j) => (j.p < floor || (opt['fused-only'] && j.kind !== 'fused-sentence') ? j : { ...j, p: 1 / (1 + Math.exp(-(logit(j.p) + w * r(logit(e[j.slot - 1]))))) }));
    }
    if (!opt['boundary-model']) return joins;
    const p = boundaryProbs(boundaries, s.tree.words.map((w) => w.form));
    return joins.map((j) => ({ ...j, p: p[j.slot] }));
  };
  const kinds: JoinKind[] = ['comma-splice', 'fused-sentence'];
  const items = buildEditedSuite(docs, kinds, Number(opt['per-kind']), Number(opt.seed));
  // Per kind: the gold join's p (or −1 when the analysis has no such slot), and the largest p of the other slots.
  const gold: Record<JoinKind, number[]> = { 'comma-splice': [], 'fused-sentence': [] };
  const other: Record<JoinKind, number[][]> = { 'comma-splice': [], 'fused-sentence': [] };
  for (const it of items) {
    const kind = it.error as JoinKind;
    const n1 = [...it.corruption.gold.keys()][0];
    const at = it.corrupted.regions[n1].start;
    const sentences = analyser.parseText(it.corrupted.text);
    let g = -1;
    const others: number[] = [];
    for (const s of sentences) {
      for (const j of joinsOf(s, it.corrupted.text)) {
        if (j.kind !== kind) continue;
        const end = s.tokens[s.wordTokens[j.slot - 1]].end;
        if (end === at) g = j.p;
        else others.push(j.p);
      }
    }
    gold[kind].push(g);
    other[kind].push(others);
  }
  // Sentences with another kind's comma missing (an introductory element's, a relative clause's): a join found there
  // is a wrong fix (a period where a comma belongs), the price a join pays in the writers' mix.
  const commaKinds = ['introductory-comma-missing', 'relative-clause-comma-missing', 'appositive-comma-missing', 'clause-coordinator-comma-missing'] as const;
  const misplaced: Record<JoinKind, number[]> = { 'comma-splice': [], 'fused-sentence': [] };
  const commaItems = buildEditedSuite(docs, [...commaKinds], Number(opt['per-kind']), Number(opt.seed));
  for (const it of commaItems)
    for (const s of analyser.parseText(it.corrupted.text)) for (const j of joinsOf(s, it.corrupted.text)) misplaced[j.kind].push(j.p);
  // Written text: every sentence of every paragraph (or every k-th paragraph).
  const every = Number(opt['clean-every']);
  const clean: Record<JoinKind, number[]> = { 'comma-splice': [], 'fused-sentence': [] };
  let sentenceCount = 0;
  let k = 0;
  for (const doc of docs)
    for (const para of doc.paragraphs) {
      if (k++ % every) continue;
      let ss: AnalysedSentence[];
      try {
        ss = analyser.parseText(para);
      } catch {
        continue;
      }
      sentenceCount += ss.length;
      for (const s of ss)
        for (const j of joinsOf(s, para)) {
          clean[j.kind].push(j.p);
          if (opt.show !== undefined && j.p >= Number(opt.show)) {
            const at = s.tokens[s.wordTokens[j.slot - 1]].end;
            console.log(`${j.kind}\t${j.p.toFixed(2)}\t${para.slice(s.start, at)}⟦${j.kind === 'comma-splice' ? ',' : '·'}⟧${para.slice(at, s.end).replace(/^,/, '')}`);
          }
        }
    }
  console.log(`${part}: ${items.length} corrupted items, ${sentenceCount} written sentences`);
  for (const kind of kinds) {
    console.log(`\n${kind}: ${gold[kind].length} items, gold join analysed as this kind in ${gold[kind].filter((x) => x >= 0).length}`);
    console.log(`| threshold | TP | FP | recall | precision | written findings per 1,000 sentences | joins in ${commaItems.length} sentences with a comma missing |`);
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const t of [0.3, 0.4, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99]) {
      const tp = gold[kind].filter((x) => x >= t).length;
      const fp = other[kind].reduce((a, xs) => a + xs.filter((x) => x >= t).length, 0);
      const fa = clean[kind].filter((x) => x >= t).length;
      const wrong = misplaced[kind].filter((x) => x >= t).length;
      console.log(`| ${t} | ${tp} | ${fp} | ${(tp / gold[kind].length).toFixed(3)} | ${(tp + fp ? tp / (tp + fp) : 1).toFixed(3)} | ${((1000 * fa) / sentenceCount).toFixed(2)} (${fa}) | ${wrong} |`);
    }
  }
}

main();
