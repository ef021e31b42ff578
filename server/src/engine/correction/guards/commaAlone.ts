/**
 * Whether slot k holds a comma and no other mark: the guards for writers' conventions judge a lone comma only, since
 * a comma beside another mark (`,”`, `,—`) belongs to a quotation or a dash and is no deletion candidate alone.
 */
import { PunctuatedTree } from '../../../data/depunct';

export function commaAlone(tree: PunctuatedTree, k: number): boolean {
  const marks = tree.slots[k];
  return marks !== undefined && marks.length === 1 && marks[0] === ',';
}
