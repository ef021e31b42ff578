/**
 * The editing forms of `puncteme explain` (issue 35): `--delete "phrase"`, `--move-front "phrase"`, `--move-end
 * "phrase"` and `--join [coordinator]` print the sentence re-punctuated by the model after the edit (paper §6.3), and
 * `--svg FILE` writes the picture of the analysis (of the edited sentence when an edit is given). The text form of the
 * picture is always printed too.
 */
import * as fs from 'fs';
import * as path from 'path';
import { loadEngineParts } from '../../engine';
import { repunctuationPicture, sentencePicture, underlyingSvg, underlyingText, PictureInput } from '../../engine/picture';
import { constituentOfPhrase, EditError, repunctuate, repunctuationModel, SentenceEdit } from '../../engine/repunctuate';
import { AnalysedSentence } from '../../engine/sentence';
import { CliIO, UsageError } from '../command';

export interface EditOptions {
  delete?: string;
  'move-front'?: string;
  'move-end'?: string;
  join?: string;
  svg?: string;
}

export function wantsEditForm(v: EditOptions): boolean {
  return [v.delete, v['move-front'], v['move-end'], v.join, v.svg].some((x) => x !== undefined);
}

export function runEditForm(v: EditOptions, text: string, parts: ReturnType<typeof loadEngineParts>, io: CliIO): number {
  if (!parts.analyser || !parts.model) throw new Error(`the parser or the punctuation model is not available (${parts.problem})`);
  const model = repunctuationModel(parts.model);
  if (!model) throw new Error('the punctuation model cannot re-punctuate (it is not a trained model)');
  const edits = [v.delete, v['move-front'], v['move-end'], v.join].filter((x) => x !== undefined);
  if (edits.length > 1) throw new UsageError('give one edit: --delete, --move-front, --move-end or --join');
  const sentences = parts.analyser.parseText(text);
  if (sentences.length === 0) throw new UsageError('no sentence in the text');
  let picture: PictureInput;
  try {
    if (edits.length === 0) {
      picture = sentencePicture(text, sentences[0], parts.model);
      if (sentences.length > 1) io.stdout(`(the picture shows the first of ${sentences.length} sentences)\n`);
    } else {
      const { sentence, edit } = chooseEdit(v, text, sentences);
      const r = repunctuate(text, sentence, edit, model);
      io.stdout(`Before: ${r.original}\nAfter:  ${r.text}\n\n`);
      picture = repunctuationPicture(r.analysis, r.text);
    }
  } catch (e) {
    if (e instanceof EditError) throw new UsageError(e.message);
    throw e;
  }
  io.stdout(`Underlying punctuation (T′) and the channel's rewrites:\n${underlyingText(picture)}`);
  if (v.svg !== undefined) {
    const file = path.resolve(io.cwd, v.svg);
    fs.writeFileSync(file, underlyingSvg(picture));
    io.stdout(`\nWrote ${v.svg}\n`);
  }
  return 0;
}

function chooseEdit(v: EditOptions, text: string, sentences: readonly AnalysedSentence[]): { sentence: AnalysedSentence; edit: SentenceEdit } {
  if (v.join !== undefined) {
    if (sentences.length < 2) throw new UsageError('--join needs two sentences in the text');
    return { sentence: sentences[0], edit: { kind: 'join', coordinator: v.join || 'and', next: sentences[1] } };
  }
  const phrase = (v.delete ?? v['move-front'] ?? v['move-end'])!;
  const sentence = sentences.find((s) => text.slice(s.start, s.end).includes(phrase.trim()));
  if (!sentence) throw new UsageError(`"${phrase}" is not in the text`);
  const head = constituentOfPhrase(text, sentence, phrase);
  if (head === undefined) throw new UsageError(`"${phrase}" is not a constituent of the sentence as parsed (see the parse with "puncteme explain TEXT")`);
  if (v.delete !== undefined) return { sentence, edit: { kind: 'delete', head } };
  return { sentence, edit: { kind: 'move', head, to: v['move-front'] !== undefined ? 'front' : 'end' } };
}
