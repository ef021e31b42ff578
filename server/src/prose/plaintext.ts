/** Plain text: every line is prose except a directive on a line of its own (`puncteme-disable-next-line`). */
import { Extraction } from './extraction';
import { extractLines } from './lines';
import { parseDirective } from './suppressions';

export function extractPlaintext(text: string): Extraction {
  return extractLines(text, {
    classify(line, start, end) {
      const directive = parseDirective(line, start, end);
      return directive ? { prose: false, directive } : { prose: true };
    },
  });
}
