/**
 * Guards read off a whole sentence's tokens rather than its tree, each giving for every slot 0…n whether the slot
 * lies where commas are not English punctuation, or not a deletion candidate alone: inside a bracketed fragment,
 * inside a call's argument list written as code, after a coordinator that opens a short aside. The generators ask
 * them once per sentence (`candidates.ts`, `denseCandidates`).
 */
import { AnalysedSentence, slotMarks } from '../../sentence';
import { FINITE_VERB_TAGS } from './deletionGuards';

/**
 * Slots inside a bracketed fragment: a pair of round or square brackets whose words include no finite verb, such as
 * "(`string`, default: `'x'`)", "(URL autolinking, typographer)" or "(red, green or blue)". Without a finite verb the
 * bracket holds no clause, only a list of items or a label with its value; a comma there separates items, never a
 * subject from its verb or a verb from its object. The parser still reads such lists as clauses ("autolinking" a
 * verb whose object is "typographer") and the model then calls the comma unnecessary; documentation writes the type
 * and default of every option this way. A bracket with a finite verb ("(it runs, then stops)") is a clause and is
 * judged as usual.
 */
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

/**
 * Slots inside the argument list of a call written in prose as code, without backticks: "### parseJson(string,
 * reviver?)", "yallist.reduce(fn, initialValue) works like Array.reduce". The commas there separate arguments, not
 * English constituents; the parser reads the names as nonsense English, and the model then calls them unnecessary
 * or one between a verb and its object (package READMEs drew such findings in most of their API headings). A call is
 * an opening parenthesis written right after a name, with no space ("reduce(" but not "the fee (about"): English puts
 * a space before a parenthesis, so prose is not affected.
 */
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

/**
 * The comma after a coordinator that opens a short aside a second comma closes ("and, going forward, a new team is
 * responsible"; "It was daunting and, not surprisingly, eye opening"; CMOS 6.24): not a stray comma. The learned
 * scorer deleted it alone at 0.94–1.00 on clean edited dev, three judged false alarms of 37, where the parse hangs the
 * aside's words on the conjunct and so reads the comma as one between a coordinator and its verb (journal, "A comma
 * that opens an aside after a coordinator"). The hand-written candidate (`clauses.ts`) already leaves such a
 * comma alone; the learned decision's dense deletion of it is not generated. An aside here opens with an adverb, a
 * preposition, `not` or a participle, runs at most 8 words without a finite verb, and has more of the sentence after
 * its closing comma.
 */
const COORDINATORS: ReadonlySet<string> = new Set(['and', 'or', 'but', 'nor']);
const MAX_ASIDE_WORDS = 8;
const FINITE = /^(VBZ|VBD|VBP|MD)$/;
const ASIDE_OPENING = /^(ADV|ADP|PART|SCONJ)$/;

/** For each slot 0…n, whether it holds the lone comma after a coordinator that opens a short aside closed by a comma. */
export function coordinatorAsideSlots(s: AnalysedSentence): boolean[] {
  const words = s.tree.words;
  const n = words.length;
  const out = new Array<boolean>(n + 1).fill(false);
  const onlyComma = (j: number) => {
    const m = slotMarks(s, j);
    return m.length === 1 && m[0].norm === ',';
  };
  for (let i = 2; i < n; i++) {
    if (!COORDINATORS.has(words[i - 1].form.toLowerCase()) || words[i - 1].upos !== 'CCONJ' || !onlyComma(i)) continue;
    // An aside opens with an adverb, a preposition, `not` or a participle ("in most cases", "going forward"); a noun or a
    // determiner after the comma is the conjunct itself, its comma stray ("eggs, milk, and, bread, …").
    if (!ASIDE_OPENING.test(words[i].upos) && words[i].xpos !== 'VBG' && words[i].xpos !== 'VBN') continue;
    for (let j = i + 1; j < n && j <= i + MAX_ASIDE_WORDS; j++) {
      if (FINITE.test(words[j - 1].xpos ?? '')) break;
      const marks = slotMarks(s, j);
      if (marks.length === 0) continue;
      if (onlyComma(j)) out[i] = true;
      break;
    }
  }
  return out;
}
