import { strict as assert } from 'assert';
import * as fs from 'fs';
import { fileURLToPath } from 'url';
import { Finding } from '../../server/src/engine/types';
import { positionAt } from '../../server/src/engine/positions';
import { toDiagnostic } from '../../server/src/lsp/diagnostics';

describe('findings → diagnostics', () => {
  it('source, code with its documentation link, severity, range, and the other half of a paired edit', () => {
    const text = 'My brother, who lives in Paris is a doctor.';
    const p = (o: number) => positionAt(text, o);
    const f: Finding = {
      ruleId: 'nonrestrictive-comma',
      message: 'Close the relative clause with a comma.',
      severity: 'error',
      confidence: 0.93,
      start: p(31),
      end: p(31),
      fixes: [{ title: 'Insert ","', edits: [{ start: p(31), end: p(31), newText: ',' }] }],
      explanation: '',
      related: [{ start: p(10), end: p(11), message: 'the comma that opens the clause' }],
    };
    const d = toDiagnostic(f, 'file:///x.md', 0);
    assert.equal(d.source, 'puncteme');
    assert.equal(d.code, 'nonrestrictive-comma');
    // The rule's page shipped beside the server, as a file: URI (no web address that could lead nowhere).
    assert.ok(d.codeDescription!.href.startsWith('file:///'), d.codeDescription!.href);
    assert.ok(fs.existsSync(fileURLToPath(d.codeDescription!.href)));
    assert.ok(d.codeDescription!.href.endsWith('/docs/rules/nonrestrictive-comma.md'));
    assert.equal(d.severity, 1);
    assert.deepEqual(d.range, { start: { line: 0, character: 31 }, end: { line: 0, character: 31 } });
    assert.deepEqual(d.relatedInformation, [
      { location: { uri: 'file:///x.md', range: { start: { line: 0, character: 10 }, end: { line: 0, character: 11 } } }, message: 'the comma that opens the clause' },
    ]);
    assert.equal(toDiagnostic({ ...f, severity: 'hint', related: undefined }, 'file:///x.md', 0).severity, 4);
  });

  it('a rule without a page gets no link rather than a dead one', () => {
    const text = 'x';
    const f: Finding = { ruleId: 'no-such-rule', message: 'm', severity: 'warning', confidence: 1, start: positionAt(text, 0), end: positionAt(text, 1), fixes: [], explanation: '' };
    assert.equal(toDiagnostic(f, 'file:///x.md', 0).codeDescription, undefined);
  });
});
