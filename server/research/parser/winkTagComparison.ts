/**
 * Which tagger to use (issue 4): wink-nlp's own UPOS tags against ours, on the EWT words that wink's tokenisation
 * (mapped to UD) reproduces exactly, both taggers reading the same raw text.
 */
import { ConlluSentence } from '../../src/data/conllu';
import { winkSentences } from '../../src/tokenize/winkTokens';
import { documents } from './endToEnd';
import { Parser } from '../../src/parser/index';

export interface TaggerComparison {
  /** Gold words whose span wink produced as one token (so both taggers tag the same unit). */
  words: number;
  winkUpos: number;
  ourUpos: number;
}

export function compareWithWinkTags(parser: Parser, sentences: readonly ConlluSentence[]): TaggerComparison {
  let words = 0, wink = 0, ours = 0;
  for (const d of documents(sentences)) {
    const winkTag = new Map<string, string>();
    for (const s of winkSentences(d.text)) for (const t of s.tokens) winkTag.set(`${t.start}:${t.end}`, t.pos);
    const ourTag = new Map<string, string>();
    for (const s of parser.parseText(d.text)) {
      s.tree.words.forEach((w, i) => {
        const t = s.tokens[s.wordTokens[i]];
        ourTag.set(`${t.start}:${t.end}`, w.upos);
      });
    }
    for (const g of d.words) {
      if (g.punct) continue;
      const k = `${g.start}:${g.end}`;
      const wt = winkTag.get(k);
      const ot = ourTag.get(k);
      if (wt === undefined || ot === undefined) continue;
      words++;
      if (wt === g.upos) wink++;
      if (ot === g.upos) ours++;
    }
  }
  const pct = (x: number) => Math.round((10000 * x) / Math.max(1, words)) / 100;
  return { words, winkUpos: pct(wink), ourUpos: pct(ours) };
}
