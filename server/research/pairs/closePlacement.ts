/**
 * Where the model closes an unclosed bracket, judged on the edited-english corrupted suite's unbalanced-bracket items
 * (`npx tsx server/research/pairs/closePlacement.ts --part dev`): for each item, the model's best close position and its
 * posterior share (`correction/pipeline/findings.ts`, `placeCloser`, whether or not the engine would offer it), right or wrong against the
 * gold repair; and, from the engine as it ships, which rule's edits the benchmark counts as false positives. Prints the
 * precision of the offered closes by share threshold, and every item with `--items FILE`.
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { EditedPart } from '../editedEnglish';
import { BENCH_KINDS } from '../corruption/rates';
import { buildEditedSuite, corruptedParagraph, loadSuiteDocuments } from '../corruption/editedSuite';
import { loadEngineParts, makeLinter, SentenceAnalyser } from '../../src/engine';
import { unbalancedPairsRule } from '../../src/engine/rules/unbalancedPairs';
import { placeCloser } from '../../src/engine/correction/pipeline/findings';
import { lintDocument, ParagraphCache } from '../../src/prose';
import { judge, slotEdits } from '../eval/score';
import { AnalysedSentence, slotRegion } from '../../src/engine/sentence';
import { EngineModel } from '../../src/engine/punctModel';
import { treeInfo } from '../../src/data/treeInfo';

/**
 * The closer placed by reading the sentence again with it written at each candidate place (right after each later
 * word): each candidate's own parse scores its own marks, p(x_c | T_c); the best wins, its share the confidence.
 */
/** The slot that holds the opener written at `openerOffset`, or -1. */
function openerSlot(s: AnalysedSentence, openerOffset: number): number {
  const n = s.tree.words.length;
  for (let i = 0; i <= n; i++) if ((s.slotTokens[i] ?? []).some((t) => s.tokens[t].punct && s.tokens[t].start === openerOffset)) return i;
  return -1;
}

function rereadCloser(para: string, s: AnalysedSentence, analyser: SentenceAnalyser, model: EngineModel, openerOffset: number, closer: string): { at: number; share: number } | undefined {
  const n = s.tree.words.length;
  const from = openerSlot(s, openerOffset);
  if (from < 0) return undefined;
  const cands: Array<{ at: number; lp: number }> = [];
  for (let j = from + 1; j <= n; j++) {
    if (j < n && s.wordTokens[j - 1] === s.wordTokens[j]) continue;
    const at = slotRegion(s, j).start;
    const text = para.slice(s.start, at) + closer + para.slice(at, s.end);
    const t = analyser.parseText(text);
    if (t.length !== 1) continue;
    cands.push({ at, lp: model.logProbs(t[0].tree, [t[0].tree.slots])[0] });
  }
  if (!cands.length) return undefined;
  const max = Math.max(...cands.map((c) => c.lp));
  const z = cands.reduce((a, c) => a + Math.exp(c.lp - max), 0);
  return { at: cands.find((c) => c.lp === max)!.at, share: 1 / z };
}

/**
 * The closer placed at the end of the constituent the parse gives the opener: from the first word after the opener,
 * up through the heads whose subtree still starts at that word; the close goes after that subtree's last word.
 * Undefined when the opener is not in a slot before a word.
 */
function constituentCloser(s: AnalysedSentence, openerOffset: number): number | undefined {
  const from = openerSlot(s, openerOffset);
  if (from < 0 || from >= s.tree.words.length) return undefined;
  // Slot `from` is before word from + 1 (1-based): climb while the head's subtree still starts there.
  const info = treeInfo(s.tree);
  let top = from + 1;
  for (let h = info.head(top); h > 0 && info.lo[h] === from + 1; h = info.head(h)) top = h;
  return slotRegion(s, info.hi[top]).start;
}

const { values: opt } = parseArgs({
  options: { part: { type: 'string', default: 'dev' }, 'per-kind': { type: 'string', default: '150' }, seed: { type: 'string', default: '1' }, items: { type: 'string' } },
});

