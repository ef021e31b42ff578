/**
 * A model file's JSON whose one long field is base64 (a tagger's `dense` weights: 3.8 MB of the lower-case tagger's
 * 3.8 MB file), read without making that field a string. As a string it was a 3.8 MB JavaScript string, then a
 * second copy that Node makes to decode it, both freed right after: the language server, which reads the tagger
 * while it analyses its first document, stayed 3–5 MB larger for the rest of its life. Here the field's bytes are
 * decoded from the file's bytes, and the JSON around them is parsed with the field's value empty (as
 * `model/thetaSidecar.ts` reads the punctuation model's file without its `weights` string).
 */

/** The value of each base64 character (the standard alphabet), −1 for any other byte. */
const VALUE = new Int8Array(256).fill(-1);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;
const EQUALS = 0x3d;
const QUOTE = 0x22;

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
  const marker = Buffer.from(`"${key}":"`);
  const at = bytes.indexOf(marker);
  const start = at + marker.length;
  const end = at < 0 ? -1 : bytes.indexOf(QUOTE, start);
  const decoded = end < 0 ? undefined : decodeBase64Bytes(bytes, start, end);
  if (decoded) {
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(Buffer.concat([bytes.subarray(0, start), bytes.subarray(end)]).toString('utf8')) as Record<string, unknown>;
    } catch {
      json = undefined; // the marker was inside another string: the whole file's parse decides
    }
    // The marker found was the top-level field (a nested one of that name would leave the top level's otherwise).
    if (json?.[key] === '') return { json: json as T, decoded };
  }
  return { json: JSON.parse(bytes.toString('utf8')) as T };
}
