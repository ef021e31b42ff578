/** The guard registry (`engine/correction/guards/registry.ts`): every guard is registered once, with what it vetoes and why. */
import { strict as assert } from 'assert';
import { GUARDS, loneCommaVeto, WRITERS_CONVENTIONS } from '../../server/src/engine/correction/guards/registry';
import { PunctuatedTree } from '../../server/src/data/depunct';
import { treeInfo } from '../../server/src/engine/treeInfo';

describe('guard registry', () => {
  it('has one entry per id, each with what it vetoes, a description and a reason', () => {
    const ids = GUARDS.map((g) => g.id);
    assert.equal(new Set(ids).size, ids.length, `duplicate ids: ${ids.filter((id, k) => ids.indexOf(id) !== k)}`);
    for (const g of GUARDS) {
      assert.match(g.id, /^[a-z]+(-[a-z]+)*$/, g.id);
      assert.ok(g.description.length > 10, g.id);
      assert.ok(g.reason.length > 10, g.id);
      // A guard stays only with the measured failure it prevents (docs/journal/benchmarks.md, "The guards measured one by one").
      if (g.id !== 'call-arguments') assert.match(g.reason, /^Measured \(/, g.id);
    }
    for (const c of WRITERS_CONVENTIONS) assert.ok(ids.includes(c.id), c.id);
  });

  it('names the first guard that vetoes a lone comma, a writers\' convention by its own id', () => {
    // "Are you going home, too?": the comma before an afterthought adverb that ends the sentence, hand-parsed.
    const forms = ['Are', 'you', 'going', 'home', 'too'];
    const tree: PunctuatedTree = {
      words: forms.map((form, k) => ({
        form,
        lemma: form.toLowerCase(),
        upos: ['AUX', 'PRON', 'VERB', 'ADV', 'ADV'][k],
        xpos: ['VBP', 'PRP', 'VBG', 'RB', 'RB'][k],
        head: k === 2 ? 0 : 3,
        deprel: ['aux', 'nsubj', 'root', 'advmod', 'advmod'][k],
      })),
      slots: [[], [], [], [], [','], ['?']],
    } as unknown as PunctuatedTree;
    const info = treeInfo(tree);
    const slot = { tree, info, category: 'comma' as const, plainSubject: false, onlyComma: (j: number) => tree.slots[j].length === 1 && tree.slots[j][0] === ',' };
    assert.equal(loneCommaVeto(slot, 4), 'final-adverb');
    assert.equal(loneCommaVeto(slot, 2), 'list-comma-ahead', 'a lone comma two words on makes a slot a list\'s');
    assert.equal(loneCommaVeto({ ...slot, category: 'introductory-comma' }, 2), undefined, 'the list guards keep only comma and subject–verb deletions');
  });

  it('list-coordinator-ahead: a coordinator two words on makes a list of like words, not a subject and its verb', () => {
    /** A hand-tagged sentence with one comma after word `comma` (heads do not matter to this guard). */
    const slotOf = (forms: string[], upos: string[], comma: number) => {
      const tree = {
        words: forms.map((form, k) => ({ form, lemma: form.toLowerCase(), upos: upos[k], xpos: '_', head: k === 0 ? 0 : 1, deprel: k === 0 ? 'root' : 'dep' })),
        slots: forms.map((_, k) => (k === comma ? [','] : [])).concat([['.']]),
      } as unknown as PunctuatedTree;
      return { tree, info: treeInfo(tree), category: 'subject-verb-comma' as const, plainSubject: false, onlyComma: (j: number) => tree.slots[j].length === 1 && tree.slots[j][0] === ',' };
    };
    // "ways to test, measure and optimize": three verbs of one list.
    const list = slotOf(['ways', 'to', 'test', 'measure', 'and', 'optimize'], ['NOUN', 'PART', 'VERB', 'VERB', 'CCONJ', 'VERB'], 3);
    assert.equal(loneCommaVeto(list, 3), 'list-coordinator-ahead');
    // "A man in a grey coat, came and stood": a noun, then its verb.
    const subject = slotOf(['A', 'man', 'in', 'a', 'grey', 'coat', 'came', 'and', 'stood'], ['DET', 'NOUN', 'ADP', 'DET', 'ADJ', 'NOUN', 'VERB', 'CCONJ', 'VERB'], 6);
    assert.notEqual(loneCommaVeto(subject, 6), 'list-coordinator-ahead');
  });
});