function main(): void {
  const docs = loadSuiteDocuments(opt.part as EditedPart);
  const parts = loadEngineParts();
  if (parts.problem || !parts.analyser || !parts.model) throw new Error(`engine: ${parts.problem}`);
  const linter = makeLinter(parts);
  const cache = new ParagraphCache(10000);
  const items = buildEditedSuite(docs, BENCH_KINDS, Number(opt['per-kind']), Number(opt.seed)).filter((it) => it.error === 'unbalanced-bracket');
  const placed: Array<{ share: number; right: boolean }> = [];
  const reread: Array<{ share: number; right: boolean; agree: boolean; modelShare: number; modelRight: boolean }> = [];
  const constituent: Array<{ right: boolean; agree: boolean; modelShare: number; modelRight: boolean; words: number }> = [];
  const fpByRule = new Map<string, number>();
  const lines: string[] = [];
  for (const it of items) {
    const doc = docs[it.doc];
    const paragraphs = doc.paragraphs.map((p, i) => (i === it.par ? corruptedParagraph(doc, it) : p));
    const para = paragraphs[it.par];
    const lo = it.start;
    const hi = lo + it.corrupted.text.length;
    const rel = (e: { start: number; end: number; newText: string }) => ({ start: e.start - lo, end: e.end - lo, newText: e.newText });
    // The model's placement for every opener the text rule finds unclosed in the span, offered or not.
    const sentences = parts.analyser.parseText(para);
    for (const f of unbalancedPairsRule.check(para, {})) {
      if (f.start < lo || f.start >= hi || !f.fixes.length || f.fixes[0].edits[0]?.newText === '') continue;
      const s = sentences.find((x) => x.start <= f.start && f.start < x.end);
      const p = s && placeCloser(para, s, parts.model, f.start);
      if (!p) {
        lines.push(`${it.id}\tno placement\t${it.corrupted.text}`);
        continue;
      }
      const inSpan = p.edits.every((e) => e.start >= lo && e.end <= hi);
      const j = inSpan ? judge(it.corruption, slotEdits(it.corrupted, p.edits.map(rel))) : { correct: [], wrong: [0], missed: [] };
      const right = j.correct.length > 0 && j.wrong.length === 0;
      placed.push({ share: p.share, right });
      const shown = p.edits.length ? para.slice(lo, p.edits[0].start) + `⟦${p.edits[0].newText}⟧` + para.slice(p.edits[0].end, hi) : it.corrupted.text;
      const closer = { '(': ')', '[': ']', '{': '}', '“': '”' }[para[f.start]] ?? ')';
      const r = rereadCloser(para, s, parts.analyser, parts.model, f.start, closer);
      let rr = 'none';
      if (r) {
        const rin = r.at >= lo && r.at <= hi;
        const rj = rin ? judge(it.corruption, slotEdits(it.corrupted, [{ start: r.at - lo, end: r.at - lo, newText: closer }])) : { correct: [], wrong: [0] };
        const rright = rj.correct.length > 0 && rj.wrong.length === 0;
        const agree = p.edits.length === 1 && p.edits[0].start === r.at;
        reread.push({ share: r.share, right: rright, agree, modelShare: p.share, modelRight: right });
        rr = `${r.share.toFixed(3)} ${rright ? 'RIGHT' : 'WRONG'}${agree ? ' agree' : ''}`;
      }
      const c = constituentCloser(s, f.start);
      let cc = 'none';
      if (c !== undefined) {
        const cin = c >= lo && c <= hi;
        const cj = cin ? judge(it.corruption, slotEdits(it.corrupted, [{ start: c - lo, end: c - lo, newText: closer }])) : { correct: [], wrong: [0] };
        const cright = cj.correct.length > 0 && cj.wrong.length === 0;
        constituent.push({ right: cright, agree: p.edits.length === 1 && p.edits[0].start === c, modelShare: p.share, modelRight: right, words: s.tree.words.length });
        cc = `${cright ? 'RIGHT' : 'WRONG'}${p.edits.length === 1 && p.edits[0].start === c ? ' agree' : ''} ${para.slice(lo, c)}⟦${closer}⟧${para.slice(c, hi)}`;
      }
      lines.push(`${it.id}\t${p.share.toFixed(3)}\treread ${rr}\t${right ? 'RIGHT' : 'WRONG'}\t${shown}\t| constituent ${cc}\t| gold: ${it.original.text}`);
    }
    // The engine as it ships: whose edits are the benchmark's false positives.
    let text = '';
    const starts: number[] = [];
    paragraphs.forEach((p, i) => {
      if (i) text += '\n\n';
      starts.push(text.length);
      text += p;
    });
    const glo = starts[it.par] + lo;
    const ghi = starts[it.par] + hi;
    for (const f of lintDocument(linter, text, 'plaintext', {}, cache)) {
      const ed = f.fixes[0]?.edits ?? [];
      if (!ed.length || !ed.every((e) => e.start.offset >= glo && e.end.offset <= ghi)) continue;
      const j = judge(it.corruption, slotEdits(it.corrupted, ed.map((e) => ({ start: e.start.offset - glo, end: e.end.offset - glo, newText: e.newText }))));
      if (j.wrong.length) fpByRule.set(f.ruleId, (fpByRule.get(f.ruleId) ?? 0) + j.wrong.length);
    }
  }
  console.log(`${opt.part}: ${items.length} unbalanced-bracket items, ${placed.length} placements`);
  console.log(`shipped engine's false positives by rule: ${JSON.stringify(Object.fromEntries(fpByRule))}`);
  for (const t of [0, 0.5, 0.8, 0.9, 0.95, 0.97, 0.98, 0.99, 0.995, 0.999]) {
    const off = placed.filter((p) => p.share >= t);
    const right = off.filter((p) => p.right).length;
    console.log(`share >= ${t}: offered ${off.length}, right ${right}, wrong ${off.length - right}, precision ${(right / Math.max(1, off.length)).toFixed(3)}`);
  }
  for (const t of [0, 0.5, 0.8, 0.9, 0.95, 0.99]) {
    const off = reread.filter((p) => p.share >= t);
    const right = off.filter((p) => p.right).length;
    console.log(`reread share >= ${t}: offered ${off.length}, right ${right}, precision ${(right / Math.max(1, off.length)).toFixed(3)}`);
  }
  for (const t of [0, 0.5, 0.9, 0.95]) {
    const off = reread.filter((p) => p.agree && p.modelShare >= t);
    const right = off.filter((p) => p.modelRight).length;
    console.log(`model and reread agree, model share >= ${t}: offered ${off.length}, right ${right}, precision ${(right / Math.max(1, off.length)).toFixed(3)}`);
  }
  const ck = (xs: typeof constituent, what: string) => {
    const right = xs.filter((x) => x.right).length;
    console.log(`constituent close, ${what}: offered ${xs.length}, right ${right}, precision ${(right / Math.max(1, xs.length)).toFixed(3)}`);
  };
  ck(constituent, 'all');
  ck(constituent.filter((x) => x.agree), 'where the model agrees');
  ck(constituent.filter((x) => x.agree && x.modelShare >= 0.95), 'where the model agrees at share >= 0.95');
  ck(constituent.filter((x) => !x.agree), 'where the model disagrees');
  if (opt.items) fs.writeFileSync(opt.items, lines.join('\n') + '\n');
}

if (require.main === module) main();
