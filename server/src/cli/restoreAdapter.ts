/**
 * Restoration of unpunctuated text (the model's MBR restoration, paper §6.1): each sentence is parsed by the bundled
 * parser, its punctuation slots are chosen by `PunctModel.restore`, and the text is rebuilt from the original words —
 * their spelling and case untouched, only the punctuation between them regenerated.
 */
import { ABBREV_DOT, BOS_MARK, SYMBOL } from '../data/punctTokens';
import { renderSlot } from '../engine/render';
import { loadPunctModel, PunctModel } from '../model';
import { defaultModelDir, loadEngineParts, punctModelFile, SentenceAnalyser } from '../engine';

export interface Restorer {
  restore(text: string): string;
}

/** The written form of a normalised puncteme token; undefined for marks that are never written. */
function surfaceOf(token: string): string | undefined {
  if (token === BOS_MARK || token === SYMBOL) return undefined;
  if (token === ABBREV_DOT) return '.';
  return token;
}

/** Any sentence analyser will do: the language server passes the engine's own, already loaded parser. */
export function makeRestorer(parser: SentenceAnalyser, model: Pick<PunctModel, 'restore'>): Restorer {
  return {
    restore(text) {
      // Whitespace the writer put between two words (never their punctuation: that is what we regenerate).
      const gapSpace = (from: number, to: number) => text.slice(from, to).replace(/[^\s]/g, '');
      let out = '';
      let cursor = 0;
      for (const s of parser.parseText(text)) {
        const words = s.wordTokens.map((k) => s.tokens[k]);
        if (words.length === 0) continue;
        const slots = model.restore(s.tree);
        const slotText = (i: number, from: number, to: number) => {
          const marks = (slots[i] ?? []).flatMap((t) => {
            const m = surfaceOf(t);
            return m === undefined ? [] : [{ norm: t, text: m }];
          });
          if (marks.length === 0) return i === 0 ? '' : gapSpace(from, to);
          return renderSlot(marks, i === 0, i === words.length).text;
        };
        const lead = gapSpace(cursor, words[0].start);
        out += (out && !lead ? ' ' : lead) + slotText(0, words[0].start, words[0].start);
        words.forEach((w, i) => {
          out += text.slice(w.start, w.end);
          const next = words[i + 1];
          out += next ? slotText(i + 1, w.end, next.start) : slotText(words.length, w.end, w.end);
        });
        cursor = words[words.length - 1].end;
      }
      return out + gapSpace(cursor, text.length);
    },
  };
}

/** The engine's parser and punctuation model, checked as the linter's are; a missing or corrupt file throws `ModelFileError`. */
export async function loadRestorer(): Promise<Restorer> {
  const dir = defaultModelDir();
  const parts = loadEngineParts(dir);
  if (parts.modelError || !parts.analyser) throw parts.modelError ?? new Error('restoration needs the trained parser');
  return makeRestorer(parts.analyser, loadPunctModel(punctModelFile(dir)));
}
