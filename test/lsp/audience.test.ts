/**
 * `audience` in the front ends: the editor setting and `.punctemerc.json` (the project's wins), the status the server
 * sends with each document's findings (the status bar shows the standard `auto` chose), and the CLI's `--audience`.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { AUDIENCE_VALUES } from '../../server/src/engine/types';
import { fromEditor, toLintOptions, withProjectConfig } from '../../server/src/lsp/settings';
import { LspClient } from './lspClient';

const read = (file: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, '../..', file), 'utf8'));
/** Learner-style sentences from `examples/probes/learner-errors.md`. */
const ESSAY =
  'My teacher who is very kind, helped me with my homework. The students, want to learn English. ' +
  'My friend told me, that he was sick. I was very tired, I went to bed early. We had a very good time there.';

describe('audience: settings, the server’s status and the CLI', function () {
  this.timeout(180000);

  it('the editor setting: its values are the engine’s; auto leaves adaptToWriter to decide; the project config wins', () => {
    const setting = read('package.json').contributes.configuration.properties['puncteme.audience'];
    assert.deepEqual(setting.enum, [...AUDIENCE_VALUES]);
    assert.equal(setting.enumDescriptions.length, AUDIENCE_VALUES.length);
    assert.deepEqual(read('server/src/config/punctemerc.schema.json').properties.audience.enum, [...AUDIENCE_VALUES]);
    assert.equal(fromEditor({}).audience, 'auto');
    assert.equal(fromEditor({ audience: 'teacher' }).audience, 'auto');
    assert.equal(toLintOptions(fromEditor({})).audience, undefined);
    assert.equal(toLintOptions(fromEditor({ audience: 'learner' })).audience, 'learner');
    // `adaptToWriter: false` is the older name of `edited`: the engine gets the name.
    const off = toLintOptions(fromEditor({ adaptToWriter: false }));
    assert.deepEqual([off.audience, off.adaptToWriter], ['edited', true]);
    assert.equal(withProjectConfig(fromEditor({ audience: 'learner' }), { audience: 'edited' }).audience, 'edited');
    // A project that still writes the older `adaptToWriter` outranks the editor's audience, as it did before.
    const older = toLintOptions(withProjectConfig(fromEditor({ audience: 'learner' }), { adaptToWriter: false }));
    assert.deepEqual([older.audience, older.adaptToWriter], ['edited', true]);
  });

  it('the server’s status carries the standard a document was held to', async () => {
    // Under the calibrated decision, which finds three errors in ESSAY: the learned one finds two (a known miss of it,
    // `My teacher who is very kind⟦,→⟧ helped`), and holds it to edited prose.
    const client = new LspClient({ settings: { decision: 'calibrated' } });
    try {
      await client.initialize();
      const uri = 'file:///tmp/puncteme-audience-essay.txt';
      await client.open(uri, 'plaintext', ESSAY);
      const status = await client.waitFor(() => client.statuses.find((s) => s.uri === uri && s.state === 'ready'), 120000, 'status');
      assert.deepEqual(status.audience, { audience: 'learner', by: 'auto', findings: (status.audience as { findings: number }).findings, sentences: 5 });
      client.settings = { audience: 'edited', decision: 'calibrated' };
      const seen = client.statuses.length;
      await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: {} });
      const named = await client.waitFor(() => client.statuses.slice(seen).find((s) => s.uri === uri && s.state === 'ready'), 120000, 'status');
      // The same count auto made: edited is decided as auto decides a document it holds to edited prose.
      assert.deepEqual(named.audience, { ...(status.audience as object), audience: 'edited', by: 'setting' });
    } finally {
      await client.shutdown();
    }
  });
});
