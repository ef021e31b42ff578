import { strict as assert } from 'assert';
import * as fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LspClient } from './lspClient';

/**
 * Random incremental edits (emoji, CRLF, Markdown markup, marks) sent to the real server: it stays up, and the
 * diagnostics of the final version point at the right text of the document as the client holds it.
 */
describe('language server under random incremental edits', function () {
  this.timeout(120000);

  it('keeps exact diagnostics through 60 random edits', async () => {
    const client = new LspClient({ settings: { debounceMs: 5 } });
    try {
      await client.initialize(null);
      const uri = 'file:///tmp/puncteme-random.md';
      let doc = TextDocument.create(uri, 'markdown', 1, '# Start\n\nA first,, paragraph.\n');
      await client.open(uri, 'markdown', doc.getText(), 1);
      const pieces = ['a', ' ', ',,', ',', '.', '\n', '\r\n', '\n\n', '`', '```\n', '*', '> ', '- ', '👍🏽', 'مرحبا', '“', '”', '(', ')', '<!-- puncteme-disable -->', 'word'];
      const edits = fc.sample(fc.tuple(fc.nat(), fc.nat(8), fc.array(fc.constantFrom(...pieces), { maxLength: 4 })), { numRuns: 60, seed: 42 });
      for (const [at, len, ins] of edits) {
        const text = doc.getText();
        const start = at % (text.length + 1);
        const end = Math.min(text.length, start + len);
        const change = { range: { start: doc.positionAt(start), end: doc.positionAt(end) }, text: ins.join('') };
        doc = TextDocument.update(doc, [change], doc.version + 1);
        await client.change(uri, doc.version, [change]);
      }
      const final = await client.waitFor(() => client.published.find((p) => p.uri === uri && p.version === doc.version), 60000, 'final diagnostics');
      const text = doc.getText();
      for (const d of final.diagnostics.filter((x) => x.code === 'doubled-mark')) {
        const s = doc.offsetAt(d.range.start);
        const e = doc.offsetAt(d.range.end);
        assert.match(text.slice(s, e), /^([,;:])\s*\1$|^\.\.$/, `${JSON.stringify(text.slice(s - 5, e + 5))}`);
      }
      assert.equal(client.proc.exitCode, null, 'the server is still running');
    } finally {
      await client.shutdown();
    }
  });
});
