/**
 * Which guards earn their place (the criterion in docs/journal/benchmarks.md, "The guards measured one by one"), from
 * two runs of `guardAblation.ts`: with every guard (`--on`) and with none (`--off`, `PUNCTEME_SKIP_GUARDS='*'`).
 *
 *   npx tsx server/research/guards/guardBudget.ts --on on.json --off off.json [--list DIR] [--remove a,b]
 *
 * A finding only the guard-less run makes comes back when every guard that fired at its slots is removed; a finding
 * only the guarded run makes is lost then (put down to no guard: counted in the totals). Per guard, against the guards
 * already removed: cost = false alarms let back per 1,000 clean dev sentences (edited and EWT dev pooled); gain =
 * repaired gold slots let back at the writers' mix per 1,000 sentences (edited dev suite, `corruption/rates.ts`).
 * Guards are decided in order of least net benefit; one stays only if its cost exceeds its gain. `--remove` prints
 * the predicted change for one given set instead (to compare with a real ablation run).
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { GUARDS } from '../../src/engine/correction/guards/registry';
import { WRITER_ERROR_RATES } from '../corruption/rates';
import { ErrorKind } from '../eval/corrupt';
import type { AblationRun, RecordedFinding } from './guardAblation';

const { values: opt } = parseArgs({
  options: {
    on: { type: 'string' },
    off: { type: 'string' },
    list: { type: 'string' },
    remove: { type: 'string' },
    /**
     * `criterion` (default): a guard goes when its cost does not exceed its gain. `no-clean-cost`: it goes only when
     * it lets back no false alarm on clean dev text and loses no repair (the brief's "nothing may get worse").
     */
    rule: { type: 'string', default: 'criterion' },
  },
});

interface Delta {
  clean: number;
  /** Writers'-mix repaired slots per 1,000 sentences. */
  gainW: number;
  editedTp: number;
  editedWrong: number;
  ewtTp: number;
  ewtWrong: number;
  cleanEdited: number;
  cleanEwt: number;
}

