import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import { isStoredGzip, rewriteAsStoredGzip } from '../../server/research/storedGzip';

describe('gzip model files stored uncompressed (start-up)', () => {
  it('the shipped ones are stored (else: npm run models:manifest)', () => {
    const dir = path.resolve(__dirname, '../../models/en');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.gz'));
    // The parser is read uncompressed (`parser.bin`), not wrapped in gzip at all.
    assert.ok(fs.existsSync(path.join(dir, 'parser.bin')) && !files.includes('parser.bin.gz'));
    for (const f of files) assert.ok(isStoredGzip(fs.readFileSync(path.join(dir, f))), `${f} is compressed`);
  });

  it('rewriting keeps the data and the name, once', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stored-gzip-'));
    const file = path.join(dir, 'm.bin.gz');
    const data = Buffer.from('the same bytes, many times over. '.repeat(5000));
    fs.writeFileSync(file, zlib.gzipSync(data, { level: 9 }));
    assert.strictEqual(isStoredGzip(fs.readFileSync(file)), false);
    assert.strictEqual(rewriteAsStoredGzip(file), true);
    assert.ok(isStoredGzip(fs.readFileSync(file)));
    assert.ok(zlib.gunzipSync(fs.readFileSync(file)).equals(data));
    assert.strictEqual(rewriteAsStoredGzip(file), false);
    fs.rmSync(dir, { recursive: true });
  });
});
