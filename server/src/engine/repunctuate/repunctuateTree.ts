/**
 * Re-punctuation of a tree (paper §6.3): the MAP underlying tree T′ of the sentence as written, the edit applied to
 * T′ with its punctemes, and the surface written again through the learned channel (MAP). The words are those of the
 * sentence, reordered or removed by the edit; only the marks are the model's.
 */
import { PunctuatedTree } from '../../data/depunct';
import { RepunctuationModel } from './model';
import { regenerate, Regenerated, underlyingSlotsOf, WrittenSlot } from './regenerate';
import { applyTreeEdit, TreeEdit } from './treeEdits';
import { infoOf, underlyingTree, UnderlyingTree } from './underlyingTree';
import { repairPairsAtDeletion } from './pairedMarks';

export interface RepunctuatedTree extends Regenerated {
  /** T′ of the sentence as written (and of the next one, for a join), before the edit. */
  before: UnderlyingTree;
  second?: UnderlyingTree;
}

export function repunctuateTree(tree: PunctuatedTree, edit: TreeEdit, model: RepunctuationModel, next?: PunctuatedTree): RepunctuatedTree {
  const before = underlyingTree(tree.words, model.underlying(tree), 0);
  const second = next ? underlyingTree(next.words, model.underlying(next), 1) : undefined;
  const edited = applyTreeEdit(before, edit, second);
  const written = writtenSlots(edited.tree, next ? [tree, next] : [tree], second ? [before, second] : [before]);
  const out = regenerate(edited.tree, model.channel, edited.free, model.pairsOf, written);
  if (edit.kind === 'delete') {
    const info = infoOf(before);
    const lo = info.lo[edit.head], hi = info.hi[edit.head];
    out.surface[lo - 1] = repairPairsAtDeletion(tree.slots, lo, hi, out.surface[lo - 1]);
  }
  return { ...out, before, second };
}

/** The slots of the edited tree that lie between the same two words (or sentence edge) as before, with u and x there. */
function writtenSlots(edited: UnderlyingTree, trees: readonly PunctuatedTree[], befores: readonly UnderlyingTree[]): Map<number, WrittenSlot> {
  const us = befores.map(underlyingSlotsOf);
  const out = new Map<number, WrittenSlot>();
  const n = edited.nodes.length;
  const originOf = (k: number) => {
    const o = edited.nodes[k].origin;
    return 'inserted' in o ? undefined : o;
  };
  for (let i = 0; i <= n; i++) {
    const a = i > 0 ? originOf(i - 1) : undefined, b = i < n ? originOf(i) : undefined;
    let sentence: number | undefined, old: number | undefined;
    if (i === 0 && b && b.sentence === 0 && b.word === 1) ((sentence = 0), (old = 0));
    else if (i === n && a && a.word === trees[a.sentence].words.length && a.sentence === trees.length - 1) ((sentence = a.sentence), (old = a.word));
    else if (a && b && a.sentence === b.sentence && b.word === a.word + 1) ((sentence = a.sentence), (old = a.word));
    if (sentence === undefined || old === undefined) continue;
    out.set(i, { underlying: us[sentence][old], surface: trees[sentence].slots[old] });
  }
  return out;
}
