/**
 * The re-punctuating edits an editor offers at a cursor or a selection (issue 35): delete the phrase with its
 * punctuation, move it to the start of the sentence, join the sentence with the next one. Each offer is one
 * replacement of the text, with the re-punctuated sentence as its preview.
 */
import type { SentenceAnalyser } from '../index';
import { EngineModel } from '../punctModel';
import { AnalysedSentence } from '../sentence';
import { repunctuationModel } from './model';
import { constituentAt, constituentOfRange } from './pickConstituent';
import { repunctuate, SentenceEdit, sentenceExtent } from './repunctuate';
import { EditError } from './treeEdits';
import { sentencePicture } from '../picture/sentencePicture';
import { underlyingSvg, underlyingText } from '../picture/underlyingSvg';
import { projectiveTree } from '../../model/projective';

export type OfferKind = 'delete' | 'moveToStart' | 'joinNext';

export interface RepunctuationOffer {
  kind: OfferKind;
  title: string;
  /** The replaced range of the text (UTF-16 offsets) and its replacement. */
  start: number;
  end: number;
  newText: string;
}

const TITLES: Record<OfferKind, string> = {
  delete: 'Delete this phrase with its punctuation',
  moveToStart: 'Move this phrase to the start of the sentence',
  joinNext: 'Join with the next sentence',
};

/** Longest preview in a title; longer sentences show their start and end. */
const PREVIEW_CHARS = 90;

function preview(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length <= PREVIEW_CHARS ? one : `${one.slice(0, PREVIEW_CHARS / 2 - 1)}…${one.slice(-(PREVIEW_CHARS / 2 - 1))}`;
}

function sentenceAtOffset(sentences: readonly AnalysedSentence[], offset: number): number {
  return sentences.findIndex((s) => {
    const e = sentenceExtent(s);
    return offset >= e.start && offset <= e.end;
  });
}

/** The offers at [start, end) of `text` (a paragraph): a selection means its constituent, a cursor the one around it. */
export function repunctuationOffers(text: string, analyser: SentenceAnalyser, engineModel: EngineModel, start: number, end: number): RepunctuationOffer[] {
  const model = repunctuationModel(engineModel);
  if (!model) return [];
  const sentences = analyser.parseText(text);
  const k = sentenceAtOffset(sentences, start);
  if (k < 0) return [];
  const s = sentences[k];
  // A selection reaching into the next sentence selects no constituent of this one (`in Paris. We` is not `in Paris`).
  const withinSentence = text.slice(sentenceExtent(s).end, Math.max(end, sentenceExtent(s).end)).trim() === '';
  const head = end > start ? (withinSentence ? constituentOfRange(s, start, end) : undefined) : constituentAt(s, start);
  const edits: Array<[OfferKind, SentenceEdit]> = [];
  if (head !== undefined) {
    edits.push(['delete', { kind: 'delete', head }]);
    if (projectiveTree(s.tree).lo[head] !== 1) edits.push(['moveToStart', { kind: 'move', head, to: 'front', within: 'sentence' }]);
  }
  if (k + 1 < sentences.length) edits.push(['joinNext', { kind: 'join', coordinator: 'and', next: sentences[k + 1] }]);
  const out: RepunctuationOffer[] = [];
  for (const [kind, edit] of edits) {
    try {
      const r = repunctuate(text, s, edit, model);
      out.push({ kind, title: `${TITLES[kind]}: “${preview(r.text)}”`, start: r.start, end: r.end, newText: r.text });
    } catch (e) {
      // A sentence the model cannot explain (or an edit the tree refuses) offers nothing: the others still are.
      if (!(e instanceof EditError) && !(e instanceof Error && /no underlying tree/.test(e.message))) throw e;
    }
  }
  return out;
}

/** The picture of the sentence at `offset` of `text`: SVG and its text form; undefined outside any sentence. */
export function pictureAt(text: string, analyser: SentenceAnalyser, model: EngineModel, offset: number): { svg: string; text: string; sentence: string } | undefined {
  const sentences = analyser.parseText(text);
  const k = sentenceAtOffset(sentences, offset);
  if (k < 0) return undefined;
  const p = sentencePicture(text, sentences[k], model);
  return { svg: underlyingSvg(p), text: underlyingText(p), sentence: p.caption ?? '' };
}
