/**
 * What the `introductoryComma: auto` habit step reads at each introductory element of a sentence: the element, its
 * description and whether the convention covers it, the set-off comma model's probability for a comma after it (when
 * the slot is one of its fronted-phrase candidates), and where the main clause's subject lies.
 *
 *   npx tsx server/research/habit/probeHabit.ts FILE   (one sentence a line)
 */
import * as fs from 'fs';
import { loadEngineParts } from '../../src/engine';
import { treeInfo, subjectOf } from '../../src/engine/treeInfo';
import { conventionCovers, introductoryElement } from '../../src/engine/correction/style/introductoryConvention';
import { setOffCandidates } from '../../src/engine/setOffCommas/candidates';
import { setOffFeatures } from '../../src/engine/setOffCommas/features';
import { setOffProbability } from '../../src/engine/setOffCommas/model';

const parts = loadEngineParts();
for (const line of fs.readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean)) {
  for (const s of parts.analyser!.parseText(line)) {
    const info = treeInfo(s.tree);
    const words = s.tree.words;
    const root = info.children[0][0];
    const subj = subjectOf(info, root);
    const cands = setOffCandidates(s, info).filter((c) => c.kind === 'introductory');
    for (let i = 1; i < info.n; i++) {
      const el = introductoryElement(s.tree, info, i);
      if (!el || s.tree.slots[i].length) continue;
      const c = cands.find((x) => x.right === i);
      const p = c && parts.kinds?.setOff ? setOffProbability(parts.kinds.setOff, setOffFeatures(s, info, c)) : undefined;
      console.log(
        [
          words.slice(0, i).map((x) => x.form).join(' ') + ' ‸ ' + words.slice(i, i + 4).map((x) => x.form).join(' '),
          `el=${words[el.w - 1].form}/${info.rel(el.w)}/${words[el.w - 1].xpos}`,
          `covered=${parts.convention ? conventionCovers(parts.convention, el.keys) : '-'}`,
          `root=${words[root - 1].form}@${root}`,
          `subj=${subj ? `${words[subj - 1].form}@${subj} span ${info.span[subj]}` : 'none'}`,
          `setOff=${p === undefined ? 'no-cand' : p.toFixed(3)}`,
        ].join('  '),
      );
    }
  }
}
