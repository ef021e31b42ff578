/**
 * Silver training sentences for the graph parser: unannotated text parsed by two parsers (`silver-*.jsonl` files of
 * `{ text, tree }` lines, the same sentences line by line), supervised only on the words whose head and relation both
 * parsers agree on; every other word is masked out of the losses (`headLoss`' mask). Sentences are not filtered by
 * how much of them agrees: a long sentence's agreeing arcs are kept with the rest masked. The tags are the trees' own
 * (the tagger that parsed them), since no jackknifed tagger covers this text.
 */
import * as fs from 'fs';
import { PunctuatedTree } from '../../../src/data/depunct';
import { seededRandom } from '../../../src/training/parser/views';

export interface SilverSentence {
  tree: PunctuatedTree;
  upos: Int32Array;
  xpos: Int32Array;
  /** The first parser's heads (head[d] = n for the root) and relation ids; only the masked-in words' count. */
  head: Int32Array;
  deprel: Int32Array;
  /** 1 where both parsers give the word the same head and relation (a relation the training data knows). */
  mask: Uint8Array;
}

/** The first tree's arcs with the mask of those the second shares (both trees over the same words). */
export function agreedArcs(
  a: PunctuatedTree,
  b: PunctuatedTree,
  relationId: (r: string) => number | undefined,
): { head: Int32Array; deprel: Int32Array; mask: Uint8Array } {
  const n = a.words.length;
  if (b.words.length !== n) throw new Error('the trees are over different words');
  const head = Int32Array.from(a.words, (w) => (w.head === 0 ? n : w.head - 1));
  const deprel = Int32Array.from(a.words, (w) => relationId(w.deprel) ?? 0);
  const mask = Uint8Array.from(a.words, (w, i) => (w.head === b.words[i].head && w.deprel === b.words[i].deprel && relationId(w.deprel) !== undefined ? 1 : 0));
  return { head, deprel, mask };
}

interface SilverLine {
  text: string;
  tree: PunctuatedTree;
}

export interface SilverOptions {
  /** The two parsers' files, line by line the same sentences. */
  fileA: string;
  fileB: string;
  /** Sentences to draw (without replacement) among those with at least one agreeing word. */
  count: number;
  seed: number;
  relations: readonly string[];
  tags: { upos: readonly string[]; xpos: readonly string[] };
  log: (m: string) => void;
}

function lines(file: string): string[] {
  const all = fs.readFileSync(file, 'utf8').split('\n');
  if (all[all.length - 1] === '') all.pop();
  return all;
}

/** `count` silver sentences drawn with `seed` alone (no other generator is touched), in the order drawn. */
export function readSilver(o: SilverOptions): SilverSentence[] {
  const la = lines(o.fileA), lb = lines(o.fileB);
  if (la.length !== lb.length) throw new Error(`${o.fileA} has ${la.length} lines, ${o.fileB} ${lb.length}`);
  const rel = new Map(o.relations.map((r, i) => [r, i]));
  const relationId = (r: string) => rel.get(r);
  const eligible: number[] = [];
  let words = 0, agreed = 0, otherWords = 0;
  for (let i = 0; i < la.length; i++) {
    const a = JSON.parse(la[i]) as SilverLine, b = JSON.parse(lb[i]) as SilverLine;
    if (a.text !== b.text) throw new Error(`line ${i + 1}: the files' sentences differ`);
    if (a.tree.words.length !== b.tree.words.length || a.tree.words.some((w, k) => w.form !== b.tree.words[k].form)) {
      otherWords++;
      continue;
    }
    const { mask } = agreedArcs(a.tree, b.tree, relationId);
    const m = mask.reduce((s, x) => s + x, 0);
    words += mask.length;
    agreed += m;
    if (m > 0) eligible.push(i);
  }
  const count = Math.min(o.count, eligible.length);
  // A partial Fisher–Yates shuffle of the eligible lines with the silver data's own generator.
  const rand = seededRandom(o.seed);
  for (let k = 0; k < count; k++) {
    const j = k + Math.floor(rand() * (eligible.length - k));
    [eligible[k], eligible[j]] = [eligible[j], eligible[k]];
  }
  const upos = new Map(o.tags.upos.map((t, i) => [t, i])), xpos = new Map(o.tags.xpos.map((t, i) => [t, i]));
  let unknownTags = 0;
  const tagId = (m: Map<string, number>, t: string) => {
    const id = m.get(t);
    if (id === undefined) unknownTags++;
    return id ?? 0;
  };
  const out = eligible.slice(0, count).map((i): SilverSentence => {
    const a = JSON.parse(la[i]) as SilverLine, b = JSON.parse(lb[i]) as SilverLine;
    return {
      tree: a.tree,
      upos: Int32Array.from(a.tree.words, (w) => tagId(upos, w.upos)),
      xpos: Int32Array.from(a.tree.words, (w) => tagId(xpos, w.xpos)),
      ...agreedArcs(a.tree, b.tree, relationId),
    };
  });
  const drawnWords = out.reduce((s, x) => s + x.mask.length, 0), drawnAgreed = out.reduce((s, x) => s + x.mask.reduce((t, y) => t + y, 0), 0);
  o.log(
    `silver: ${la.length} sentences (${otherWords} over other words, left out), ${words} words of which ${((100 * agreed) / Math.max(1, words)).toFixed(2)}% agree (head and relation); ` +
      `drew ${count} of ${eligible.length} with an agreeing word: ${drawnWords} words, ${drawnAgreed} supervised; ${unknownTags} tags outside the tag sets`,
  );
  return out;
}
