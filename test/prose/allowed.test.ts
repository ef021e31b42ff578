/** The allowlist and the hidden false positives: which findings a document's exceptions hide, exactly. */
import { strict as assert } from 'assert';
import { positionAt } from '../../server/src/engine/positions';
import { Finding } from '../../server/src/engine/types';
import { allowEntryProblem, allowedRanges, isAllowed } from '../../server/src/prose/allowed';

const TEXT = 'We sold it to Yahoo! Inc. for v2.5 of the app. Then, we left. We met at noon';
const finding = (ruleId: string, start: number, end = start): Finding => ({
  ruleId,
  message: '',
  severity: 'warning',
  confidence: 1,
  start: positionAt(TEXT, start),
  end: positionAt(TEXT, end),
  fixes: [],
  explanation: '',
});
const at = (s: string) => TEXT.indexOf(s);

describe('allowlist and hidden false positives', () => {
  it('a word is matched literally: a mark within it, or an insertion at its edge, is allowed; nothing else', () => {
    const ranges = allowedRanges(TEXT, { allow: ['Yahoo!'] });
    assert.equal(isAllowed(ranges, finding('mark-absorption', at('!'), at('!') + 1)), true);
    assert.equal(isAllowed(ranges, finding('comma', at('Yahoo!') + 6)), true, 'an insertion right after it');
    assert.equal(isAllowed(ranges, finding('comma', at('Inc.') + 4)), false);
    assert.equal(isAllowed(ranges, finding('comma', at('Yahoo!') + 2, at('Inc.') + 1)), false, 'a finding running past the match');
    assert.deepEqual(allowedRanges(TEXT, { allow: ['v2.5'] }).length, 1, 'the dot of a word is not "any character"');
    assert.deepEqual(allowedRanges(TEXT, { allow: ['v2x5'] }), []);
  });

  it('/pattern/flags is a regular expression (every match), and an invalid one is named as a problem', () => {
    const ranges = allowedRanges(TEXT, { allow: ['/v\\d+\\.\\d+/', '/then/i'] });
    assert.equal(isAllowed(ranges, finding('comma', at('v2.5') + 2, at('v2.5') + 3)), true);
    assert.equal(isAllowed(ranges, finding('comma', at('Then') + 4, at('Then') + 5)), false, 'the comma after the match is outside it');
    assert.equal(isAllowed(ranges, finding('comma', at('Then') + 4)), true, 'an insertion at its edge');
    assert.match(allowEntryProblem('/(/') ?? '', /Invalid regular expression/);
    assert.equal(allowEntryProblem(''), 'an empty entry');
    assert.equal(allowEntryProblem('/x*/'), undefined);
    assert.deepEqual(allowedRanges('abc', { allow: ['/x*/'] }), [], 'empty matches allow nothing');
  });

  it('a hidden false positive hides its rule within its sentence only', () => {
    const ranges = allowedRanges(TEXT, { falsePositives: [{ rule: 'sentence-final', text: 'We met at noon' }] });
    assert.equal(isAllowed(ranges, finding('sentence-final', TEXT.length)), true);
    assert.equal(isAllowed(ranges, finding('comma', at('We met') + 2)), false, 'another rule in the same sentence');
    assert.equal(isAllowed(ranges, finding('sentence-final', at('left.'))), false, 'the same rule elsewhere');
  });
});
