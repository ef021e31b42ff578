/**
 * Doubled marks: `,,`, `;;`, `::` and a period doubled after a word (`end..`, but not an ellipsis `...`).
 * Purely typographic (paper Table 1, "point absorption" applied to identical marks), so a simple rule suffices.
 */
import { Finding, Position } from '../types';

export const doubledMarksRule = {
  id: 'doubled-mark',
  check(text: string, pos: (offset: number) => Position): Finding[] {
    const out: Finding[] = [];
    const re = /([,;:])\s*\1|(?<![.])\.\.(?![.])/g;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = m.index + m[0].length;
      const mark = m[1] ?? '.';
      out.push({
        ruleId: 'doubled-mark',
        message: `Doubled "${mark}": write it once.`,
        severity: 'warning',
        confidence: 0.95,
        start: pos(start),
        end: pos(end),
        fixes: [{ title: `Replace with a single "${mark}"`, edits: [{ start: pos(start), end: pos(end), newText: mark }] }],
        explanation: `Two identical marks meet here. Nunberg's point absorption (${mark}${mark} ↦ ${mark}) keeps only one on the surface.`,
      });
    }
    return out;
  },
};
