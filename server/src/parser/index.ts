/**
 * The bundled English parser: raw text → sentences → UD tokens → tags → projective dependency trees over the words,
 * with the punctuation kept aside in slots exactly as `depunctuate()` would (see `sentenceBuilder.ts`).
 *
 *   const parser = loadParser();            // models/en/parser.bin, synchronous
 *   for (const s of parser.parseText(text)) model.score(s.tree) …
 *
 * Awkward input never throws from parseText: empty or blank text gives no sentences; marks-only pieces (`!!!`) join
 * the neighbouring sentence or, alone, give none; sentences longer than MAX_WORDS words are cut into pieces noted
 * `split-long`; text mostly in a non-Latin script is parsed but noted `not-english`. A missing or foreign model file
 * makes loadParser throw a ParserError / Error naming the file.
 */
import { readStackedTaggerBeside, StackedTagger, stackedTaggerFromContents } from './stackedTagger';
import { defaultModelDir, GRAPH_PARSER_FILE, PARSER_MODEL_FILE, parserModelFile, STACKED_TAGGER_FILE } from '../data/modelDir';
import * as fs from 'fs';
import { PunctuatedTree, TreeWord } from '../data/depunct';
import { tokenizeText, isPunctForm, warmUpWink } from '../tokenize';
import { SurfaceToken } from '../tokenize/token';
import { clusterLookup, parseWords, ParserModels } from './dependencyParser';
import { ClusterLookup, EncodedSentence, encodeSentence, WordSequence } from './encoding';
import { readModel } from './modelFile';
import { parserModels } from './parserModels';
import { readLabellerBeside } from './neuralLabellerModel';
import { slotSentence } from './sentenceBuilder';
import { splitLongSentence, MAX_WORDS } from './longSentences';
import { repairRelativeClauseSubjects } from './relativeClauseRepair';
import { repairFrontedClauses } from './frontedClauseRepair';
import { repairVerblessTags } from './verblessTags';
import { parseDetached, withTransitionComma } from './transitionComma';
import { enabledRepairs, repairsVersion } from './repairs';
import { graphFromContents, GraphModel, readGraphBeside } from './graph/graphModel';
import { FirstWordCase, readFirstWordCaseBeside } from './firstWordCase';
import { TagIds } from './parseFeatures';

export type { SurfaceToken } from '../tokenize/token';
export { MAX_WORDS } from './longSentences';
export { parserModels } from './parserModels';

export type SentenceNote = 'split-long' | 'not-english';

export interface ParsedSentence {
  start: number;
  end: number;
  tokens: SurfaceToken[];
  tree: PunctuatedTree;
  wordTokens: number[];
  slotTokens: number[][];
  /** `split-long`: a piece of a sentence longer than MAX_WORDS words; `not-english`: mostly non-Latin letters. */
  notes?: SentenceNote[];
}

export interface Parser {
  readonly version: string;
  parseText(text: string): ParsedSentence[];
  /** The same sentences, each parsed only when asked for (a budget may stop before the rest). */
  parseSentences?(text: string): Iterable<ParsedSentence>;
  parseTokens(forms: string[]): { upos: string[]; xpos: string[]; head: number[]; deprel: string[] };
  /**
   * The tree of a parsed sentence read again with a comma written at each of the given slots (slot i lies after word
   * i): what the sentence's structure would be if the writer had set those commas. Undefined when the words differ.
   */
  parseWithCommas(s: Pick<ParsedSentence, 'tokens' | 'wordTokens' | 'tree'>, commasAt: readonly number[]): PunctuatedTree | undefined;
  /**
   * The sentences of one tokenizer sentence's tokens, already tokenized (at their offsets in `text`): what
   * `parseText` gives for a text that tokenizes to them, without tokenizing it again.
   */
  parseTokenized?(tokens: SurfaceToken[], text: string): ParsedSentence[];
}

export const MODEL_FILE = PARSER_MODEL_FILE;
export { parserModelFile } from '../data/modelDir';

export { defaultModelDir } from '../data/modelDir';

/** Letters outside the Latin script dominate: the English model's output means little there. */
export function looksNonEnglish(text: string): boolean {
  // Every letter of an ASCII text is a Latin one (the common case, without the two arrays of letters).
  if (ASCII.test(text)) return false;
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length < 4) return false;
  const latin = text.match(/\p{Script=Latin}/gu) ?? [];
  return latin.length < letters.length / 2;
}

