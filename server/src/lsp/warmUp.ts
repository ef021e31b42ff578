/**
 * The analysis worker's warm-up: the extractors and the engine run on samples before the worker says "ready", so
 * that the first real analyses run compiled code instead of paying V8's compilers during a writer's first edits.
 */
import { ParagraphCache, extractProse, lintSteps, runSteps } from '../prose';
import { errorText } from './errors';
import type { Linter } from '../engine';

/** Keystrokes the warm-up replays. */
export const WARM_UP_EDITS = 12;
/** Extractions of the Markdown sample (cheap: a few hundred characters each). */
const EXTRACTIONS = 20;

/** Prose for the warm-up: the sentence shapes the engine meets (clauses, appositions, quotes, lists, questions). */
const WARM_UP_PARAGRAPHS = [
  'The committee wrote, a long letter to the mayor. When the storm ended the town, was quiet, and we went home.. ' +
    'My brother, who lives in Boston visits us every summer. She said that "the plan is a disaster".',
  'However the results, which we published last year were not what anyone expected. ' +
    'We bought apples, pears and plums at the market; the prices were high. Did you see the report from the agency?',
  'After the meeting ended, the director, Ms. Smith announced new rules (effective in May. ' +
    'The company that makes these parts is based in Ohio, it employs 500 people. I think so, but I am not sure!',
  // A long sentence: the model's and the parser's kernels for long sentences are compiled separately.
  'Ever since the committee first published its draft rules, most of the residents who had followed the debate ' +
    'closely feared that the new limits, which the council approved after a long and often bitter hearing in the ' +
    'old town hall last spring, would be far too strict for the small shops and cafes that line the river, even if ' +
    'the mayor promised "a fair review" of every single case before the end of the year.',
];

/**
 * Runs the extractors and the engine on samples while the editor is still opening, so that the first real analyses
 * run compiled code: the first edits after opening a document were 2–3× slower than the later ones. The warm-up lints
 * a small document and then edits it, comma by comma, through a paragraph cache: the path of a keystroke. As the
 * worker optimises on its own thread (`workerV8Flags` in engineClient.ts), this moves compile time from the first
 * edits to before "ready" (functions optimised during 20 benchmark edits: 79 → 53). `stop` is asked between the steps
 * and the sentences: the warm-up ends as soon as real work waits (it took seconds on a loaded machine, and a document
 * opened with the editor waited for all of it). Returns what went wrong, if anything (a failed warm-up costs only speed).
 */
export function warmUp(linter: Linter, edits = WARM_UP_EDITS, stop: () => boolean = () => false): string | undefined {
  // The Markdown constructs documents have (tables too, as the bench:lsp document has).
  const sample =
    '---\na: 1\n---\n# Title\n\nSome *text*, with `code` and a [link](x).\n\n- item one\n- item two\n\n> quote\n\n' +
    '| a | b |\n| --- | --- |\n| one | two |\n\n```\nx\n```\n';
  for (let i = 0; i < EXTRACTIONS && !stop(); i++) extractProse(sample.repeat(4) + String(i), 'markdown');
  try {
    const warmCache = new ParagraphCache();
    const paragraphs = [...WARM_UP_PARAGRAPHS];
    const lintAll = () => {
      const doc = `# Warm-up\n\n${paragraphs.join('\n\n')}\n`;
      runSteps(lintSteps(linter, doc, extractProse(doc, 'markdown'), { isCancelled: stop }, warmCache));
    };
    lintAll();
    for (let edit = 0; edit < edits && !stop(); edit++) {
      const k = edit % paragraphs.length;
      const words = paragraphs[k].split(' ');
      const at = 1 + ((edit * 7) % (words.length - 1));
      words[at] = words[at].endsWith(',') ? words[at].slice(0, -1) : words[at] + ',';
      paragraphs[k] = words.join(' ');
      lintAll();
    }
  } catch (e) {
    return errorText(e);
  }
  return undefined;
}

