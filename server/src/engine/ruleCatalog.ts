/**
 * What each rule means, in one sentence, with one example: the text SARIF viewers show beside a finding, and the top
 * of the rule's page, `docs/rules/<id>.md` (written from this catalogue by `scripts/rule-pages.ts`; the README's "Rules"
 * table gives each rule one line linking to its page, and a test checks that every rule here has its row there).
 */
export interface RuleDoc {
  /** One line: what the rule checks. */
  summary: string;
  /** A sentence it flags and what the fix gives. */
  example: string;
  /** Style rules report a setting's choice, not an error. */
  style?: boolean;
  /** The settings (`.punctemerc.json` keys, `puncteme.*` in the editor) that change what the rule reports. */
  settings?: readonly string[];
}

export const RULE_CATALOG: Readonly<Record<string, RuleDoc>> = {
  'nonrestrictive-comma': {
    summary: 'A non-restrictive relative clause or apposition is set off by commas on both sides; a restrictive one takes none.',
    example: 'My brother, who lives in Paris is a doctor. → My brother, who lives in Paris, is a doctor.',
    settings: ['minConfidence'],
  },
  'subject-verb-comma': {
    summary: 'No comma between a subject and its verb, or between a verb and its object.',
    example: 'Our new manager, wants a report by Friday. → Our new manager wants a report by Friday.',
    settings: ['minConfidence'],
  },
  'introductory-comma': {
    summary: 'A comma after an introductory word, phrase or clause: where the error model is sure it was dropped, after a transition such as "However" or "For example" and where the document\'s own habit is the comma (introductoryComma: auto), or (edited) wherever edited prose writes it.',
    example: 'Although the rain had stopped we stayed inside. → Although the rain had stopped, we stayed inside. (edited; auto after three such commas in the same text, or in an error-prone text) · However we stayed. → However, we stayed. (auto and edited)',
    settings: ['introductoryComma', 'adaptToWriter', 'minConfidence'],
  },
  'comma-splice': {
    summary: 'Two independent clauses joined by a comma alone (fix: a semicolon, a period, or a comma and a conjunction).',
    example: 'It was late, we went home. → It was late; we went home.',
    settings: ['commaSplices', 'adaptToWriter', 'minConfidence'],
  },
  'fused-sentence': {
    summary: 'Two sentences run together with no mark between them, where a learned sentence-join model is sure one ends (fix: a period and a capital, or a semicolon).',
    example: 'The build failed we fixed it the next day. → The build failed. We fixed it the next day.',
    settings: ['minConfidence'],
  },
  'semicolon-colon': {
    summary: 'A semicolon where edited prose writes a colon (before a list, an explanation or an example after a complete clause), as a model trained on edited English decides.',
    example: 'The kit has three parts; a board, a cable and a case. → The kit has three parts: a board, a cable and a case.',
    settings: ['minConfidence'],
  },
  comma: {
    summary: 'A missing or unnecessary comma the punctuation model is confident about.',
    example: 'He smiled, and, left. → He smiled, and left.',
    settings: ['adaptToWriter', 'minConfidence'],
  },
  'sentence-final': {
    summary: 'A sentence without final punctuation, or a paragraph with no marks at all that reads as several sentences run together (its fix restores their punctuation).',
    example: 'We met at noon → We met at noon.',
    settings: ['adaptToWriter', 'minConfidence'],
  },
  'serial-comma': {
    summary: 'The comma before the conjunction of the last of three or more items, as the serialComma setting asks.',
    example: 'red, white and blue → red, white, and blue (serialComma: always)',
    style: true,
    settings: ['serialComma'],
  },
  'quote-placement': {
    summary: 'Periods and commas inside (American) or outside (British) a closing quote, as the quoteStyle setting asks.',
    example: 'He called it "a disaster". → He called it "a disaster." (american)',
    style: true,
    settings: ['quoteStyle', 'dialect'],
  },
  'doubled-mark': {
    summary: 'A punctuation mark written twice (an ellipsis is fine, and so is a two-dot pause before a lower-case word); a repeated !! or ?? only in texts with many punctuation findings (adaptToWriter).',
    example: 'He left,, quickly.. → He left, quickly.',
    settings: ['adaptToWriter'],
  },
  'mark-absorption': {
    summary: 'Two marks where the stronger absorbs the weaker: an abbreviation dot ends the sentence, ? or ! absorbs a period.',
    example: 'We sold it to Apple Inc.. → We sold it to Apple Inc.',
  },
  'mark-spacing': {
    summary: 'A space before a comma, semicolon, colon, question or exclamation mark or final period, or none after a comma between words; reported in texts with many punctuation findings (adaptToWriter).',
    example: 'Hello , how are you ? I like apples,pears and plums. → Hello, how are you? I like apples, pears and plums.',
    settings: ['adaptToWriter'],
  },
  'date-comma': {
    summary: 'The comma between the day and the year of a month-first date, and after a weekday before a date, which edited prose writes (183 of 183 dates, 37 of 39 weekdays in the edited-english corpus).',
    example: 'It shipped on Monday May 4 2020. → It shipped on Monday, May 4, 2020.',
  },
  'eg-comma': {
    summary: 'The comma after e.g. and i.e., as the egComma setting asks (a house style: nothing is reported unless it is set).',
    example: 'Use a fruit, e.g. an apple. → Use a fruit, e.g., an apple. (egComma: always)',
    style: true,
    settings: ['egComma'],
  },
  'unbalanced-pair': {
    summary: 'A bracket or quote opened and never closed, or closed and never opened.',
    example: 'The fee (about ten dollars is due. → The fee (about ten dollars) is due.',
  },
};

/** The rule's documentation, or a generic line for an id the catalog does not know (never throws). */
export function ruleDoc(ruleId: string): RuleDoc {
  return RULE_CATALOG[ruleId] ?? { summary: `Puncteme rule ${ruleId}.`, example: '' };
}
