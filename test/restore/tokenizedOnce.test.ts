/**
 * Restoration tokenizes a run of words once (issues #31 and #37): the tagger reads the run's tokens, and each piece
 * the run is cut into is parsed from the run's own tokens inside it (`Parser.parseTokenized`) rather than tokenized
 * again. That is exact only because a piece cut from a tokenizer sentence at a space between words tokenizes alone to
 * the tokens it had in the sentence. Checked here on real text with its punctuation removed (EWT dev paragraphs as
 * dictation gives them, edited-english dev paragraphs, README paragraphs, with and without their marks), at every
 * place a piece may begin and end; and the restoration itself is the same with the piece tokenized again.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DEFAULT_MODEL_FILE, defaultModelDir as punctModelDir, loadPunctModel } from '../../server/src/model';
import { defaultModelDir as parserModelDir, loadParser, MODEL_FILE as PARSER_FILE, Parser } from '../../server/src/parser';
import { slotSentence } from '../../server/src/parser/sentenceBuilder';
import { makeRestorer } from '../../server/src/restore';
import { SurfaceToken, tokenizeText } from '../../server/src/tokenize';
import { haveEwt } from '../ewt';
import { dictated, editedParagraphs, EDITED_DIR, ewtParagraphs, readmeParagraphs, spread, unpunctuate } from './corpus';

const haveModels = fs.existsSync(path.join(parserModelDir(), PARSER_FILE)) && fs.existsSync(path.join(punctModelDir(), DEFAULT_MODEL_FILE));

/** Real paragraphs: dictated EWT dev, edited-english dev and READMEs without their marks, and READMEs as written. */
function paragraphs(count: number): string[] {
  const out: string[] = [];
  if (haveEwt()) out.push(...spread(ewtParagraphs('dev'), count / 2).map((p) => dictated(p)));
  if (fs.existsSync(EDITED_DIR)) out.push(...spread(editedParagraphs('dev'), count / 4).map((p) => dictated([p.text])));
  const readmes = readmeParagraphs(path.resolve(__dirname, '..', '..', 'node_modules'), count / 8);
  out.push(...readmes.map(unpunctuate), ...readmes);
  return out;
}

const shown = (tokens: readonly SurfaceToken[], by = 0) => tokens.map((t) => `${t.text}@${t.start + by}-${t.end + by}${t.punct ? 'p' : ''}`).join(' ');

/** Where a piece of a tokenizer sentence may begin: before each word that follows a space with nothing written in it. */
function cutPoints(text: string, tokens: SurfaceToken[]): number[] {
  const s = slotSentence(tokens);
  const cuts: number[] = [];
  for (let i = 1; i < s.wordTokens.length; i++) {
    const [before, after] = [tokens[s.wordTokens[i - 1]], tokens[s.wordTokens[i]]];
    if (s.slotTokens[i].length === 0 && s.wordTokens[i - 1] !== s.wordTokens[i] && /^\s+$/.test(text.slice(before.end, after.start))) cuts.push(s.wordTokens[i]);
  }
  return cuts;
}

describe('restore: a run of words is tokenized once', function () {
  this.timeout(600000);

  it('a piece cut from a tokenizer sentence at a space tokenizes alone to its tokens in the sentence', () => {
    let pieces = 0;
    for (const text of paragraphs(240)) {
      const flat = text.replace(/\s/g, ' ');
      for (const sentence of tokenizeText(flat)) {
        const cuts = cutPoints(flat, sentence.tokens);
        // Every piece from one cut to a later one (the sentence's ends included), up to a few words long.
        const bounds = [0, ...cuts, sentence.tokens.length];
        for (let a = 0; a < bounds.length - 1; a++) {
          for (let b = a + 1; b < bounds.length && b <= a + 6; b++) {
            const inRun = sentence.tokens.slice(bounds[a], bounds[b]);
            const [from, to] = [inRun[0].start, inRun[inRun.length - 1].end];
            const alone = tokenizeText(flat.slice(from, to));
            assert.equal(alone.length, 1, `${JSON.stringify(flat.slice(from, to))}: ${alone.length} sentences`);
            assert.equal(shown(alone[0].tokens, from), shown(inRun), JSON.stringify(flat.slice(from, to)));
            pieces++;
          }
        }
      }
    }
    assert.ok(pieces > 2000, `${pieces} pieces`);
  });

  it('restores real paragraphs exactly as when each piece is tokenized again', function () {
    if (!haveModels) return this.skip();
    const parser = loadParser();
    // The same parser without parseTokenized: restoration then parses each piece's text, tokenizing it again.
    const again: Parser = { version: parser.version, parseText: (t) => parser.parseText(t), parseTokens: (f) => parser.parseTokens(f), parseWithCommas: (s, c) => parser.parseWithCommas(s, c) };
    const model = loadPunctModel();
    const texts = paragraphs(60);
    const [once, twice] = [makeRestorer(parser, model), makeRestorer(again, model)];
    for (const text of texts) assert.equal(once.restore(text), twice.restore(text), text);
  });
});
