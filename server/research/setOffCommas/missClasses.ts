/**
 * Why the engine misses the set-off commas of the edited-english suite, item by item: for each corrupted item of the
 * three set-off kinds, the set-off model's candidates on the corrupted sentence (with its trial commas, as the linter
 * asks them) and the decision trace of the sentence linted alone (`explain --candidates`' notes on the gold slots).
 * Each item the bench missed (`--misses` of `benchEdited.ts`) is put in one class:
 * - `no candidate`: no set-off candidate writes a comma at any gold slot;
 * - `partial candidate`: a candidate writes some gold commas, not all (the parse ends the phrase elsewhere);
 * - `below threshold`: a candidate writes every gold comma, at a probability under its kind's threshold;
 * - `above threshold, dropped`: it passes the threshold and a later step drops or defers it (named by the trace);
 * and each line is printed with its sentence, for reading.
 *
 *   npx tsx server/research/setOffCommas/missClasses.ts --misses F [--part dev] [--per-kind 150] [--out F]
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { Linter, loadEngineParts, makeLinter } from '../../src/engine';
import { DecisionNote } from '../../src/engine/correction/pipeline/decide';
import { treeInfo } from '../../src/engine/treeInfo';
import { setOffFeatures } from '../../src/engine/setOffCommas/features';
import { setOffProbability } from '../../src/engine/setOffCommas/model';
import { candidatesWithTrials, trialFeatures } from '../../src/engine/setOffCommas/trialCandidates';
import { corruptedParagraph, EditedItem, loadSuiteDocuments, SuiteDocument } from '../corruption/editedSuite';
import { benchItems } from '../corruption/benchItems';
import { shapeOf } from '../corruption/itemShape';
import { documentHabit } from '../../src/engine/correction/style/introductoryHabit';
import { BENCH_KINDS } from '../corruption/rates';
import { EditedPart } from '../editedEnglish';

const { values: opt } = parseArgs({
  options: { part: { type: 'string', default: 'dev' }, 'per-kind': { type: 'string', default: '150' }, misses: { type: 'string' }, out: { type: 'string' } },
});
const KINDS: Record<string, string> = { 'relative-clause-comma-missing': 'relative', 'appositive-comma-missing': 'appositive', 'introductory-comma-missing': 'introductory' };

/**
 * The bench's verdict per item (HIT or MISS), read from its `--misses` file, keyed by kind and id: one sentence may be
 * drawn for several kinds under the same id.
 */
function verdicts(file: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^(\S+)\t(\S+)\t(HIT|MISS)/.exec(line);
    if (m) out.set(`${m[1]}\t${m[2]}`, m[3]);
  }
  return out;
}

