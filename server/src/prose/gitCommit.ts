/**
 * Git commit messages: `#` lines are comments git strips (directives may sit in them), everything below the
 * scissors line is the diff of `commit -v`, and trailers (`Signed-off-by: …`) are not prose.
 */
import { Extraction } from './extraction';
import { extractLines } from './lines';
import { parseDirective } from './suppressions';

const SCISSORS = /^# -+ >8 -+$/;
const TRAILER = /^(Signed-off-by|Co-authored-by|Reviewed-by|Acked-by|Tested-by|Reported-by|Suggested-by|Change-Id|Fixes|Closes|Refs|See-also|Cc): /i;

export function extractGitCommit(text: string): Extraction {
  return extractLines(text, {
    stopsAt: (line) => SCISSORS.test(line),
    classify(line, start, end) {
      if (line.startsWith('#')) return { prose: false, directive: parseDirective(line.slice(1), start, end) };
      if (TRAILER.test(line)) return { prose: false };
      return { prose: true };
    },
  });
}
