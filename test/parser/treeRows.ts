import * as assert from 'assert';
import { parseConllu } from '../../server/src/data/conllu';
import { depunctuate, PunctuatedTree } from '../../server/src/data/depunct';

/** A depunctuated tree from rows of (form, UPOS, XPOS, head, relation), punctuation rows included. */
export function tree(rows: Array<[string, string, string, number, string]>): PunctuatedTree {
  const lines = rows.map((r, k) => [k + 1, r[0], '_', r[1], r[2], '_', r[3], r[4], '_', '_'].join('\t'));
  const r = depunctuate(parseConllu(['# text = x', ...lines, ''].join('\n'))[0]);
  assert.ok(r.ok);
  return r.tree;
}
