/**
 * The comma in a date (`date-comma`): between the day and the year of a month-first date ("March 3, 2021") and after a
 * weekday before one ("Monday, May 4"). A convention, decided by what editors write: in edited-english train and dev,
 * 183 of 183 month-first dates with a plain day number have the comma before the year, and 37 of 39 weekdays before a
 * date have theirs (`server/research/dates/measureDates.ts`; journal, "Comma splices, fused sentences, semicolons and
 * colons"). It is a rule on the text because there is nothing for a model to learn beyond that share: the parse adds
 * nothing to a date, and the punctuation model, which reads no digits, cannot tell one. Left alone: days written as
 * ordinals ("March 27th 2014", where 4 of 18 editors leave the comma out), day-first dates ("3 March 2021", which
 * take none) and the comma after the year, which editors write only 73% of the time (80 of 110).
 * The confidence is the editors' share with add-one smoothing.
 */
import { PlainFinding } from '../finding';
import { TextRule } from './rule';

const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.|Feb\\.|Mar\\.|Apr\\.|Aug\\.|Sept?\\.|Oct\\.|Nov\\.|Dec\\.)';
const WEEKDAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';

/** `March 3 2021`: the day (group 1) ends where the comma goes. Not followed by a digit, a colon or a dot and digit (a time, a version). */
const DAY_YEAR = new RegExp(`\\b${MONTH} ([1-9]|[12]\\d|3[01])(?= (?:1[6-9]|20)\\d\\d\\b(?![\\d:]|\\.\\d))`, 'gu');
/** `Monday May 4`: the weekday ends where the comma goes. */
const WEEKDAY_DATE = new RegExp(`\\b${WEEKDAY}(?= ${MONTH} (?:[1-9]|[12]\\d|3[01])\\b)`, 'gu');

/** Editors' shares (commas written / dates), add-one smoothed: (183 + 1) / (183 + 2) and (37 + 1) / (39 + 2). */
const DAY_YEAR_CONFIDENCE = 184 / 185;
const WEEKDAY_CONFIDENCE = 38 / 41;

/** `from`: the start of the word the comma follows (the finding's range); `at`: where the comma goes. */
function finding(from: number, at: number, confidence: number, message: string): PlainFinding {
  return {
    ruleId: 'date-comma',
    message,
    confidence,
    start: from,
    end: at,
    fixes: [{ title: 'Insert ","', edits: [{ start: at, end: at, newText: ',' }] }],
    explanation: `Edited English writes this comma in dates: in the edited-english corpus, ${confidence === DAY_YEAR_CONFIDENCE ? '183 of 183 month-first dates separate the day from the year with a comma' : '37 of 39 weekdays before a date are followed by a comma'}.`,
  };
}

export const dateCommasRule: TextRule = {
  ids: ['date-comma'],
  check(text) {
    const out: PlainFinding[] = [];
    for (const m of text.matchAll(DAY_YEAR)) {
      const at = m.index! + m[0].length;
      out.push(finding(at - m[1].length, at, DAY_YEAR_CONFIDENCE, `A comma separates the day from the year: "${m[0]}, ${text.slice(at + 1, at + 5)}".`));
    }
    for (const m of text.matchAll(WEEKDAY_DATE)) {
      const at = m.index! + m[0].length;
      out.push(finding(m.index!, at, WEEKDAY_CONFIDENCE, `A comma follows the weekday before a date: "${m[0]}, …".`));
    }
    return out;
  },
};
