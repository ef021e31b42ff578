/**
 * Restoration benchmark (issue #31), from raw unpunctuated words, parser included:
 *
 *   npx tsx scripts/bench-restore.ts --words [--limit N]
 *       the "words are sacred" property at scale: N sentences/paragraphs (EWT train+dev, edited-english dev, node_modules
 *       READMEs) with their punctuation removed are restored; counts word changes and unbalanced inserted marks, and
 *       how many already punctuated texts came back changed. (npm test runs a few hundred of them.)
 *   npx tsx scripts/bench-restore.ts --speed [--limit N]
 *       time to restore N (default 10) distinct 300-word dictated paragraphs of edited-english dev, after a warm-up,
 *       by the restorer as it was (1000 samples, no boundary model) and as it is, interleaved; medians.
 *   npx tsx scripts/bench-restore.ts --asides --set ewt-dev|edited-dev [--limit N] [--samples M]
 *       calibration of ASIDE_SUPPORT (dev sets only): precision and recall of inserted parentheses, dashes and quotation
 *       marks (per slot, as written) at several support thresholds, from one sampling per sentence.
 *   npx tsx scripts/bench-restore.ts --set ewt-test|ewt-dev|edited-heldout|edited-dev [--limit N] [--samples M]
 *       restores paragraphs (EWT `# newpar`, edited-english lines) given as one run of words (punctuation removed,
 *       sentence-initial capitals lowered, as dictation gives them) and scores per word slot against the text as
 *       written: AED (token edit distance per slot, as the paper's §6.1), internal sentence-boundary F1, and
 *       comma / period / question-mark F1. Side by side: the trivial baseline (a final period), the boundary model
 *       alone (periods and question marks only), the punctuation model on the tokenizer's sentences (restoration
 *       before the boundary model), the discriminative tagger alone (the BiLSTM; and the CRF over hashed word features), Attach
 *       (the model without its D scores) and the full model with the tagger's comma evidence, and the full model with
 *       its own commas. --samples M: MBR samples (default: the restorer's). --join-paragraphs K (EWT sets): runs of up
 *       to K consecutive paragraphs of one document instead (dictation past a paragraph's end: greetings, sign-offs).
 *   npx tsx scripts/bench-restore.ts --commas --set ewt-dev|edited-dev [--limit N] [--grid-weights W,…] [--grid-thresholds T,…]
 *       tuning of COMMA_EVIDENCE (dev sets only): AED and comma F1 of the full restoration for a grid of tagger weights
 *       and thresholds, the model's samples drawn once per sentence.
 *   npx tsx scripts/bench-restore.ts --boundaries --set ewt-dev|edited-dev [--limit N]
 *       the same for the boundary decision: the boundary model's P mixed with the tagger's P(sentence end).
 *   npx tsx scripts/bench-restore.ts --cuts --set ewt-dev|edited-dev [--limit N] [--rows REGEX]
 *       the same for where a run is cut and which sentences end with `?`: the boundary model (shipped), the tagger's
 *       Viterbi sentence ends, its sentence-end posterior at thresholds, and the tagger's P(? | end) in the question mix.
 *   npx tsx scripts/bench-restore.ts --colons --set ewt-dev|edited-dev [--limit N]
 *       the same for `:` and `;` (the comma's mix, thresholds false | 0.2 | 0.25 | 0.3 | 0.35 | 0.5 | 0.65).
 *   npx tsx scripts/bench-restore.ts --sample-counts 10,15,20,30 --set ewt-dev|edited-dev [--limit N]
 *       the default restoration at each number of MBR samples (dev sets only; each row samples anew).
 *   npx tsx scripts/bench-restore.ts --comma-models --set ewt-dev|edited-dev|… [--comma-model FILE[,FILE…]] [--limit N]
 *       the comma decision alone: the default restoration with the previous rule (the tagger's and the model's P
 *       mixed, COMMA_EVIDENCE) and with the comma model of the second pass (the bundled one, or FILE; with more files,
 *       the bundled one and each of them too), the model's
 *       samples drawn once per sentence; --comma-thresholds T,…: the comma model at each threshold; --web-thresholds
 *       W,…: at its threshold, with each threshold for web text (a model with a register, `register.ts`).
 *   --lower (with --set): every word of the input in lower case, as text typed without capitals (in every mode); --only-default:
 *       the trivial baseline and the default restoration with and without the lower-case tagger only.
 *   --lower-weights W,… [--lower-tagger FILE] [--lower-thresholds T,…] (with --set): the default restoration with the
 *       lower-case tagger (the bundled one, and FILE) at each weight beside the tagger's own reading of a run typed
 *       without capitals, and with each threshold of the cut there.
 *   --tagger FILE (with --set): a candidate punctuation tagger (a file `npm run train:restore-tagger` wrote with OUT=FILE).
 *       With a grid, every row uses it; alone, the systems are the trivial baseline, the tagger alone and the default
 *       restoration, each with the bundled tagger and with the candidate (the model's samples drawn once per sentence).
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { commaModelFromJson, CommaModelJson, loadCommaModel } from '../server/src/restore/commaModel';
import { ATTACH_MODEL_FILE, defaultModelDir, loadPunctModel } from '../server/src/model';
import { editDistance } from '../server/src/model/sample';
import { loadParser } from '../server/src/parser';
import { makeRestorer, RestoreOptions, RestoringModel } from '../server/src/restore';
import { bestMarks, loadCrfTagger, loadPunctTagger, MARKS, PunctTagger, readPunctTaggerFile } from '../server/src/restore/punctTagger';
import type { PunctuatedTree } from '../server/src/data/depunct';
import { dictated, editedParagraphs, ewtDocumentParagraphs, ewtParagraphs, ewtTexts, joinedParagraphRuns, readmeParagraphs, slotMarks, spread, unbalancedInserted, unpunctuate, wordChange } from '../test/restore/corpus';

const { values } = parseArgs({
  options: {
    'paragraph-end': { type: 'boolean' },
    words: { type: 'boolean', default: false },
    speed: { type: 'boolean', default: false },
    asides: { type: 'boolean', default: false },
    commas: { type: 'boolean', default: false },
    boundaries: { type: 'boolean', default: false },
    colons: { type: 'boolean', default: false },
    cuts: { type: 'boolean', default: false },
    /** With --cuts: only the rows whose name matches this regular expression. */
    rows: { type: 'string' },
    'comma-models': { type: 'boolean', default: false },
    'comma-model': { type: 'string' },
    'comma-thresholds': { type: 'string' },
    'web-thresholds': { type: 'string' },
    set: { type: 'string', default: 'ewt-dev' },
    limit: { type: 'string', default: '300' },
    samples: { type: 'string' },
    tagger: { type: 'string' },
    lower: { type: 'boolean', default: false },
    'lower-tagger': { type: 'string' },
    'lower-weights': { type: 'string' },
    'lower-thresholds': { type: 'string' },
    'only-default': { type: 'boolean', default: false },
    'sample-counts': { type: 'string' },
    'grid-weights': { type: 'string' },
    'grid-thresholds': { type: 'string' },
    /** With an EWT set: runs of up to K consecutive paragraphs of one document (`joinedParagraphRuns`) in place of single paragraphs. */
    'join-paragraphs': { type: 'string' },
  },
});
const limit = Number(values.limit);

