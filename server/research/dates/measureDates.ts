/**
 * How editors punctuate dates: in edited-english (train and dev; never held out) and, for comparison, in EWT train as
 * its web writers wrote it, the comma between a month's day and the year (`March 3, 2021` / `March 3 2021`), after the
 * year when the sentence goes on (`on March 3, 2021, the …` / `on March 3, 2021 the …`), and after a weekday before a
 * date (`Monday, May 4` / `Monday May 4`).
 *
 *   npx tsx server/research/dates/measureDates.ts
 */
import * as fs from 'fs';
import * as path from 'path';
import { readEditedEnglish } from '../editedEnglish';

const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.|Feb\\.|Mar\\.|Apr\\.|Aug\\.|Sept?\\.|Oct\\.|Nov\\.|Dec\\.)';
const WEEKDAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';

interface Counts {
  dayYearComma: number;
  dayYearNone: number;
  /** The same for a day written as a plain number (`March 3`), without `st`/`nd`/`rd`/`th`. */
  plainDayComma: number;
  plainDayNone: number;
  /** After `Month D, YYYY` (with its comma), when a word follows: a comma, or none. */
  afterYearComma: number;
  afterYearNone: number;
  weekdayComma: number;
  weekdayNone: number;
  /** Day-first dates (`3 March 2021`), which take no comma. */
  dayFirst: number;
}

export function countDates(texts: Iterable<string>): Counts {
  const c: Counts = { dayYearComma: 0, dayYearNone: 0, plainDayComma: 0, plainDayNone: 0, afterYearComma: 0, afterYearNone: 0, weekdayComma: 0, weekdayNone: 0, dayFirst: 0 };
  const dayYear = new RegExp(`\\b${MONTH} (\\d{1,2})((?:st|nd|rd|th)?)(,?) ((?:1[6-9]|20)\\d\\d)\\b(,?)( \\p{L})?`, 'gu');
  const weekday = new RegExp(`\\b${WEEKDAY}(,?) ${MONTH} \\d{1,2}\\b`, 'gu');
  const dayFirst = new RegExp(`\\b\\d{1,2} ${MONTH} (?:1[6-9]|20)\\d\\d\\b`, 'gu');
  for (const t of texts) {
    for (const m of t.matchAll(dayYear)) {
      const [ordinal, comma, after, word] = [m[2], m[3], m[5], m[6]];
      if (comma) c.dayYearComma++;
      else c.dayYearNone++;
      if (!ordinal && comma) c.plainDayComma++;
      else if (!ordinal) c.plainDayNone++;
      if (comma && after) c.afterYearComma++;
      else if (comma && word) c.afterYearNone++;
    }
    for (const m of t.matchAll(weekday)) {
      if (m[1]) c.weekdayComma++;
      else c.weekdayNone++;
    }
    c.dayFirst += [...t.matchAll(dayFirst)].length;
  }
  return c;
}

function* ewtTexts(file: string): Generator<string> {
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) if (line.startsWith('# text = ')) yield line.slice(9);
}

function* editedTexts(): Generator<string> {
  for (const d of readEditedEnglish(undefined, ['train', 'dev'])) yield* d.paragraphs;
}

function main(): void {
  const ewt = path.resolve(__dirname, '../../../../shared/data/ud-english-ewt/en_ewt-ud-train.conllu');
  const rows: Array<[string, Counts]> = [
    ['edited-english train+dev', countDates(editedTexts())],
    ['EWT train (web writers)', countDates(ewtTexts(ewt))],
  ];
  const share = (a: number, b: number) => (a + b ? `${a}/${a + b} = ${((100 * a) / (a + b)).toFixed(0)}%` : '0/0');
  console.log('| text | `Month D, YYYY` comma | plain day (no `th`) | comma after the year (sentence goes on) | `Weekday, Month D` comma | day-first dates |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [name, c] of rows)
    console.log(`| ${name} | ${share(c.dayYearComma, c.dayYearNone)} | ${share(c.plainDayComma, c.plainDayNone)} | ${share(c.afterYearComma, c.afterYearNone)} | ${share(c.weekdayComma, c.weekdayNone)} | ${c.dayFirst} |`);
}

main();
