/**
 * Which token forms are punctuation in the UD English sense (UPOS PUNCT): marks such as `,` `.` `"` `(` `--` `!!!`.
 * Symbols that EWT treats as words (`$`, `%`, `&`, `#`, `@`, `+`, `/`, emoticons) are not punctuation: they are
 * nodes of the tree.
 */
const WORDLIKE = new Set(['$', '%', '&', '#', '@', '+', '/', '£', '€', '¥', '°', '©', '®', '™', '§', '×', '^']);
const EMOTICON = /^(?:[:;=8xX][-'^o]?[)(\]\[DPpOo/\\|*3@$]+|[)(\]\[DPpOo/\\|]+[-'^]?[:;=]|<3+|\^_*\^|-_+-|>[:;][-']?[)(])$/;

export function isPunctForm(form: string): boolean {
  if (!/^[\p{P}\p{S}]+$/u.test(form)) return false;
  if (WORDLIKE.has(form) || EMOTICON.test(form)) return false;
  // Currency signs and runs of them (`$$`) are symbols, as are pictographs.
  if (/^[\p{Sc}]+$/u.test(form) || /\p{Extended_Pictographic}/u.test(form)) return false;
  return true;
}
