/**
 * A model file's JSON whose one long field is base64 (a tagger's `dense` weights: 3.8 MB of the lower-case tagger's
 * 3.8 MB file), read without making that field a string. As a string it was a 3.8 MB JavaScript string, then a
 * second copy that Node makes to decode it, both freed right after: the language server, which reads the tagger
 * while it analyses its first document, stayed 3–5 MB larger for the rest of its life. Here the field's bytes are
 * decoded from the file's bytes, and the JSON around them is parsed with the field's value empty (`jsonFieldCut.ts`).
 */
import { cutTopLevelStringField } from './jsonFieldCut';

/** The value of each base64 character (the standard alphabet), −1 for any other byte. */
const VALUE = new Int8Array(256).fill(-1);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;
const EQUALS = 0x3d;

/**
 * The bytes of padded base64 `bytes[start, end)`, or undefined unless it is exactly that: characters of the standard
 * alphabet, a multiple of 4 long, with `=` only as the last one or two.
 */
export function decodeBase64Bytes(bytes: Uint8Array, start: number, end: number): Buffer | undefined {
  const n = end - start;
  if (n % 4 !== 0) return undefined;
  const pad = n === 0 ? 0 : bytes[end - 1] !== EQUALS ? 0 : bytes[end - 2] !== EQUALS ? 1 : 2;
  const out = Buffer.allocUnsafeSlow((n / 4) * 3 - pad);
  let o = 0;
  for (let i = start; i < end; i += 4) {
    const last = i + 4 === end;
    const a = VALUE[bytes[i]], b = VALUE[bytes[i + 1]];
    const c = last && pad === 2 ? 0 : VALUE[bytes[i + 2]];
    const d = last && pad >= 1 ? 0 : VALUE[bytes[i + 3]];
    if ((a | b | c | d) < 0) return undefined;
    const v = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = v >>> 16;
    if (o < out.length) out[o++] = (v >>> 8) & 0xff;
    if (o < out.length) out[o++] = v & 0xff;
  }
  return out;
}

/**
 * The JSON object of `bytes` with its top-level string field `key` decoded from base64 (`decoded`) and left empty
 * in `json`; `decoded` undefined (and `json` the file as it is) when the field is absent or not plain base64.
 */
export function parseWithBase64Field<T>(bytes: Buffer, key: string): { json: T; decoded?: Buffer } {
  const cut = cutTopLevelStringField<T>(bytes, key);
  const decoded = cut && decodeBase64Bytes(bytes, cut.start, cut.end);
  if (cut && decoded) return { json: cut.json, decoded };
  return { json: JSON.parse(bytes.toString('utf8')) as T };
}