function main(): void {
  const on = JSON.parse(fs.readFileSync(opt.on!, 'utf8')) as AblationRun;
  const off = JSON.parse(fs.readFileSync(opt.off!, 'utf8')) as AblationRun;
  const onKeys = new Set(on.findings.map((f) => `${f.set}|${f.key}`));
  const offKeys = new Set(off.findings.map((f) => `${f.set}|${f.key}`));
  const added = off.findings.filter((f) => !onKeys.has(`${f.set}|${f.key}`));
  const lost = on.findings.filter((f) => !offKeys.has(`${f.set}|${f.key}`));
  const cleanSentences = off.sentences['edited-clean'] + off.sentences['ewt-clean'];
  const weight = (f: RecordedFinding) => (WRITER_ERROR_RATES[f.kind as ErrorKind]?.per1k ?? 0) / (off.items[f.kind!] ?? 1);
  const zero = (): Delta => ({ clean: 0, gainW: 0, editedTp: 0, editedWrong: 0, ewtTp: 0, ewtWrong: 0, cleanEdited: 0, cleanEwt: 0 });
  const deltaOf = (fs_: readonly RecordedFinding[], sign = 1): Delta => {
    const d = zero();
    for (const f of fs_) {
      if (f.set === 'edited-clean' || f.set === 'ewt-clean') {
        d.clean += (sign * 1000) / cleanSentences;
        if (f.set === 'edited-clean') d.cleanEdited += sign;
        else d.cleanEwt += sign;
      } else if (f.set === 'edited-corrupt') {
        d.gainW += sign * weight(f) * (f.correct ?? 0);
        d.editedTp += sign * (f.correct ?? 0);
        d.editedWrong += sign * (f.wrong ?? 0);
      } else {
        d.ewtTp += sign * (f.correct ?? 0);
        d.ewtWrong += sign * (f.wrong ?? 0);
      }
    }
    return d;
  };
  const fmt = (d: Delta) =>
    `cost ${d.clean.toFixed(2)} (clean +${d.cleanEdited} edited, +${d.cleanEwt} EWT) | gain ${d.gainW.toFixed(2)} (edited +${d.editedTp} repaired, +${d.editedWrong} wrong) | EWT suite +${d.ewtTp} repaired, +${d.ewtWrong} wrong`;
  const unattributed = added.filter((f) => (f.guards ?? []).length === 0);
  console.log(`added without guards: ${added.length} findings (${unattributed.length} at no traced guard's slot); lost: ${lost.length}`);
  console.log(`  all added: ${fmt(deltaOf(added))}`);
  console.log(`  all lost:  ${fmt(deltaOf(lost))}`);
  const ids = GUARDS.map((g) => g.id);
  const comesBack = (f: RecordedFinding, removed: ReadonlySet<string>) => (f.guards ?? []).length > 0 && f.guards!.every((g) => removed.has(g));

  if (opt.remove) {
    const removed = new Set(opt.remove.split(','));
    console.log(`\npredicted for removing ${removed.size} guards: ${fmt(deltaOf(added.filter((f) => comesBack(f, removed))))}`);
    return;
  }

  // Each guard alone (the others kept): what it alone keeps out.
  console.log('\nEach guard alone (the others kept):');
  const alone = new Map(ids.map((id) => [id, deltaOf(added.filter((f) => comesBack(f, new Set([id]))))]));
  const fired = new Map(ids.map((id) => [id, added.filter((f) => f.guards?.includes(id)).length]));
  for (const id of ids) console.log(`  ${id.padEnd(30)} ${fmt(alone.get(id)!)}; among the guards of ${fired.get(id)} added findings`);

  // Sequential decision: least net benefit first, each against the guards removed so far.
  const removed = new Set<string>();
  const kept: Array<{ id: string; d: Delta }> = [];
  const gone: Array<{ id: string; d: Delta }> = [];
  let open = [...ids];
  for (;;) {
    const marginal = (id: string) => {
      const next = new Set([...removed, id]);
      return deltaOf(added.filter((f) => comesBack(f, next) && !comesBack(f, removed)));
    };
    const scored = open.map((id) => ({ id, d: marginal(id) })).sort((a, b) => a.d.clean - a.d.gainW - (b.d.clean - b.d.gainW));
    const goes = (d: Delta) => (opt.rule === 'no-clean-cost' ? d.cleanEdited + d.cleanEwt === 0 && d.gainW >= 0 && d.editedTp >= 0 && d.ewtTp >= 0 : d.clean <= d.gainW);
    const next = scored.find((s) => goes(s.d));
    if (!next) {
      kept.push(...scored);
      break;
    }
    removed.add(next.id);
    gone.push(next);
    open = open.filter((id) => id !== next.id);
  }
  console.log(`\nRemoved (${gone.length}), in the order decided, each against those before it:`);
  for (const g of gone) console.log(`  ${g.id.padEnd(30)} ${fmt(g.d)}`);
  console.log(`\nKept (${kept.length}), each against all removed:`);
  for (const g of kept) console.log(`  ${g.id.padEnd(30)} ${fmt(g.d)}`);
  const total = deltaOf(added.filter((f) => comesBack(f, removed)));
  console.log(`\nPredicted for the removed set together: ${fmt(total)}`);
  console.log(`REMOVE=${[...removed].join(',')}`);
  if (opt.list) {
    fs.mkdirSync(opt.list, { recursive: true });
    for (const id of ids) {
      const own = added.filter((f) => f.guards?.includes(id));
      if (own.length === 0) continue;
      const lines = own.map((f) => `${f.set}\t${f.kind ?? ''}\t${f.correct ?? ''}/${f.wrong ?? ''}\t${f.ruleId} ${f.confidence.toFixed(2)}\t[${f.guards!.join(',')}]\t${f.shown}`);
      fs.writeFileSync(path.join(opt.list, `${id}.tsv`), lines.join('\n') + '\n');
    }
    fs.writeFileSync(path.join(opt.list, '_lost.tsv'), lost.map((f) => `${f.set}\t${f.kind ?? ''}\t${f.correct ?? ''}/${f.wrong ?? ''}\t${f.ruleId} ${f.confidence.toFixed(2)}\t${f.shown}`).join('\n') + '\n');
    fs.writeFileSync(path.join(opt.list, '_unattributed.tsv'), unattributed.map((f) => `${f.set}\t${f.kind ?? ''}\t${f.correct ?? ''}/${f.wrong ?? ''}\t${f.ruleId} ${f.confidence.toFixed(2)}\t${f.shown}`).join('\n') + '\n');
  }
}

if (require.main === module) main();
