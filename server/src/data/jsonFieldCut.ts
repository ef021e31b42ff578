/**
 * A model file's JSON parsed with its one long top-level string field cut out of the bytes, so that the field never
 * becomes a JavaScript string: its bytes are read where they lie (decoded from base64 in `base64Field.ts`, hashed to
 * match a sidecar in `model/thetaSidecar.ts`), and the JSON around them is parsed with the field's value empty.
 */

const QUOTE = 0x22;

/** The JSON of a file with one string field's value left empty, and where that value's bytes lie in the file. */
export interface JsonFieldCut<T> {
  /** The file's JSON with the field's value ''. */
  json: T;
  /** The value's bytes in the file are `[start, end)`: what stands between its quotes, escapes not undone. */
  start: number;
  end: number;
}

/**
 * The first `"key":"` of `bytes` taken for the top-level string field `key`, its value cut out up to the next quote
 * byte and the rest parsed; undefined when the field is absent, the rest does not parse (the value held an escaped
 * quote), or the parsed object's `key` is not '' (what was cut was a nested field, or a key that only ends in `key`).
 * The first, as the long field follows a few short ones in the files read so: searching from the end would cross the
 * whole field (1.9 ms for the punctuation model's 4 MB `weights`). A look-alike inside another string is never found:
 * its quotes are escaped in the file's bytes.
 */
export function cutTopLevelStringField<T>(bytes: Buffer, key: string): JsonFieldCut<T> | undefined {
  const marker = Buffer.from(`"${key}":"`);
  const at = bytes.indexOf(marker);
  if (at < 0) return undefined;
  const start = at + marker.length;
  const end = bytes.indexOf(QUOTE, start);
  if (end < 0) return undefined;
  let json: Record<string, unknown> | undefined;
  try {
    json = JSON.parse(Buffer.concat([bytes.subarray(0, start), bytes.subarray(end)]).toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  return json?.[key] === '' ? { json: json as T, start, end } : undefined;
}
