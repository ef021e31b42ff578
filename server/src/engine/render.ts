/**
 * Writing a slot's marks as text with conventional English spacing: closing marks (`, . ; : ! ? ” ) ]`) attach to
 * the word before, opening marks (`“ ( [`) to the word after, dashes stand between spaces. Used for fixes and by the
 * corruption generator, so that both write punctuation the same way.
 */

const OPENING = new Set(['“', '‘', '(', '[', '{', '<']);
const DASHES = new Set(['-', '—', '–', '--']);


/**
 * Text of one slot. `first`: the slot precedes the first word (no leading space); `last`: it follows the last word
 * (no trailing space). Returns the text and each mark's [start, end) within it.
 */
export function renderSlot(
  marks: ReadonlyArray<{ norm: string; text: string }>,
  first: boolean,
  last: boolean,
): { text: string; offsets: Array<[number, number]> } {
  let text = '';
  let spaceBeforeNext = false;
  const offsets: Array<[number, number]> = [];
  marks.forEach(({ norm, text: m }) => {
    // Opening marks are recognised by their normalised form, so a straight `"` opens or closes as the tree says.
    const opening = OPENING.has(norm);
    if (opening || DASHES.has(norm)) {
      if (text !== '' || !first) text += ' ';
    }
    offsets.push([text.length, text.length + m.length]);
    text += m;
    spaceBeforeNext = !opening;
  });
  if (marks.length === 0) return { text: first || last ? '' : ' ', offsets };
  if (spaceBeforeNext && !last) text += ' ';
  return { text, offsets };
}