function main(): void {
  if (!opt.misses) throw new Error('--misses FILE (from benchEdited.ts) is required');
  const verdict = verdicts(opt.misses);
  const parts = loadEngineParts();
  const model = parts.kinds?.setOff;
  if (!model || !parts.analyser) throw new Error('no set-off model or parser');
  const reparse = parts.analyser.parseWithCommas?.bind(parts.analyser);
  const linter = makeLinter(parts);
  const docs = loadSuiteDocuments(opt.part as EditedPart);
  const items = benchItems(docs, BENCH_KINDS, Number(opt['per-kind']), 1).filter((it) => KINDS[it.error]);
  const tally = new Map<string, Map<string, number>>();
  const lines: string[] = [];
  const shapes = new Map<string, { hit: number; all: number }>();
  for (const it of items) {
    const kind = KINDS[it.error];
    const v = verdict.get(`${it.error}\t${it.id}`) ?? '?';
    const gold = [...it.corruption.gold.keys()];
    const ss = parts.analyser.parseText(it.corrupted.text);
    let cls = 'sentence split differently';
    let detail = '';
    if (ss.length === 1) {
      const s = ss[0];
      const info = treeInfo(s.tree);
      const cands = candidatesWithTrials(s, info, reparse).map((r) => ({ r, p: setOffProbability(model, [...setOffFeatures(r.s, r.info, r.c), ...trialFeatures(r)]) }));
      const full = cands.filter((x) => gold.every((g) => x.r.c.slots.includes(g))).sort((a, b) => b.p - a.p)[0];
      const some = cands.filter((x) => x.r.c.slots.some((g) => gold.includes(g))).sort((a, b) => b.p - a.p)[0];
      const notes: DecisionNote[] = [];
      linter.lintPart(it.corrupted.text, {}, (n) => notes.push(n));
      const onGold = notes.filter((n) => n.changes.some((ch) => gold.includes(ch.slot)) && ch0Comma(n));
      const best = full ?? some;
      if (!best) cls = 'no candidate';
      else if (!full) cls = 'partial candidate';
      else if (full.p < model.thresholds[full.r.c.kind]) cls = 'below threshold';
      else cls = 'above threshold, dropped';
      if (best) detail = `${best.r.c.kind}/${best.r.source} p=${best.p.toFixed(3)} (τ ${model.thresholds[best.r.c.kind]}) slots ${best.r.c.slots.join(',')} gold ${gold.join(',')}`;
      else detail = `gold ${gold.join(',')}; candidates: ${cands.map((x) => `${x.r.c.kind}@${x.r.c.slots.join(',')}`).join(' ') || 'none'}`;
      if (onGold.length) detail += ` | ${onGold.map((n) => `${n.stage}: ${n.reason}`).join(' | ')}`;
      if (kind === 'introductory' && v === 'MISS' && cls === 'above threshold, dropped') {
        const why = habitOutcome(linter, docs[it.doc], it);
        cls += `: ${why.cls}`;
        detail += ` | ${why.detail}`;
      }
    }
    const shape = shapeOf(it);
    const sk = `${kind} by shape: ${shape}`;
    const st = shapes.get(sk) ?? { hit: 0, all: 0 };
    st.all++;
    if (v === 'HIT') st.hit++;
    shapes.set(sk, st);
    detail = `[${shape}] ${detail}`;
    const key = `${kind} ${v}`;
    const t = tally.get(key) ?? new Map<string, number>();
    t.set(cls, (t.get(cls) ?? 0) + 1);
    tally.set(key, t);
    lines.push(`${kind}\t${it.id}\t${v}\t${cls}\t${detail}\n  written:  ${it.corrupted.text}\n  original: ${it.original.text}`);
  }
  for (const [k, t] of [...tally].sort()) {
    console.log(`${k}: ${[...t].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${n} ${c}`).join('; ')}`);
  }
  for (const [k, t] of [...shapes].sort()) console.log(`${k}: ${t.hit} of ${t.all} found (${(t.hit / t.all).toFixed(3)})`);
  if (opt.out) fs.writeFileSync(opt.out, lines.join('\n') + '\n');
}

/**
 * Under `introductoryComma: auto`, what the document's habit made of the item's omission: no omission waiting for it
 * (left out before: the set-off model's evidence, another finding), waiting but the comma-gap model does not back it
 * (reported only in an error-prone document), or waiting in a document with no habit. Each paragraph is linted as one
 * part, as the prose layer lints a plain-text file.
 */
function habitOutcome(linter: Required<Linter>, doc: SuiteDocument, it: EditedItem): { cls: string; detail: string } {
  const parts = doc.paragraphs.map((p, i) => linter.lintPart(i === it.par ? corruptedParagraph(doc, it) : p));
  const habit = documentHabit(parts.flatMap((p) => (p.habit ? [p.habit] : [])));
  const total = parts.reduce((a, p) => ({ w: a.w + (p.habit?.written ?? 0), o: a.o + (p.habit?.omitted ?? 0) }), { w: 0, o: 0 });
  const [lo, hi] = [it.start, it.start + it.corrupted.text.length];
  const mine = parts[it.par].habit?.pending.find((o) => o.finding.fixes[0]?.edits.some((e) => e.start.offset >= lo && e.end.offset <= hi));
  const counts = `habit ${total.w} written / ${total.o} omitted${habit ? ' (holds)' : ''}`;
  if (!mine) return { cls: 'no pending omission', detail: counts };
  if (mine.errorProneOnly) return { cls: 'pending, gap model below 0.65', detail: counts };
  return { cls: habit ? 'pending, habit holds (overlap?)' : 'pending, no habit', detail: counts };
}

/** A note about writing a comma (not about deleting one). */
function ch0Comma(n: DecisionNote): boolean {
  return n.changes.some((c) => c.marks.includes(','));
}

main();
