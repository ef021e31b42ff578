/** The finding of a typographic rule that rewrites one run of marks or spaces: one fix, one edit, confidence 0.95. */
import { PlainFinding } from '../finding';

export function markFinding(ruleId: string, start: number, end: number, newText: string, message: string, explanation: string, title = `Replace with "${newText}"`): PlainFinding {
  return {
    ruleId,
    message,
    confidence: 0.95,
    start,
    end,
    fixes: [{ title, edits: [{ start, end, newText }] }],
    explanation,
  };
}
