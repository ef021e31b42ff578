/**
 * The writers' errors a parser trains on (issue 34, item 3): the linter's own corruption generator
 * (`eval/corrupt.ts`, its comma errors within one sentence: a set-off comma dropped around an apposition, relative
 * clause or aside, an introductory or clause-coordinator comma dropped, a subject–verb, verb–object or
 * restrictive-clause comma added, a semicolon between clauses made a comma splice), so that the parser sees the errors
 * the linter must find and reads through them. Each error leaves the rest of the sentence as written, unlike the random
 * corruption of `views.ts` (which already doubles commas; the errors of final marks, quotes and brackets change no
 * reading of the words and are left out).
 *
 * The kind is drawn uniformly among those that apply to the sentence (the rare set-off commas would drown in the
 * writers' mix of `corruption/rates.ts`), then its site uniformly, as the corruption suites draw them.
 */
import * as fs from 'fs';
import { parseConllu } from '../../src/data/conllu';
import { PunctuatedTree } from '../../src/data/depunct';
import { WritersError } from '../../src/training/parser/views';
import { applicableErrors, corruptByKind, ERROR_KIND_TAGS, ERROR_KINDS, ErrorKind } from '../eval/corrupt';
import { Draft, draftOf } from '../eval/draft';
import { goldSentence } from '../eval/goldSentence';
import { ABBREV_DOT } from '../../src/data/punctTokens';

/** The comma errors drawn (see above): the kinds tagged as a comma inside one sentence. */
export const PARSER_ERROR_KINDS: ReadonlySet<ErrorKind> = new Set(ERROR_KINDS.filter((k) => ERROR_KIND_TAGS[k].inSentenceComma));

/** A tree's words and slots: the treebank's trees and the gold sentences' are built apart, so they meet by content. */
function treeKey(t: PunctuatedTree): string {
  return JSON.stringify([t.words.map((w) => [w.form, w.head, w.deprel]), t.slots]);
}

/** The slots of a draft the generator edited, as the tree's slots are written (an abbreviation's dot first). */
function draftSlots(d: Draft): string[][] {
  return d.slots.map((marks, i) => [...(d.abbrev[i] ? [ABBREV_DOT] : []), ...marks.map((m) => m.norm)]);
}

/** One writer's error of a drafted sentence, its kind and site drawn with `rand`; undefined when none applies. */
export function writersErrorOf(d: Draft, rand: () => number): string[][] | undefined {
  const kinds = applicableErrors(d).filter((k) => PARSER_ERROR_KINDS.has(k));
  if (kinds.length === 0) return undefined;
  const c = corruptByKind(d, rand, kinds[Math.floor(rand() * kinds.length)]);
  return c && draftSlots(c.draft);
}

/**
 * For the trees of a CoNLL-U file (as `readTreebank` reads them), the writers' error generator of each: undefined for
 * a tree the file does not hold or to which no error applies. Drafts are built on first use.
 */
export function writersErrorsOf(conlluFile: string): (tree: PunctuatedTree) => WritersError | undefined {
  const golds = new Map<string, ReturnType<typeof goldSentence>>();
  for (const s of parseConllu(fs.readFileSync(conlluFile, 'utf8'), conlluFile)) {
    const g = goldSentence(s);
    if (g) golds.set(treeKey(g.sentence.tree), g);
  }
  return (tree) => {
    const g = golds.get(treeKey(tree));
    if (!g) return undefined;
    const d = draftOf(g);
    if (!applicableErrors(d).some((k) => PARSER_ERROR_KINDS.has(k))) return undefined;
    return (rand) => writersErrorOf(d, rand);
  };
}
