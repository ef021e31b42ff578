/**
 * What the tests of the writers'-convention guards share (correction/guards/registry.ts WRITERS_CONVENTIONS): the trained linter's
 * findings on a text, and whether a guard holds at a comma on the parser's reading of a text. Call `guardChecks()`
 * inside a `describe`: it registers the hooks that load the trained parts (skipping the suite before training).
 */
import { strict as assert } from 'assert';
import { PunctuatedTree } from '../../server/src/data/depunct';
import { Linter, makeLinter } from '../../server/src/engine';
import { lintDocument } from '../../server/src/prose';
import { trainedEngineParts } from './trainedParts';

export type Guard = (tree: PunctuatedTree, i: number) => boolean;

export interface GuardChecks {
  /**
   * Each finding on plain text as "ruleId@the text before it" (its last 20 characters), for readable failures, under
   * the calibrated decision: a guard vetoes only there. Under the learned decision (the default) each guard's
   * predicate is one of the scorer's features, and what the scorer decides is measured by the benchmarks.
   */
  found(text: string): string[];
  /** Whether `guard` holds at the comma right after the word `after`, on the parser's reading of `text`. */
  holdsAfter(guard: Guard, text: string, after: string): boolean;
}

export function guardChecks(): GuardChecks {
  const parts = trainedEngineParts();
  let linter: Linter;
  before(() => {
    linter = makeLinter(parts());
  });
  return {
    found: (text) =>
      lintDocument(linter, text, 'plaintext', { decision: 'calibrated' }).map((f) => `${f.ruleId}@${text.slice(Math.max(0, f.start.offset - 20), f.start.offset)}`),
    holdsAfter: (guard, text, after) => {
      const { tree } = parts().analyser!.parseText(text)[0];
      const i = tree.words.findIndex((w, k) => w.form === after && tree.slots[k + 1].includes(',')) + 1;
      assert.ok(i > 0, `no comma after "${after}"`);
      return guard(tree, i);
    },
  };
}
