/**
 * Explanations drawn from the model: the underlying bracketing of the constituent involved (from the MAP underlying
 * tree T′) and the channel rewrite between the underlying marks u_i and the written marks x_i, in plain words.
 */
import { PunctuatedTree } from '../data/depunct';
import { ABBREV_DOT } from '../data/punctTokens';
import { UnderlyingTree } from './punctModel';
import { TreeInfo } from './treeInfo';

const NAMES: Record<string, string> = {
  ',': 'comma',
  '.': 'period',
  ';': 'semicolon',
  ':': 'colon',
  '?': 'question mark',
  '!': 'exclamation mark',
  '”': 'closing quotation mark',
  '“': 'opening quotation mark',
  '(': 'opening parenthesis',
  ')': 'closing parenthesis',
  '-': 'dash',
  '—': 'dash',
  [ABBREV_DOT]: 'abbreviation dot',
};

export function markName(t: string): string {
  return NAMES[t] ?? `"${t}"`;
}

/**
 * The bracketing of w's constituent under T′: `[l … r]` around it and around every inner constituent that carries
 * punctuation, e.g. `[, who wields [“ Excalibur ”] ,]`.
 */
export function constituentBracketing(tree: PunctuatedTree, info: TreeInfo, u: UnderlyingTree, w: number): string {
  const render = (v: number, top: boolean): string => {
    const { l, r } = u.pairs[v - 1] ?? { l: [], r: [] };
    const parts: string[] = [];
    const kids = info.children[v];
    for (const c of kids.filter((c) => c < v)) parts.push(render(c, false));
    parts.push(tree.words[v - 1].form);
    for (const c of kids.filter((c) => c > v)) parts.push(render(c, false));
    const inner = parts.join(' ');
    if (!top && l.length === 0 && r.length === 0) return inner;
    return `[${l.join(' ')} ${inner} ${r.join(' ')}]`.replace(/\[ /, '[').replace(/ \]$/, ']');
  };
  return render(w, true);
}

/** How the channel turned u_i into x_i, in words (empty when nothing was rewritten). */
export function describeRewrite(u: readonly string[], x: readonly string[]): string {
  const uu = u.filter((t) => t !== '∘');
  const xx = x.filter((t) => t !== '∘');
  if (uu.join(' ') === xx.join(' ')) return '';
  const show = (s: readonly string[]) => (s.length ? s.join(' ') : 'nothing');
  if (uu.length === xx.length + 1) {
    for (let k = 0; k < uu.length; k++) {
      const rest = [...uu.slice(0, k), ...uu.slice(k + 1)];
      if (rest.join(' ') === xx.join(' ')) {
        const by = uu[k + 1] ?? uu[k - 1];
        return `underlying "${show(uu)}" is written "${show(xx)}": the ${markName(uu[k])} is absorbed by the ${markName(by)} next to it (point absorption)`;
      }
    }
  }
  if (uu.length === xx.length && uu.length >= 2) {
    for (let k = 0; k + 1 < uu.length; k++) {
      const sw = [...uu];
      [sw[k], sw[k + 1]] = [sw[k + 1], sw[k]];
      if (sw.join(' ') === xx.join(' '))
        return `underlying "${show(uu)}" is written "${show(xx)}": the ${markName(uu[k + 1])} moves before the ${markName(uu[k])} (transposition)`;
    }
  }
  return `underlying "${show(uu)}" is written "${show(xx)}"`;
}
