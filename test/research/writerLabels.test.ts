import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ewtCommaHabits, writerConsistentLabels, writesKindElsewhere } from '../../server/research/scorer/writerLabels';
import type { LabelledSentence } from '../../server/research/scorer/examples';

type Row = [string, string, number, string];

/** One CoNLL-U sentence from rows of (form, upos, head, deprel); a comma row is attached as punctuation. */
function conllu(rows: Row[], comments: string[] = []): string {
  let text = '';
  rows.forEach(([f], k) => (text += (k === 0 || f === ',' || f === '.' ? '' : ' ') + f));
  const lines = rows.map(([form, upos, head, rel], k) => {
    const next = rows[k + 1]?.[0];
    return `${k + 1}\t${form}\t${form.toLowerCase()}\t${upos}\t_\t_\t${head}\t${rel}\t_\t${next === ',' || next === '.' ? 'SpaceAfter=No' : '_'}`;
  });
  return [...comments, `# text = ${text}`, ...lines, '', ''].join('\n');
}

/** "When it rained[,] we stayed in." */
function introductory(comma: boolean): Row[] {
  const c: Row[] = comma ? [[',', 'PUNCT', 3, 'punct']] : [];
  const shift = comma ? 1 : 0;
  return [
    ['When', 'SCONJ', 3, 'mark'],
    ['it', 'PRON', 3, 'nsubj'],
    ['rained', 'VERB', 5 + shift, 'advcl'],
    ...c,
    ['we', 'PRON', 5 + shift, 'nsubj'],
    ['stayed', 'VERB', 0, 'root'],
    ['in', 'ADV', 5 + shift, 'advmod'],
    ['.', 'PUNCT', 5 + shift, 'punct'],
  ];
}

function habitsOf(sentences: string[]) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'writer-labels-')), 'ewt.conllu');
  fs.writeFileSync(file, sentences.join(''));
  return ewtCommaHabits(file);
}

describe("research: the scorer's EWT omissions labelled by the writer's own commas", () => {
  // Document 0: the comma written, then left out; document 1: one sentence with the comma.
  const h = habitsOf([conllu(introductory(true), ['# newdoc id = a']), conllu(introductory(false)), conllu(introductory(true), ['# newdoc id = b'])]);

  it("counts a writer's introductory commas and the sites without one, per document", () => {
    assert.deepStrictEqual(h.counts.get('ewt#0')?.get('introductory-comma-missing'), { commas: 1, sites: 1 });
    assert.deepStrictEqual(h.counts.get('ewt#1')?.get('introductory-comma-missing'), { commas: 0, sites: 1 });
    assert.deepStrictEqual(h.writers.get(0)?.get('introductory-comma-missing'), { commas: 1, sites: 2 });
    assert.strictEqual(h.documentOf.get('ewt#2'), 1);
  });

  it('reads the evidence in the other sentences of the document only', () => {
    // Sentence 1 omits the comma, but its writer wrote it in sentence 0: an omission there is a slip.
    assert.strictEqual(writesKindElsewhere(h, 'ewt#1', 'introductory-comma-missing'), true);
    assert.strictEqual(writesKindElsewhere(h, 'ewt#1', 'introductory-comma-missing', 1), true);
    // Sentence 0's own comma is no evidence for it, and sentence 1 shows the writer leaving it out.
    assert.strictEqual(writesKindElsewhere(h, 'ewt#0', 'introductory-comma-missing'), false);
    // A one-sentence document shows nothing.
    assert.strictEqual(writesKindElsewhere(h, 'ewt#2', 'introductory-comma-missing'), false);
  });

  it('drops or down-weights the positive edits of an omission with no such evidence, and keeps the others', () => {
    const edit = (label: 0 | 1) => ({ key: 'k', changes: [], delta: 0, confidence: 0, label, features: { idx: new Int32Array(), val: new Float32Array() } });
    const make = (): LabelledSentence[] => [
      { id: 'ewt#0/0/0', error: 'introductory-comma-missing', edits: [edit(1), edit(0)] },
      { id: 'ewt#1/0/0', error: 'introductory-comma-missing', edits: [edit(1), edit(0)] },
      { id: 'src#3/0/0', error: 'introductory-comma-missing', edits: [edit(1)] },
    ];
    const dropped = make();
    assert.deepStrictEqual(writerConsistentLabels(dropped, h, 0), { kept: 1, changed: 1 });
    assert.deepStrictEqual(dropped.map((s) => s.edits.map((e) => e.label)), [[0], [1, 0], [1]]);
    const weighted = make();
    writerConsistentLabels(weighted, h, 0.25);
    assert.deepStrictEqual(weighted.map((s) => s.edits.map((e) => e.weight)), [[0.25, undefined], [undefined, undefined], [undefined]]);
  });
});
