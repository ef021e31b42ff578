/**
 * Where restoration's CPU goes, by function and by source folder: a CPU profile (V8's sampling profiler) of restoring
 * the first N EWT dev paragraphs as dictation gives them (the paragraphs `scripts/bench-restore-speed.ts` times),
 * after a warm-up on the paragraphs after them so that the profile is of code the JIT has compiled.
 *
 *   npx tsx scripts/profile-restore.ts [--paragraphs 60] [--warm 20] [--top 40] [--out FILE.cpuprofile]
 */
import * as fs from 'fs';
import * as inspector from 'inspector';
import { parseArgs } from 'util';
import { loadPunctModel } from '../server/src/model';
import { loadParser } from '../server/src/parser';
import { makeRestorer } from '../server/src/restore';
import { dictated, ewtParagraphs } from '../test/restore/corpus';
import { post, Profile, summarise } from '../server/research/profileLint';

async function main(): Promise<void> {
  const { values: opt } = parseArgs({
    options: { paragraphs: { type: 'string', default: '60' }, warm: { type: 'string', default: '20' }, top: { type: 'string', default: '40' }, out: { type: 'string' } },
  });
  const restorer = makeRestorer(loadParser(), loadPunctModel());
  const all = ewtParagraphs('dev');
  const n = Number(opt.paragraphs);
  const paragraphs = all.slice(0, n);
  for (const p of all.slice(n, n + Number(opt.warm))) restorer.restore(dictated(p));
  const session = new inspector.Session();
  session.connect();
  await post(session, 'Profiler.enable');
  await post(session, 'Profiler.setSamplingInterval', { interval: 200 });
  await post(session, 'Profiler.start');
  const c0 = process.cpuUsage();
  let sentences = 0;
  for (const p of paragraphs) {
    sentences += p.length;
    restorer.restore(dictated(p));
  }
  const c = process.cpuUsage(c0);
  const { profile } = await post<{ profile: Profile }>(session, 'Profiler.stop');
  console.log(`${sentences} sentences, ${((c.user + c.system) / 1000 / sentences).toFixed(2)} ms CPU a sentence (profiler on)`);
  summarise(profile, Number(opt.top));
  if (opt.out) fs.writeFileSync(opt.out, JSON.stringify(profile));
  session.disconnect();
}

void main();
