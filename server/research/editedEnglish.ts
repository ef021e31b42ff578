/**
 * Reader of `shared/data/edited-english/`: one paragraph a line, a blank line between documents, one file per source.
 * Documents are split into train, dev (tuning) and held-out parts by their index within their source file, so that
 * every consumer (punctuation-model training, the correction scorer, the false-alarm benchmark) holds out the same
 * documents: held out iff index % 10 == 9, dev iff index % 10 == 8, train otherwise.
 */
import * as fs from 'fs';
import * as path from 'path';

export type EditedPart = 'train' | 'dev' | 'heldout';

export interface EditedDocument {
  source: string;
  /** Index of the document within its source file, from 0. */
  index: number;
  part: EditedPart;
  paragraphs: string[];
}

export const EDITED_SOURCES = ['digitalgov', 'python-peps', 'react-docs', 'typescript-docs', 'rust-book', 'vue-docs', 'rust-reference'] as const;

export function defaultEditedDir(): string {
  if (process.env.PUNCTEME_EDITED_DIR) return process.env.PUNCTEME_EDITED_DIR;
  return path.resolve(__dirname, '../../../shared/data/edited-english');
}

export function partOf(index: number): EditedPart {
  const r = index % 10;
  return r === 9 ? 'heldout' : r === 8 ? 'dev' : 'train';
}

/** Documents of one source's text: blank lines separate documents, each other line is a paragraph. */
export function documentsOfText(source: string, text: string): EditedDocument[] {
  const docs: EditedDocument[] = [];
  let paragraphs: string[] = [];
  const flush = () => {
    if (paragraphs.length) docs.push({ source, index: docs.length, part: partOf(docs.length), paragraphs });
    paragraphs = [];
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') flush();
    else paragraphs.push(line.trim());
  }
  flush();
  return docs;
}

/** Every document of every source, in source order; `parts` keeps only those parts. */
export function readEditedEnglish(dir = defaultEditedDir(), parts?: readonly EditedPart[]): EditedDocument[] {
  const out: EditedDocument[] = [];
  for (const source of EDITED_SOURCES) {
    const file = path.join(dir, `${source}.txt`);
    if (!fs.existsSync(file)) throw new Error(`edited-english: no ${file}`);
    for (const d of documentsOfText(source, fs.readFileSync(file, 'utf8'))) if (!parts || parts.includes(d.part)) out.push(d);
  }
  return out;
}