const ASCII = /^[\x00-\x7f]*$/;

export class ParserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ParserError';
  }
}

/** Sentences whose parse is remembered (a few KB each). */
const PARSE_MEMO_ENTRIES = 1024;

/** The parser of a model directory: `parser.bin`'s tagger, then its transition parser or, where given, the graph parser. */
class TransitionParser implements Parser {
  private readonly lookup: ClusterLookup | undefined;

  constructor(
    readonly version: string,
    private readonly models: ParserModels,
    /** The repairs that run, by name (`repairs.ts`: all in use; fewer only when measuring them). */
    private readonly repairs: ReadonlySet<string>,
    /** The graph parser (`graph/graphModel.ts`), which then gives the heads and relations instead of `parseWords`. */
    private readonly graph?: GraphModel,
    /**
     * With the graph parser, the weight of agreeing with the transition parser's tree (`graph/arcVotes.ts`); 0: the
     * graph parser's own tree.
     */
    private readonly reparseWeight = 0,
    /** The stacked tagger (`stackedTagger.ts`), which tags again reading the perceptron's tags. */
    private readonly stacked?: StackedTagger,
    /** A sentence's first word read in the case edited English writes it (`firstWordCase.ts`). */
    private readonly firstWordCase?: FirstWordCase,
  ) {
    this.lookup = clusterLookup(models.clusters);
  }

  parseText(text: string): ParsedSentence[] {
    return [...this.parseSentences(text)];
  }

  /** `parseText`'s sentences, each parsed when the caller asks for it (tokenizing the whole text comes first). */
  *parseSentences(text: string): Generator<ParsedSentence, void, void> {
    if (typeof text !== 'string') throw new ParserError('parseText expects a string');
    for (const s of tokenizeText(text)) yield* this.sentencesOf(s.tokens, text);
  }

  parseTokenized(tokens: SurfaceToken[], text: string): ParsedSentence[] {
    return [...this.sentencesOf(tokens, text)];
  }

  /** The parsed pieces of one tokenizer sentence (more than one when it is longer than MAX_WORDS words). */
  private *sentencesOf(sentence: SurfaceToken[], text: string): Generator<ParsedSentence, void, void> {
    const pieces = splitLongSentence(sentence);
    for (const tokens of pieces) {
      const parsed = this.parseSentenceTokens(tokens);
      if (!parsed) continue; // symbol-only: nothing to parse
      const notes: SentenceNote[] = [];
      if (pieces.length > 1) notes.push('split-long');
      if (looksNonEnglish(text.slice(parsed.start, parsed.end))) notes.push('not-english');
      if (notes.length) parsed.notes = notes;
      yield parsed;
    }
  }

  /**
   * Parses by sentence content: an editor re-parses a whole paragraph after each keystroke, and the sentences it did
   * not touch come back with the same tokens (shifted). The parse depends on the tokens' texts, kinds and relative
   * spans only, so a remembered parse is exactly what parsing again would give.
   */
  private readonly memo = new Map<string, Pick<ParsedSentence, 'tree' | 'wordTokens' | 'slotTokens'> | null>();

  /** One sentence's tokens → tree; undefined when it has no words (only marks and symbols). */
  parseSentenceTokens(tokens: SurfaceToken[]): ParsedSentence | undefined {
    const base = tokens.length ? tokens[0].start : 0;
    const key = tokens.map((t) => `${t.text}\u0001${t.start - base}\u0001${t.end - base}\u0001${t.punct ? 1 : 0}`).join('\u0002');
    let hit = this.memo.get(key);
    if (hit === undefined) {
      const parsed = this.parseUncached(tokens);
      hit = parsed ? { tree: parsed.tree, wordTokens: parsed.wordTokens, slotTokens: parsed.slotTokens } : null;
      if (this.memo.size >= PARSE_MEMO_ENTRIES) this.memo.delete(this.memo.keys().next().value as string);
      this.memo.set(key, hit);
    }
    return hit ? { start: tokens[0].start, end: tokens[tokens.length - 1].end, tokens, ...hit } : undefined;
  }

  private parseUncached(tokens: SurfaceToken[]): ParsedSentence | undefined {
    const s = slotSentence(tokens);
    if (s.forms.length === 0) return undefined;
    // What the tagger and parser read; the tree keeps the slots as written.
    const transition = this.repairs.has('transition-comma');
    const read = transition ? withTransitionComma(s) : s;
    const words = (transition && parseDetached(read, (rest) => this.readWords(rest))) || this.readWords(read);
    return {
      start: tokens[0].start,
      end: tokens[tokens.length - 1].end,
      tokens,
      tree: { words, slots: s.slots },
      wordTokens: s.wordTokens,
      slotTokens: s.slotTokens,
    };
  }

