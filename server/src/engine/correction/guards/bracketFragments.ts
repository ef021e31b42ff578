/**
 * Slots inside a bracketed fragment: a pair of round or square brackets whose words include no finite verb, such as
 * "(`string`, default: `'x'`)", "(URL autolinking, typographer)" or "(red, green or blue)". Without a finite verb the
 * bracket holds no clause, only a list of items or a label with its value; a comma there separates items, never a
 * subject from its verb or a verb from its object. The parser still reads such lists as clauses ("autolinking" a
 * verb whose object is "typographer") and the model then calls the comma unnecessary; documentation writes the type
 * and default of every option this way. A bracket with a finite verb ("(it runs, then stops)") is a clause and is
 * judged as usual.
 */
import { AnalysedSentence } from '../../sentence';
import { FINITE_VERB_TAGS } from './deletionGuards';

const CLOSER: Record<string, string> = { '(': ')', '[': ']' };

/** For each slot 0…n, whether both of its words lie inside one bracketed fragment. */
export function bracketFragmentSlots(s: AnalysedSentence): boolean[] {
  const n = s.tree.words.length;
  const out = new Array<boolean>(n + 1).fill(false);
  const open: Array<{ closer: string; token: number }> = [];
  s.tokens.forEach((tok, t) => {
    if (!tok.punct) return;
    for (const c of tok.text) {
      if (CLOSER[c]) open.push({ closer: CLOSER[c], token: t });
      else if (open.length && open[open.length - 1].closer === c) {
        const from = open.pop()!.token;
        // The bracket's words (0-based), in order; slot w lies between words w - 1 and w.
        const words = s.wordTokens.flatMap((wt, w) => (wt > from && wt < t ? [w] : []));
        if (words.some((w) => FINITE_VERB_TAGS.has(s.tree.words[w].xpos))) continue;
        for (const w of words) if (w > 0 && s.wordTokens[w - 1] > from) out[w] = true;
      }
    }
  });
  return out;
}
