/**
 * CoNLL-U reader (https://universaldependencies.org/format.html).
 *
 * Keeps everything needed to rebuild the sentence text exactly: comments, multiword-token lines (whose surface form
 * replaces the forms of the words they span) and `SpaceAfter=No`. Empty nodes (`8.1`) belong to the enhanced graph
 * only; they are kept aside and never enter the basic tree.
 */

export interface ConlluWord {
  /** 1-based word index within the sentence. */
  id: number;
  form: string;
  lemma: string;
  upos: string;
  xpos: string;
  feats: string;
  /** 0 for the root, else the id of the head word. */
  head: number;
  deprel: string;
  deps: string;
  misc: string;
  /** Line number (1-based) in the source, for error messages. */
  line: number;
}

export interface ConlluMultiword {
  first: number;
  last: number;
  form: string;
  misc: string;
  line: number;
}

export interface ConlluEmptyNode {
  id: string;
  form: string;
  line: number;
}

export interface ConlluSentence {
  comments: string[];
  /** Value of `# sent_id = …`, if present. */
  sentId?: string;
  /** Value of `# text = …`, if present. */
  text?: string;
  words: ConlluWord[];
  multiwords: ConlluMultiword[];
  emptyNodes: ConlluEmptyNode[];
  /** Line number of the sentence's first line. */
  line: number;
}

export class ConlluError extends Error {
  constructor(
    message: string,
    readonly source: string,
    readonly lineNumber: number,
  ) {
    super(`${source}:${lineNumber}: ${message}`);
    this.name = 'ConlluError';
  }
}

/** Value of a `Key=Value` entry of a MISC column, or undefined. */
export function miscValue(misc: string, key: string): string | undefined {
  if (misc === '_' || misc === '') return undefined;
  for (const part of misc.split('|')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === key) return part.slice(eq + 1);
  }
  return undefined;
}

/**
 * The whitespace that follows a token: `SpacesAfter=…` (UD's escapes \s \t \n \\ \uXXXX) if given, none for
 * `SpaceAfter=No`, else one space.
 */
export function spaceAfter(misc: string): string {
  const spaces = miscValue(misc, 'SpacesAfter');
  if (spaces !== undefined) {
    return spaces.replace(/\\(u[0-9A-Fa-f]{4}|[stn\\|])/g, (_, e: string) =>
      e[0] === 'u' ? String.fromCharCode(parseInt(e.slice(1), 16)) : e === 's' ? ' ' : e === 't' ? '\t' : e === 'n' ? '\n' : e,
    );
  }
  return miscValue(misc, 'SpaceAfter') === 'No' ? '' : ' ';
}

/** Parse a whole CoNLL-U document. Throws `ConlluError` (with the line number) on malformed input. */
export function parseConllu(text: string, source = '<input>'): ConlluSentence[] {
  const sentences: ConlluSentence[] = [];
  const lines = text.split(/\r?\n/);
  let current: ConlluSentence | undefined;
  const fail = (msg: string, lineNo: number): never => {
    throw new ConlluError(msg, source, lineNo);
  };

  const finish = (lineNo: number): void => {
    if (!current) return;
    if (current.words.length === 0) fail('sentence has no word lines', current.line);
    validateSentence(current, source);
    sentences.push(current);
    current = undefined;
    void lineNo;
  };

  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = lines[i];
    if (line.trim() === '') {
      finish(lineNo);
      continue;
    }
    if (!current) current = { comments: [], words: [], multiwords: [], emptyNodes: [], line: lineNo };
    if (line.startsWith('#')) {
      if (current.words.length > 0 || current.multiwords.length > 0) fail('comment line inside a sentence', lineNo);
      current.comments.push(line);
      const m = /^#\s*(sent_id|text)\s*=\s?(.*)$/.exec(line);
      if (m) {
        if (m[1] === 'sent_id') current.sentId = m[2];
        else current.text = m[2];
      }
      continue;
    }
    const cols = line.split('\t');
    if (cols.length !== 10) fail(`expected 10 tab-separated columns, found ${cols.length}`, lineNo);
    const [id, form, lemma, upos, xpos, feats, head, deprel, deps, misc] = cols;
    if (/^\d+-\d+$/.test(id)) {
      const [a, b] = id.split('-').map(Number);
      if (b <= a) fail(`bad multiword range "${id}"`, lineNo);
      if (a !== current.words.length + 1) fail(`multiword range "${id}" does not start at the next word`, lineNo);
      current.multiwords.push({ first: a, last: b, form, misc, line: lineNo });
      continue;
    }
    if (/^\d+\.\d+$/.test(id)) {
      current.emptyNodes.push({ id, form, line: lineNo });
      continue;
    }
    if (!/^\d+$/.test(id)) fail(`bad ID "${id}"`, lineNo);
    const n = Number(id);
    if (n !== current.words.length + 1) fail(`word ID ${n} out of sequence (expected ${current.words.length + 1})`, lineNo);
    if (!/^\d+$/.test(head)) fail(`bad HEAD "${head}" for word ${n}`, lineNo);
    if (deprel === '' || deprel === '_') fail(`missing DEPREL for word ${n}`, lineNo);
    current.words.push({ id: n, form, lemma, upos, xpos, feats, head: Number(head), deprel, deps, misc, line: lineNo });
  }
  finish(lines.length);
  return sentences;
}

function validateSentence(s: ConlluSentence, source: string): void {
  const n = s.words.length;
  let roots = 0;
  for (const w of s.words) {
    if (w.head > n) throw new ConlluError(`HEAD ${w.head} of word ${w.id} is outside the sentence (${n} words)`, source, w.line);
    if (w.head === w.id) throw new ConlluError(`word ${w.id} is its own head`, source, w.line);
    if (w.head === 0) roots++;
  }
  if (roots !== 1) throw new ConlluError(`sentence has ${roots} roots (expected 1)`, source, s.line);
  // Cycle check: every word must reach the root.
  for (const w of s.words) {
    let h = w.head;
    let steps = 0;
    while (h !== 0) {
      if (++steps > n) throw new ConlluError(`word ${w.id} is on a cycle`, source, w.line);
      h = s.words[h - 1].head;
    }
  }
  for (const m of s.multiwords) {
    if (m.last > n) throw new ConlluError(`multiword range ${m.first}-${m.last} exceeds the sentence`, source, m.line);
  }
}

/** A surface token: a multiword token or a word not inside one. */
export interface SurfaceToken {
  form: string;
  /** Word ids covered (one, or the range of a multiword token). */
  first: number;
  last: number;
  /** The whitespace written after the token (see `spaceAfter`). */
  spaceAfter: string;
}

export function surfaceTokens(s: ConlluSentence): SurfaceToken[] {
  const out: SurfaceToken[] = [];
  let mi = 0;
  for (let i = 1; i <= s.words.length; ) {
    const m = s.multiwords[mi];
    if (m && m.first === i) {
      out.push({ form: m.form, first: m.first, last: m.last, spaceAfter: spaceAfter(m.misc) });
      i = m.last + 1;
      mi++;
    } else {
      const w = s.words[i - 1];
      out.push({ form: w.form, first: i, last: i, spaceAfter: spaceAfter(w.misc) });
      i++;
    }
  }
  return out;
}

/** Rebuild the sentence text from its tokens and their spacing (equals `# text` on well-formed treebanks). */
export function reconstructText(s: ConlluSentence): string {
  let out = '';
  const toks = surfaceTokens(s);
  toks.forEach((t, k) => {
    out += t.form;
    if (k < toks.length - 1) out += t.spaceAfter;
  });
  return out;
}
