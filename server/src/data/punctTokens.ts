/**
 * The punctuation token alphabet Σ and its normalisations (paper §4, "preprocessing").
 */

/** Sentence-initial mark ∘ (paper §4): prepended to slot 0 so that an initial comma can be absorbed by it. */
export const BOS_MARK = '∘';
/** The abbreviation dot split off words such as `etc.`; distinct from the period so that `abbv. ↦ abbv` can be learned. */
export const ABBREV_DOT = '<.>';

export const OPEN_DOUBLE = '“';
export const CLOSE_DOUBLE = '”';
export const OPEN_SINGLE = '‘';
export const CLOSE_SINGLE = '’';

const DOUBLE_QUOTES = new Set(['"', '“', '”', '``', "''", '„', '«', '»']);
const SINGLE_QUOTES = new Set(["'", '‘', '’', '`']);

/**
 * Normalise a punctuation token. Quotes become directional (opening/closing), decided by `side` when the form itself
 * is ambiguous (straight quotes). EWT's XPOS (`` ` `` vs `''`) gives the side in the treebank; at run time the
 * tokenizer pairs them.
 */
export function normalisePunct(form: string, side?: 'open' | 'close'): string {
  if (form === '‘‘') return OPEN_DOUBLE;
  if (form === '’’') return CLOSE_DOUBLE;
  if (DOUBLE_QUOTES.has(form)) {
    if (form === '“' || form === '``' || form === '„' || form === '«') return OPEN_DOUBLE;
    if (form === '”' || form === "''" || form === '»') return CLOSE_DOUBLE;
    return side === 'close' ? CLOSE_DOUBLE : OPEN_DOUBLE;
  }
  if (SINGLE_QUOTES.has(form)) {
    if (form === '‘' || form === '`') return OPEN_SINGLE;
    if (form === '’') return CLOSE_SINGLE;
    return side === 'close' ? CLOSE_SINGLE : OPEN_SINGLE;
  }
  return canonicalMark(form);
}

/**
 * The basic marks Σ keeps as they are. Everything else is folded onto one of them or onto SYMBOL, so that Σ stays
 * small (the channel has O(|Σ|²) distributions) and comparable to the paper's 35 English types: web text writes
 * `!!!!`, `......` and `-----==` where an editor would write `!`, `...` and nothing.
 */
export const BASIC_MARKS: ReadonlySet<string> = new Set([
  ',', '.', ';', ':', '!', '?', '?!', '...', '-', '—', '/', '*', '(', ')', '[', ']', '{', '}', '<', '>',
  OPEN_DOUBLE, CLOSE_DOUBLE, OPEN_SINGLE, CLOSE_SINGLE, ABBREV_DOT,
]);
/** Stand-in for decorative or rare symbols (`♥`, `|`, `===>`). */
export const SYMBOL = '<sym>';

function canonicalMark(form: string): string {
  if (BASIC_MARKS.has(form)) return form;
  if (form === '…' || /^\.{2,}$/.test(form) || /^…\.+$/.test(form)) return '...';
  if (/^!+$/.test(form)) return '!';
  if (/^\?+$/.test(form)) return '?';
  if (/^[!?]+$/.test(form)) return '?!';
  // Stacked sentence-final marks written as one token (`.?`, `!.`, `...?!!!`): the strongest mark wins.
  if (/^[.!?…]+$/.test(form)) return form.includes('?') ? (form.includes('!') ? '?!' : '?') : form.includes('!') ? '!' : '...';
  if (form === '–' || /^-{2,3}$/.test(form)) return '—';
  if (/^\*+$/.test(form)) return '*';
  if (/^<+$/.test(form)) return '<';
  if (/^>+$/.test(form)) return '>';
  return SYMBOL;
}

/** Opening/closing pairs used by the symmetry features and the posterior regulariser c(T′) (paper App. B). */
export const MIRROR: ReadonlyMap<string, string> = new Map([
  ['(', ')'],
  ['[', ']'],
  ['{', '}'],
  [OPEN_DOUBLE, CLOSE_DOUBLE],
  [OPEN_SINGLE, CLOSE_SINGLE],
  ['<', '>'],
]);
export const CLOSERS: ReadonlySet<string> = new Set(MIRROR.values());