interface Tally {
  slots: number;
  aed: number;
  tp: Record<string, number>;
  gold: Record<string, number>;
  pred: Record<string, number>;
}

const KINDS = ['boundary', ',', '.', '?'];
const newTally = (): Tally => ({ slots: 0, aed: 0, tp: {}, gold: {}, pred: {} });

function score(t: Tally, gold: string[][], out: string[][]): void {
  if (gold.length !== out.length) throw new Error(`slot counts differ: ${gold.length} vs ${out.length}`);
  const isEnd = (s: string[]) => s.some((m) => m === '.' || m === '?' || m === '!' || m === '...');
  gold.forEach((g, i) => {
    t.slots++;
    t.aed += editDistance(g, out[i]);
    const o = out[i];
    const add = (k: string, gi: number, oi: number) => {
      t.gold[k] = (t.gold[k] ?? 0) + gi;
      t.pred[k] = (t.pred[k] ?? 0) + oi;
      t.tp[k] = (t.tp[k] ?? 0) + Math.min(gi, oi);
    };
    if (i > 0 && i < gold.length - 1) add('boundary', isEnd(g) ? 1 : 0, isEnd(o) ? 1 : 0);
    for (const k of new Set([',', '.', '?', ...g, ...o])) add(k, g.filter((m) => m === k).length, o.filter((m) => m === k).length);
  });
}

