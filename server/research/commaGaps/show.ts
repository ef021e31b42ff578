/**
 * The comma-gap model's answer at every gap of the given sentences (for reading): the question, the kind of gap, the
 * probability and the threshold it is held to.
 *
 *   npx tsx server/research/commaGaps/show.ts "My brother who lives in Boston is a doctor." …
 */
import { loadEngineParts } from '../../src/engine';
import { gapDecision } from '../../src/engine/commaGaps/findings';
import { gapThreshold } from '../../src/engine/commaGaps/model';

const parts = loadEngineParts();
const model = parts.kinds?.gaps;
if (!parts.analyser || !model) throw new Error(`no parser or no comma-gap model: ${parts.problem ?? ''}`);
for (const text of process.argv.slice(2)) {
  for (const s of parts.analyser.parseText(text)) {
    const prior = parts.model?.commaPrior?.(s.tree);
    const words = s.tree.words;
    const out: string[] = [];
    for (let i = 1; i < words.length; i++) {
      const d = gapDecision(s, model, i, prior);
      if (!d) continue;
      const t = gapThreshold(model, d.head, d.kind);
      out.push(`  ${words[i - 1].form} ⟦${d.head === 'missing' ? '+,' : '−,'}⟧ ${words[i].form}\t${d.kind}\t${d.p.toFixed(3)}${d.p >= t ? `\t≥ ${t}: reported` : ''}`);
    }
    console.log(text.slice(s.start, s.end));
    console.log(out.filter((l) => Number(l.split('\t')[2]) >= 0.2).join('\n'));
  }
}
