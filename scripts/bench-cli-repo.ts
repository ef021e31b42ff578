/**
 * The benchmark repository of `npm run bench:cli`: ~1,000 Markdown pages built from UD English EWT train text
 * (its documents and paragraphs as written), with headings, a list now and then, and code blocks that must be skipped.
 */
import * as fs from 'fs';
import * as path from 'path';
import { readTreebank } from '../server/src/data/treebank';

export interface BenchRepo {
  dir: string;
  files: number;
  /** EWT sentences placed in prose. */
  sentences: number;
  bytes: number;
}

const SENTENCES_PER_FILE = 7;

const CODE_BLOCK = ['```sh', 'npm install --save-dev puncteme   # comments, commas,, and dots.. are not prose', '```'].join('\n');

export function makeBenchRepo(conllu: string, dir: string): BenchRepo {
  const tb = readTreebank(conllu);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let files = 0;
  let sentences = 0;
  let bytes = 0;
  let paragraphs: string[][] = [];
  let inFile = 0;
  const flush = () => {
    if (inFile === 0) return;
    const title = paragraphs[0][0].split(/\s+/).slice(0, 6).join(' ').replace(/[#*_`[\]]/g, '');
    const body: string[] = [`# ${title}`, ''];
    paragraphs.forEach((p, i) => {
      if (i > 0 && i % 3 === 0) body.push(`## Part ${i / 3 + 1}`, '');
      // every fourth page shows a paragraph as a list, as documentation often does
      if (files % 4 === 1 && p.length > 1) body.push(...p.map((s) => `- ${s}`), '');
      else body.push(p.join(' '), '');
    });
    if (files % 5 === 0) body.push(CODE_BLOCK, '');
    const text = body.join('\n');
    const sub = path.join(dir, `section-${String(Math.floor(files / 100)).padStart(2, '0')}`);
    fs.mkdirSync(sub, { recursive: true });
    fs.writeFileSync(path.join(sub, `page-${String(files).padStart(4, '0')}.md`), text);
    bytes += Buffer.byteLength(text);
    files++;
    paragraphs = [];
    inFile = 0;
  };
  for (const s of tb.sentences) {
    const text = s.text?.trim();
    if (!text) continue;
    const newPar = s.comments.some((c) => /^#\s*new(par|doc)\b/.test(c));
    if (newPar && inFile >= SENTENCES_PER_FILE) flush();
    if (newPar || paragraphs.length === 0) paragraphs.push([]);
    paragraphs[paragraphs.length - 1].push(text);
    inFile++;
    sentences++;
  }
  flush();
  return { dir, files, sentences, bytes };
}
