import * as assert from 'assert';
import { treebankFromText } from '../../server/src/data/treebank';
import { seededRandom, viewOf } from '../../server/src/training/parser/views';
import { writersErrorsOf } from '../../server/research/parser/writersErrors';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** "My brother, who lives in Boston, is a doctor." in CoNLL-U. */
const CONLLU = [
  '# text = My brother, who lives in Boston, is a doctor.',
  '1\tMy\tmy\tPRON\tPRP$\t_\t2\tnmod:poss\t_\t_',
  '2\tbrother\tbrother\tNOUN\tNN\t_\t11\tnsubj\t_\tSpaceAfter=No',
  '3\t,\t,\tPUNCT\t,\t_\t5\tpunct\t_\t_',
  '4\twho\twho\tPRON\tWP\t_\t5\tnsubj\t_\t_',
  '5\tlives\tlive\tVERB\tVBZ\t_\t2\tacl:relcl\t_\t_',
  '6\tin\tin\tADP\tIN\t_\t7\tcase\t_\t_',
  '7\tBoston\tBoston\tPROPN\tNNP\t_\t5\tobl\t_\tSpaceAfter=No',
  '8\t,\t,\tPUNCT\t,\t_\t5\tpunct\t_\t_',
  '9\tis\tbe\tAUX\tVBZ\t_\t11\tcop\t_\t_',
  '10\ta\ta\tDET\tDT\t_\t11\tdet\t_\t_',
  '11\tdoctor\tdoctor\tNOUN\tNN\t_\t0\troot\t_\tSpaceAfter=No',
  '12\t.\t.\tPUNCT\t.\t_\t11\tpunct\t_\t_',
  '',
  '',
].join('\n');

describe("research: writers' errors in the parser's corrupted training view", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'writers-'));
  const file = path.join(dir, 'one.conllu');
  fs.writeFileSync(file, CONLLU);
  const [tree] = treebankFromText(CONLLU, file).trees;
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('puts one comma error into the sentence, the other slots as written', () => {
    const error = writersErrorsOf(file)(tree);
    assert.ok(error, 'a relative clause set off by commas admits errors');
    const seen = new Set<string>();
    const rand = seededRandom(5);
    for (let k = 0; k < 200; k++) {
      const slots: string[][] = error!(rand)!;
      assert.strictEqual(slots.length, tree.slots.length);
      const changed = slots.map((s, i) => (s.join(' ') === tree.slots[i].join(' ') ? -1 : i)).filter((i) => i >= 0);
      assert.ok(changed.length >= 1 && changed.length <= 2, `one error changes one or two slots: ${JSON.stringify(slots)}`);
      // Only commas change: the final period stays.
      assert.deepStrictEqual(slots[slots.length - 1], ['.']);
      seen.add(changed.join(','));
    }
    // Among the errors drawn: each set-off comma dropped alone (slots 2 and 7), and a stray comma elsewhere.
    assert.ok(seen.has('2') && seen.has('7'), [...seen].join(' '));
  });

  it('replaces the random corruption with probability rate, and draws nothing extra without it', () => {
    const error = writersErrorsOf(file)(tree)!;
    const a = seededRandom(9), b = seededRandom(9);
    assert.deepStrictEqual(viewOf(tree, 'corrupted', a), viewOf(tree, 'corrupted', b, undefined, undefined, undefined));
    const always = viewOf(tree, 'corrupted', seededRandom(3), undefined, undefined, { rate: 1, error: () => [['x']] });
    assert.deepStrictEqual(always.slots, [['x']]);
    const never = viewOf(tree, 'corrupted', seededRandom(3), undefined, undefined, { rate: 0, error });
    assert.strictEqual(never.slots.length, tree.slots.length);
  });

  it('knows no tree the file does not hold', () => {
    const other = { ...tree, words: tree.words.map((w) => ({ ...w, form: w.form.toUpperCase() })) };
    assert.strictEqual(writersErrorsOf(file)(other), undefined);
  });
});
