/**
 * The two readers of sentence joins at every comma-only or unmarked slot of the given sentences: the join model's
 * P(an editor ended a sentence here) and the lower-case tagger's P(end), and their mix as the engine reports it
 * (`joinWithEndTagger`). For reading why a learner's run-on is or is not found.
 *
 *   npx tsx server/research/sentenceJoins/probeJoins.ts "We went to the park yesterday we played football there." …
 *   npx tsx server/research/sentenceJoins/probeJoins.ts --pairs examples/probes/learner-essays/holiday.tsv
 *
 * With `--pairs FILE.tsv` (written ⇥ corrected), the written sides whose correction ends a sentence where the writer
 * did not; `--min P` prints only slots whose join model probability reaches P (default 0.05); `--joins FILE` reads another
 * sentence-join model in place of the bundled one.
 */
import * as fs from 'fs';
import { parseArgs } from 'util';
import { defaultModelDir, loadEngineParts } from '../../src/engine';
import { sentenceJoins } from '../../src/engine/sentenceJoins/joins';
import { loadJoinModel } from '../../src/engine/sentenceJoins/model';
import { decodeJoinModel } from '../../src/engine/sentenceJoins/modelFile';
import { sentenceEndProbabilities } from '../../src/engine/sentenceJoins/endTagger';
import { joinWithEndTagger } from '../../src/engine/sentenceJoins/findings';
import { loadLowerCaseTagger } from '../../src/restore/punctTagger';

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: { pairs: { type: 'string' }, min: { type: 'string', default: '0.05' }, joins: { type: 'string' } },
});

const dir = defaultModelDir();
const parts = loadEngineParts(dir);
if (!parts.analyser) throw new Error(`engine: ${parts.problem}`);
const joinModel = opt.joins ? decodeJoinModel(fs.readFileSync(opt.joins)) : loadJoinModel(dir);
if (!joinModel) throw new Error(`no sentence-join model in ${dir}`);
const tagger = loadLowerCaseTagger(dir);

/** Written sides of pairs whose correction has more sentence-final marks than the written text. */
function runOnsOf(file: string): string[] {
  const ends = (t: string) => (t.match(/[.!?;](\s|$)/g) ?? []).length;
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('\t'))
    .filter(([w, c]) => c !== undefined && ends(c) > ends(w))
    .map(([w]) => w);
}

const texts = opt.pairs ? runOnsOf(opt.pairs) : positionals;
for (const text of texts) {
  console.log(text);
  for (const s of parts.analyser.parseText(text)) {
    const joins = sentenceJoins(s, joinModel).filter((j) => j.p >= Number(opt.min));
    if (!joins.length) continue;
    const ends = tagger ? sentenceEndProbabilities(tagger, s, text) : undefined;
    for (const j of joins) {
      const w = s.tree.words;
      const e = ends?.[j.slot - 1];
      const mixed = e === undefined ? j.p : joinWithEndTagger(j.p, e);
      console.log(`  ${j.kind.padEnd(15)} "${w[j.slot - 1].form} _ ${w[j.slot].form}"  join ${j.p.toFixed(3)}  tagger ${e?.toFixed(3) ?? '-'}  reported at ${mixed.toFixed(3)}`);
    }
  }
}