  /** The tagger's tags, the stacked tagger's where there is one. */
  private tagEncoded(e: EncodedSentence): TagIds {
    const first = this.models.tagger.tag(e);
    return this.stacked ? this.stacked.tag(e, first) : first;
  }

  /** Tags and parses the words as read (with the repairs before and after parsing, unless they are off). */
  private readWords(written: WordSequence): TreeWord[] {
    let read = written;
    let e = encodeSentence(read, this.lookup);
    let tagged = this.tagEncoded(e);
    const lowered = this.firstWordCase?.lowered(read, this.models.tagger.tags.xpos[tagged.xpos[0]]);
    if (lowered) {
      read = lowered;
      e = encodeSentence(read, this.lookup);
      tagged = this.tagEncoded(e);
    }
    const r = this.repairs;
    const tags = r.has('verbless-tags') ? repairVerblessTags(tagged, read.forms, read.slots, this.models.tagger.tags) : tagged;
    const g = this.graph;
    const votes = g && this.reparseWeight > 0 ? { head: parseWords(this.models, e, tags).head, weight: this.reparseWeight } : undefined;
    const p = g ? { tags, ...g.parser.parse(e, tags, g.rootRelation, votes, g.constraint) } : parseWords(this.models, e, tags);
    const deprels = g ? g.deprels : this.models.deprels;
    const { upos, xpos } = this.models.tagger.tags;
    const n = e.n;
    // The tree keeps the words as written (a first word read in lower case keeps its capital).
    const parsed: TreeWord[] = written.forms.map((form, i) => ({
      form,
      lemma: '_',
      upos: upos[p.tags.upos[i]],
      xpos: xpos[p.tags.xpos[i]],
      feats: '_',
      deprel: deprels[p.deprel[i]],
      head: p.head[i] === n ? 0 : p.head[i] + 1,
    }));
    let tree = parsed;
    if (r.has('relative-clause')) tree = repairRelativeClauseSubjects(tree, read.slots);
    if (r.has('fronted-clause')) tree = repairFrontedClauses(tree);
    return tree;
  }

  parseWithCommas(s: Pick<ParsedSentence, 'tokens' | 'wordTokens' | 'tree'>, commasAt: readonly number[]): PunctuatedTree | undefined {
    // A slot inside one written word ("do|n't", one token or two that touch) cannot take a mark.
    const inWord = (i: number) => s.wordTokens[i - 1] === s.wordTokens[i] || s.tokens[s.wordTokens[i - 1]].end === s.tokens[s.wordTokens[i]].start;
    const after = new Set(commasAt.filter((i) => !inWord(i)).map((i) => s.wordTokens[i - 1]));
    const tokens: SurfaceToken[] = [];
    s.tokens.forEach((t, k) => {
      tokens.push(t);
      // Right after the word (before any mark already in the slot), as wide as nothing: only quotes read spacing.
      if (after.has(k)) tokens.push({ text: ',', start: t.end, end: t.end, punct: true });
    });
    const parsed = this.parseSentenceTokens(tokens);
    return parsed && parsed.tree.words.length === s.tree.words.length ? parsed.tree : undefined;
  }

  parseTokens(forms: string[]): { upos: string[]; xpos: string[]; head: number[]; deprel: string[] } {
    // Gold tokenisation: no spacing is known, so tokens are laid out with single spaces.
    let pos = 0;
    const tokens: SurfaceToken[] = forms.map((text) => {
      const t = { text, start: pos, end: pos + text.length, punct: isPunctForm(text) };
      pos += text.length + 1;
      return t;
    });
    const upos = forms.map(() => 'PUNCT');
    const xpos = forms.map(() => 'PUNCT');
    const deprel = forms.map(() => 'punct');
    const head = forms.map(() => 0);
    const parsed = this.parseSentenceTokens(tokens);
    if (!parsed) return { upos, xpos, head, deprel };
    const wordTokens = parsed.wordTokens;
    let rootToken = 0;
    parsed.tree.words.forEach((w, i) => {
      const k = wordTokens[i];
      upos[k] = w.upos;
      xpos[k] = w.xpos;
      deprel[k] = w.deprel;
      head[k] = w.head === 0 ? 0 : wordTokens[w.head - 1] + 1;
      if (w.head === 0) rootToken = k + 1;
    });
    // Punctuation is not a node of our trees; for CoNLL-U output it hangs off the root word.
    tokens.forEach((t, k) => {
      if (t.punct) head[k] = rootToken;
    });
    return { upos, xpos, head, deprel };
  }
}

