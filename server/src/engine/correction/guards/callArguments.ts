/**
 * Slots inside the argument list of a call written in prose as code, without backticks: "### parseJson(string,
 * reviver?)", "yallist.reduce(fn, initialValue) works like Array.reduce". The commas there separate arguments, not
 * English constituents; the parser reads the names as nonsense English, and the model then calls them unnecessary
 * or one between a verb and its object (package READMEs drew such findings in most of their API headings). A call is
 * an opening parenthesis written right after a name, with no space ("reduce(" but not "the fee (about"): English puts
 * a space before a parenthesis, so prose is not affected.
 */
import { AnalysedSentence } from '../../sentence';

const NAME_END = /[\p{L}\p{N}_$]$/u;

/** For each slot 0…n, whether both of its words lie inside the parentheses of a call. */
export function callArgumentSlots(s: AnalysedSentence): boolean[] {
  const n = s.tree.words.length;
  const inside = new Uint8Array(s.tokens.length);
  const open: boolean[] = []; // for each open parenthesis: is it a call's?
  let calls = 0;
  s.tokens.forEach((tok, t) => {
    if (!tok.punct || !/[()]/.test(tok.text)) {
      if (calls > 0) inside[t] = 1;
      return;
    }
    // A mark token may hold several parentheses ("))"); only one written first, against a name, opens a call.
    [...tok.text].forEach((c, k) => {
      if (c === '(') {
        const prev = s.tokens[t - 1];
        const call = k === 0 && prev !== undefined && !prev.punct && prev.end === tok.start && NAME_END.test(prev.text);
        open.push(call);
        if (call) calls++;
      } else if (c === ')' && open.pop()) calls--;
    });
  });
  const out = new Array<boolean>(n + 1).fill(false);
  for (let i = 1; i < n; i++) out[i] = inside[s.wordTokens[i - 1]] === 1 && inside[s.wordTokens[i]] === 1;
  return out;
}