function report(name: string, t: Tally): string {
  const f1 = (k: string) => {
    const p = t.tp[k] / Math.max(1, t.pred[k]);
    const r = t.tp[k] / Math.max(1, t.gold[k]);
    return p + r === 0 ? 0 : (2 * p * r) / (p + r);
  };
  return `| ${name} | ${(t.aed / t.slots).toFixed(3)} | ${KINDS.map((k) => `${f1(k).toFixed(3)} (${t.gold[k] ?? 0})`).join(' | ')} |`;
}

function main(): void {
  const parser = loadParser();
  const model = loadPunctModel();
  if (values.words) {
    const texts = [
      ...spread(ewtTexts('train'), limit * 0.35),
      ...spread(ewtTexts('dev'), limit * 0.15),
      ...spread(editedParagraphs('dev').map((p) => p.text), limit * 0.3),
      ...readmeParagraphs(path.resolve(__dirname, '..', 'node_modules'), limit * 0.2),
    ];
    const restorer = makeRestorer(parser, model, { samples: Number(values.samples ?? 30) });
    let changed = 0, unbalanced = 0, punctuatedChanged = 0, punctuated = 0, words = 0;
    const t0 = Date.now();
    for (const text of texts) {
      const input = unpunctuate(text);
      words += input.split(' ').length;
      const out = restorer.restore(input);
      const c = wordChange(input, out);
      if (c) ((changed += 1), console.log(`WORD CHANGE ${c}\n  ${input}\n  ${out}`));
      const u = unbalancedInserted(input, out);
      if (u) ((unbalanced += 1), console.log(`UNBALANCED\n  ${input}\n  ${out}`));
      if (/[.!?]["”’)]?$/.test(text)) {
        punctuated++;
        if (restorer.restore(text) !== text) ((punctuatedChanged += 1), console.log(`PUNCTUATED CHANGED\n  ${text}\n  ${restorer.restore(text)}`));
      }
    }
    console.log(`texts ${texts.length} (words ${words}): word changes ${changed}, unbalanced ${unbalanced}; punctuated texts ${punctuated}, changed ${punctuatedChanged}; ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    return;
  }
  if (values.speed) {
    const texts: string[] = [];
    let words: string[] = [];
    for (const p of editedParagraphs('dev')) {
      words.push(...dictated([p.text]).split(' '));
      if (words.length >= 300) ((texts.push(words.slice(0, 300).join(' ')), (words = [])));
    }
    const n = Math.min(Number(values.limit === '300' ? 10 : values.limit), texts.length - 1);
    const before = makeRestorer(parser, model, { samples: 1000, boundaries: false });
    const after = makeRestorer(parser, model);
    after.restore(texts[texts.length - 1]);
    const ms: Record<string, number[]> = { before: [], after: [] };
    for (let k = 0; k < n; k++) {
      // Distinct texts for each (a parse is remembered by content), alternating which goes first.
      for (const [name, r, text] of (k % 2 ? [['after', after, texts[2 * k]], ['before', before, texts[2 * k + 1]]] : [['before', before, texts[2 * k]], ['after', after, texts[2 * k + 1]]]) as Array<[string, typeof after, string]>) {
        const t = process.hrtime.bigint();
        r.restore(text);
        ms[name].push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(`300-word paragraphs, ${n} each: before (1000 samples, no boundaries) median ${median(ms.before).toFixed(0)} ms; after (default) median ${median(ms.after).toFixed(0)} ms, max ${Math.max(...ms.after).toFixed(0)} ms`);
    return;
  }
  const set = values.set!;
  const ewtSplit = set === 'ewt-test' ? 'test' : 'dev';
  const paragraphs: string[][] = set.startsWith('ewt-')
    ? values['join-paragraphs']
      ? joinedParagraphRuns(ewtDocumentParagraphs(ewtSplit), Number(values['join-paragraphs']))
      : ewtParagraphs(ewtSplit)
    : editedParagraphs(set === 'edited-heldout' ? 'heldout' : 'dev').map((p) => [p.text]);
  const chosen = spread(paragraphs, limit);
  const candidate = values.tagger === undefined ? undefined : readPunctTaggerFile(values.tagger, defaultModelDir());
  /** Options with the candidate tagger, when one is given. */
  const withCandidate = (o: RestoreOptions): RestoreOptions => (candidate && o.tagger === undefined ? { ...o, tagger: candidate } : o);
  const memo = new WeakMap<object, ReturnType<NonNullable<RestoringModel['restoreWithSupport']>>>();
  /** The model with its samples drawn once per sentence (for grids of decision settings). */
  const memoModel: RestoringModel = {
    restore: (tree) => model.restore(tree),
    restoreWithSupport: (tree: PunctuatedTree, opts) => {
      let r = memo.get(tree.words);
      if (!r) memo.set(tree.words, (r = model.restoreWithSupport(tree, opts)));
      return { slots: r.slots.map((s) => [...s]), support: r.support };
    },
  };
  /** The tally of `restorer` over the chosen paragraphs (those whose words and gold slots line up). */
  const tallyOf = (restorer: { restore(text: string): string }): Tally => {
    const t = newTally();
    for (const p of chosen) {
      const input = values.lower ? dictated(p).toLowerCase() : dictated(p);
      const gold = slotMarks(p.join(' '));
      if (!input || gold.length !== input.split(' ').length + 1) continue;
      score(t, gold, slotMarks(restorer.restore(input)));
    }
    return t;
  };
  if (values['comma-models']) {
    // --comma-model A,B,…: the first is the model of the threshold rows; every further one is a row of its own at its
    // own thresholds, beside the bundled model's row (the comparison of candidates in one run, the samples shared).
    const [file, ...others] = values['comma-model']?.split(',') ?? [];
    const readModel = (f: string) => commaModelFromJson(JSON.parse(fs.readFileSync(f, 'utf8')) as CommaModelJson);
    const candidate = file === undefined ? undefined : readModel(file);
    const bundled = loadCommaModel(defaultModelDir());
    const extra = others.map(readModel);
    console.log(`set ${set}, ${chosen.length} paragraphs`);
    console.log('| commas | AED/slot | boundary F1 | comma F1 | period F1 | question F1 |');
    const model = candidate ?? bundled;
    const thresholds = values['comma-thresholds']?.split(',').map(Number) ?? [model?.threshold];
    // The trivial baseline beside them: restoration must beat it on AED (issue #31).
    const trivial = tallyOf({ restore: (input) => input + '.' });
    console.log(`${report('trivial (final period)', trivial)} ${trivial.aed} edits / ${trivial.slots} slots`);
    for (const [name, o] of [
      ['previous rule (tagger and model mixed)', { commaModel: false }],
      ...(others.length && bundled ? [[`bundled comma model (${bundled.version})`, { commaModel: bundled }]] : []),
      ...extra.map((m, k) => [`comma model ${others[k]} (${m.version}) ≥ ${m.threshold}${m.webThreshold !== undefined ? `, web ≥ ${m.webThreshold}` : ''}`, { commaModel: m }]),
      ...thresholds.map((t) => [`comma model (${model?.version ?? 'none'}) ≥ ${t}${model?.webThreshold !== undefined ? `, web ≥ ${model.webThreshold}` : ''}`, model ? { commaModel: { ...model, threshold: t } } : {}]),
      ...(values['web-thresholds']?.split(',').map(Number) ?? []).map((w) => [`comma model (${model?.version ?? 'none'}) ≥ ${model?.threshold}, web ≥ ${w}`, model ? { commaModel: { ...model, webThreshold: w } } : {}]),
    ] as Array<[string, RestoreOptions]>) {
      const t = tallyOf(makeRestorer(parser, memoModel, withCandidate(o)));
      console.log(`${report(name, t)} ${t.aed} edits / ${t.slots} slots; commas written ${t.pred[','] ?? 0}, right ${t.tp[','] ?? 0}`);
    }
    return;
  }
  if (values.boundaries) {
    if (set.endsWith('test') || set.endsWith('heldout')) throw new Error('tune on dev sets only');
    const grid: Array<{ weight: number; threshold: number } | undefined> = [undefined];
    for (const weight of [0.25, 0.5, 0.75, 1]) for (const threshold of [0.3, 0.4, 0.5, 0.6]) grid.push({ weight, threshold });
    console.log(`set ${set}, ${chosen.length} paragraphs`);
    console.log('| tagger weight | threshold | AED/slot | boundary F1 | comma F1 | period F1 | question F1 |');
    for (const g of grid) {
      const restorer = makeRestorer(parser, memoModel, g ? { boundaryEvidence: g } : {});
      const t = tallyOf(restorer);
      console.log(report(g ? `${g.weight} | ${g.threshold}` : 'boundary model alone | —', t));
    }
    return;
  }
  if (values.cuts) {
    if (set.endsWith('test') || set.endsWith('heldout')) throw new Error('tune on dev sets only');
    // Every row names its cut and its question weight (the defaults are one of the rows).
    const boundaryCut = { weight: 0 };
    const viterbi = { viterbi: true as const };
    const union = { viterbi: true as const, orBoundaryModel: true };
    const grid: Array<{ name: string; options: RestoreOptions }> = [
      { name: 'boundary model (shipped before)', options: { boundaryEvidence: boundaryCut, questionEvidence: 0 } },
      { name: 'tagger Viterbi', options: { boundaryEvidence: viterbi, questionEvidence: 0 } },
      { name: 'tagger Viterbi or boundary model', options: { boundaryEvidence: union, questionEvidence: 0 } },
      ...[0.3, 0.4, 0.45, 0.5, 0.6].map((threshold) => ({ name: `tagger posterior ≥ ${threshold}`, options: { boundaryEvidence: { weight: 1, threshold }, questionEvidence: 0 } })),
      ...[0.4, 0.45, 0.5].map((threshold) => ({ name: `mix w 0.75 ≥ ${threshold}`, options: { boundaryEvidence: { weight: 0.75, threshold }, questionEvidence: 0 } })),
      ...[0.25, 0.5, 1].map((w) => ({ name: `boundary model, question w ${w}`, options: { boundaryEvidence: boundaryCut, questionEvidence: w } })),
      ...[0.25, 0.5, 1].map((w) => ({ name: `tagger Viterbi, question w ${w}`, options: { boundaryEvidence: viterbi, questionEvidence: w } })),
      ...[0.5].map((w) => ({ name: `tagger Viterbi or boundary model, question w ${w}`, options: { boundaryEvidence: union, questionEvidence: w } })),
      ...[0.4, 0.45].flatMap((threshold) => [0.5, 1].map((w) => ({ name: `tagger posterior ≥ ${threshold}, question w ${w}`, options: { boundaryEvidence: { weight: 1, threshold }, questionEvidence: w } }))),
      // The tagger's P(? | end) alone at thresholds other than the boundary model's (a sharper tagger wants its own).
      ...[0.4, 0.45, 0.5].flatMap((threshold) =>
        [0.15, 0.25, 0.35, 0.5].map((q) => ({ name: `tagger posterior ≥ ${threshold}, question w 1 ≥ ${q}`, options: { boundaryEvidence: { weight: 1, threshold }, questionEvidence: 1, questionThreshold: q } })),
      ),
    ];
    console.log(`set ${set}, ${chosen.length} paragraphs`);
    console.log('| cut | AED/slot | boundary F1 | comma F1 | period F1 | question F1 |');
    for (const g of grid.filter((r) => !values.rows || new RegExp(values.rows).test(r.name))) {
      const restorer = makeRestorer(parser, memoModel, withCandidate(g.options));
      const t = tallyOf(restorer);
      // The edit count too: the grid's AEDs differ in the fourth decimal.
      console.log(`${report(g.name, t)} ${t.aed} edits / ${t.slots} slots`);
    }
    return;
  }
  if (values['sample-counts']) {
    if (set.endsWith('test') || set.endsWith('heldout')) throw new Error('tune on dev sets only');
    console.log(`set ${set}, ${chosen.length} paragraphs`);
    console.log('| samples | AED/slot | boundary F1 | comma F1 | period F1 | question F1 |');
    for (const n of values['sample-counts'].split(',').map(Number)) {
      const t = tallyOf(makeRestorer(parser, model, withCandidate({ samples: n, seed: 1 })));
      console.log(`${report(String(n), t)} ${t.aed} edits / ${t.slots} slots`);
    }
    return;
  }
  if (values['paragraph-end']) {
    if (set.endsWith('test') || set.endsWith('heldout')) throw new Error('tune on dev sets only');
    console.log(`set ${set}, ${chosen.length} paragraphs`);
    console.log('| paragraph end | AED/slot | boundary F1 | comma F1 | period F1 | question F1 |');
    for (const paragraphEnd of ['always', 'tagger'] as const) {
      const t = tallyOf(makeRestorer(parser, memoModel, withCandidate({ paragraphEnd })));
      console.log(`${report(paragraphEnd, t)} ${t.aed} edits`);
    }
    return;
  }
  if (values.colons) {
    if (set.endsWith('test') || set.endsWith('heldout')) throw new Error('tune on dev sets only');
    console.log(`set ${set}, ${chosen.length} paragraphs`);
    console.log('| colon threshold | AED/slot | boundary F1 | comma F1 | period F1 | question F1 |');
    for (const colonThreshold of [false, 0.2, 0.25, 0.3, 0.35, 0.5, 0.65] as const) {
      const restorer = makeRestorer(parser, memoModel, withCandidate({ colonThreshold }));
      const t = tallyOf(restorer);
      console.log(report(String(colonThreshold), t));
      const other = [':', ';', '...'].map((k) => `${k} ${t.pred[k] ?? 0}/${t.tp[k] ?? 0}/${t.gold[k] ?? 0}`);
      console.log(`  written/right/gold: ${other.join(', ')}`);
    }
    return;
  }
  if (values.commas) {
    if (set.endsWith('test') || set.endsWith('heldout')) throw new Error('tune on dev sets only');
    const grid: Array<{ weight: number; threshold: number } | undefined> = [undefined];
    const list = (v: string | undefined, d: number[]) => (v === undefined ? d : v.split(',').map(Number));
    for (const weight of list(values['grid-weights'], [0, 0.25, 0.5, 0.75, 0.9, 1]))
      for (const threshold of list(values['grid-thresholds'], [0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6])) grid.push({ weight, threshold });
    console.log(`set ${set}, ${chosen.length} paragraphs`);
    console.log('| tagger weight | threshold | AED/slot | boundary F1 | comma F1 | period F1 | question F1 |');
    for (const g of grid) {
      const restorer = makeRestorer(parser, memoModel, g ? withCandidate({ commaEvidence: g, commaModel: false }) : { tagger: false });
      const t = tallyOf(restorer);
      console.log(`${report(g ? `${g.weight} | ${g.threshold}` : 'model alone | —', t)} ${t.aed} edits`);
    }
    return;
  }
  if (values.asides) {
    if (set.endsWith('test') || set.endsWith('heldout')) throw new Error('calibrate on dev sets only');
    const groups: Record<string, string[]> = { paren: ['(', ')', '[', ']'], dash: ['—'], quote: ['"', "'"] };
    console.log(`set ${set}, ${chosen.length} paragraphs, samples ${values.samples ?? 1000}`);
    console.log('| threshold | ' + Object.keys(groups).map((g) => `${g} inserted | ${g} right | ${g} in gold`).join(' | ') + ' | AED/slot |');
    for (const threshold of [0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1.01]) {
      const restorer = makeRestorer(parser, memoModel, { samples: Number(values.samples ?? 1000), asideSupport: threshold });
      const c: Record<string, [number, number, number]> = { paren: [0, 0, 0], dash: [0, 0, 0], quote: [0, 0, 0] };
      const t = newTally();
      for (const p of chosen) {
        const input = dictated(p);
        const gold = slotMarks(p.join(' '));
        if (!input || gold.length !== input.split(' ').length + 1) continue;
        const out = slotMarks(restorer.restore(input));
        score(t, gold, out);
        for (const [g, ms] of Object.entries(groups))
          gold.forEach((gs, i) => {
            const gi = gs.filter((m) => ms.includes(m)).length;
            const oi = out[i].filter((m) => ms.includes(m)).length;
            c[g][0] += oi;
            c[g][1] += Math.min(gi, oi);
            c[g][2] += gi;
          });
      }
      console.log(`| ${threshold} | ` + Object.keys(groups).map((g) => c[g].join(' | ')).join(' | ') + ` | ${(t.aed / t.slots).toFixed(3)} |`);
    }
    return;
  }
  const samples = values.samples === undefined ? undefined : Number(values.samples);
  const silent: RestoringModel = { restore: (tree) => tree.slots.map(() => []) };
  const tagger = loadPunctTagger(defaultModelDir());
  if (!tagger) throw new Error(`no punctuation tagger in ${defaultModelDir()}: npm run train:restore-tagger`);
  const crf = tagger.kind === 'bilstm' ? loadCrfTagger(defaultModelDir()) : undefined;
  const kindOf = (t: PunctTagger) => (t.kind === 'bilstm' ? 'BiLSTM, the most probable mark after each word' : t.kind === 'mean' ? 'a mean of taggers' : 'linear-chain CRF over hashed word features, Viterbi');
  const attach = loadPunctModel(path.join(defaultModelDir(), ATTACH_MODEL_FILE));
  const taggerAlone = (t: PunctTagger) => (input: string) => {
    const words = input.split(' ');
    return bestMarks(t, words).map((y, i) => words[i] + MARKS[y]).join(' ');
  };
  const systems: Array<{ name: string; restore: (input: string) => string; tally: Tally }> = [
    { name: 'trivial (final period)', restore: (input) => input + '.', tally: newTally() },
    { name: 'boundary model alone (periods and ?)', restore: makeRestorer(parser, silent, { tagger: false }).restore, tally: newTally() },
    { name: 'punctuation model, tokenizer sentences', restore: makeRestorer(parser, model, { samples, boundaries: false }).restore, tally: newTally() },
    { name: `discriminative tagger alone (${kindOf(tagger)})`, restore: taggerAlone(tagger), tally: newTally() },
    ...(crf ? [{ name: 'discriminative tagger alone (linear-chain CRF over hashed word features, Viterbi)', restore: taggerAlone(crf), tally: newTally() }] : []),
    { name: 'Attach (boundary model + parser + MBR), its own commas', restore: makeRestorer(parser, attach, { samples, tagger: false }).restore, tally: newTally() },
    { name: 'Attach + tagger, commas from the comma model', restore: makeRestorer(parser, attach, { samples }).restore, tally: newTally() },
    { name: 'full model (boundary model + parser + MBR), its own commas', restore: makeRestorer(parser, model, { samples, tagger: false }).restore, tally: newTally() },
    {
      name: "full model + tagger and comma model, the boundary model's cut and question",
      restore: makeRestorer(parser, model, { samples, boundaryEvidence: { weight: 0 }, questionEvidence: 0 }).restore,
      tally: newTally(),
    },
    { name: "full model + tagger and comma model, the tagger's cut and question mix (default)", restore: makeRestorer(parser, model, { samples }).restore, tally: newTally() },
    { name: 'the default without the lower-case tagger (text with no capital cut by the tagger too)', restore: makeRestorer(parser, model, { samples, lowerCaseTagger: false }).restore, tally: newTally() },
  ];
  if (values['only-default']) systems.splice(0, systems.length, systems[0], ...systems.slice(-2));
  // A run typed without capitals, cut with each lower-case tagger at each weight beside the tagger's own reading.
  const lowerTaggers: Array<[string, PunctTagger | undefined]> = [['bundled', undefined]];
  if (values['lower-tagger']) lowerTaggers.push([path.basename(values['lower-tagger']), readPunctTaggerFile(values['lower-tagger'], defaultModelDir())]);
  const lowerThresholds = values['lower-thresholds'] ? values['lower-thresholds'].split(',').map(Number) : [undefined];
  for (const w of (values['lower-weights'] ?? '').split(',').filter(Boolean).map(Number)) {
    for (const [name, lower] of lowerTaggers) {
      for (const t of lowerThresholds) {
        const restore = makeRestorer(parser, model, { samples, lowerCaseWeight: w, lowerCaseThreshold: t, ...(lower ? { lowerCaseTagger: lower } : {}) }).restore;
        systems.push({ name: `default, lower-case tagger ${name} at weight ${w}${t === undefined ? '' : `, cut at ${t}`}`, restore, tally: newTally() });
      }
    }
  }
  if (candidate) {
    systems.splice(0, systems.length, systems[0], systems[3], { name: `candidate tagger alone (${candidate.version})`, restore: taggerAlone(candidate), tally: newTally() });
    systems.push({ name: 'default restoration, bundled tagger', restore: makeRestorer(parser, memoModel, { samples }).restore, tally: newTally() });
    systems.push({ name: `default restoration, candidate tagger (${candidate.version})`, restore: makeRestorer(parser, memoModel, { samples, tagger: candidate }).restore, tally: newTally() });
  }
  let skipped = 0;
  const t0 = Date.now();
  let nWords = 0;
  for (const p of chosen) {
    const input = values.lower ? dictated(p).toLowerCase() : dictated(p);
    if (!input) continue;
    const gold = slotMarks(p.join(' '));
    if (gold.length !== input.split(' ').length + 1) {
      skipped++;
      continue;
    }
    nWords += input.split(' ').length;
    for (const sys of systems) score(sys.tally, gold, slotMarks(sys.restore(input)));
  }
  console.log(`set ${set}, ${chosen.length - skipped} paragraphs (${skipped} skipped: words not aligned), ${nWords} words, samples ${samples ?? 'default'}, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  console.log(`| system | AED/slot | boundary F1 | comma F1 | period F1 | question F1 |  (gold counts in parentheses)`);
  for (const sys of systems) console.log(`${report(sys.name, sys.tally)} ${sys.tally.aed} edits / ${sys.tally.slots} slots`);
  // Every other mark: written by the system / right (same slot as in the text) / in the text.
  for (const sys of systems) {
    const t = sys.tally;
    const other = Object.keys(t.gold).filter((k) => !KINDS.includes(k) && (t.pred[k] || t.gold[k]));
    console.log(`${sys.name}: ` + ['boundary', ...other].map((k) => `${k} ${t.pred[k] ?? 0}/${t.tp[k] ?? 0}/${t.gold[k] ?? 0}`).join(', '));
  }
}

main();