/** An optional file beside `parser.bin` reads or gives the tagger's tag ids, so its tag sets must be the tagger's. */
function checkTagSets(name: string, tags: { upos: readonly string[]; xpos: readonly string[] }, tagger: { upos: readonly string[]; xpos: readonly string[] }, file: string): void {
  if (tags.upos.join(' ') !== tagger.upos.join(' ') || tags.xpos.join(' ') !== tagger.xpos.join(' ')) throw new Error(`${name}: its tag sets differ from the tagger's in ${file}`);
}

/**
 * The parser of a model directory. With the graph parser's file beside `parser.bin` (`graph/graphModel.ts`), that
 * parser gives the heads and relations, unless `PUNCTEME_GRAPH_PARSER_OFF` is set (the transition parser, to compare
 * the two on one directory). With the stacked tagger's file (`stackedTagger.ts`), its tags are the ones both parsers
 * read, unless `PUNCTEME_STACKED_TAGGER_OFF` is set.
 */
export function loadParser(modelDir: string = defaultModelDir(), env: NodeJS.ProcessEnv = process.env): Parser {
  const file = parserModelFile(modelDir);
  if (!fs.existsSync(file)) throw new ParserError(`no parser model at ${file} (run \`npm run train:parser\`)`);
  const m = readModel(file);
  const graphFile = env.PUNCTEME_GRAPH_PARSER_OFF ? undefined : readGraphBeside(modelDir);
  // The lookup layouts are built before wink-nlp loads its model: the collections that the layouts' large
  // allocations trigger then walk a small heap, and the inflated file can be freed before wink's heap grows.
  // With the optional neural relation labeller beside it (`neuralLabellerModel.ts`), named in the version; the graph
  // parser labels with its own relation scorer, so the labeller is not read then.
  const labeller = graphFile ? undefined : readLabellerBeside(modelDir);
  const models = parserModels(m, labeller);
  const read = graphFile && graphFromContents(graphFile);
  const stackedFile = env.PUNCTEME_STACKED_TAGGER_OFF ? undefined : readStackedTaggerBeside(modelDir);
  const stacked = stackedFile && stackedTaggerFromContents(stackedFile);
  if (stacked) checkTagSets(STACKED_TAGGER_FILE, stacked.tags, models.tagger.tags, file);
  // For measuring only: the graph parser's relations without the case constraint (`graph/caseConstraint.ts`).
  const graph = read && env.PUNCTEME_CASE_CONSTRAINT_OFF ? { ...read, constraint: undefined } : read;
  if (graph) checkTagSets(GRAPH_PARSER_FILE, graph.tags, models.tagger.tags, file);
  warmUpWink();
  // The repairs change what the parser returns, so they are named in the version too (caches keyed by it start afresh).
  const repairs = enabledRepairs(env);
  const parsing = graph ? `+${graph.version}${graph.constraint ? '+case1' : ''}` : labeller ? `+${labeller.header.version}` : '';
  // For measuring only: the graph parser combined with the transition parser's tree (`graph/arcVotes.ts`).
  const reparse = graph && env.PUNCTEME_REPARSE_WEIGHT ? Number(env.PUNCTEME_REPARSE_WEIGHT) : 0;
  if (!(reparse >= 0)) throw new Error(`PUNCTEME_REPARSE_WEIGHT: not a weight ≥ 0: ${env.PUNCTEME_REPARSE_WEIGHT}`);
  const combined = reparse > 0 ? `+reparse${reparse}` : '';
  const tagging = stacked ? `+${stacked.version}` : '';
  // For measuring only: `PUNCTEME_FIRST_WORD_CASE_OFF` reads every first word as written.
  const firstWordCase = env.PUNCTEME_FIRST_WORD_CASE_OFF ? undefined : readFirstWordCaseBeside(modelDir);
  const truecasing = firstWordCase ? `+${firstWordCase.version}` : '';
  return new TransitionParser(`${m.header.version}${tagging}${truecasing}${repairsVersion(repairs)}${parsing}${combined}`, models, repairs, graph, reparse, stacked, firstWordCase);
}

