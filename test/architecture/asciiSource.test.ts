/**
 * The server's, worker's and CLI's bundles are made ASCII after esbuild (`scripts/ascii-source.mjs`): the same program
 * with every non-ASCII code unit escaped. Checked by evaluating sources before and after, including a code unit that the
 * source itself escapes inside a regular expression, as wink-nlp does (`/[a-z\-\–\—\.]*$/`).
 */
import { strict as assert } from 'assert';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { ROOT } from './importGraph';

type AsciiSource = (text: string) => string;

const SOURCES = [
  String.raw`/^[a-z][a-z\-\–\—\.]*$/`,
  String.raw`/[\’']s$/i`,
  String.raw`/[\\–]/`,
  String.raw`/[\\\–]/`,
  '"it’s — “quoted”"',
  String.raw`"\’"`,
  '`template ’ ${1 + 1} —`',
  '"😀 and é"',
  String.raw`/😀|é/u`,
];
const PROBES = ['u', 'un', 'un-pythonic', '–', '—', '\\', 'u2013', 'it’s', "it's", '’s', 'é', '😀', 'a.b', 'x—y'];

function behaviour(source: string): unknown {
  const value = new Function(`return ${source};`)() as unknown;
  return value instanceof RegExp ? PROBES.map((p) => value.test(p)) : value;
}

describe('ascii bundles (scripts/ascii-source.mjs)', () => {
  let asciiSource: AsciiSource;
  before(async () => {
    ({ asciiSource } = (await import(pathToFileURL(path.join(ROOT, 'scripts/ascii-source.mjs')).href)) as { asciiSource: AsciiSource });
  });

  it('leaves no non-ASCII character', () => {
    for (const s of SOURCES) assert.match(asciiSource(s), /^[\x00-\x7f]*$/, s);
  });

  it('keeps what each source means: regular expressions match the same strings, strings are equal', () => {
    for (const s of SOURCES) assert.deepEqual(behaviour(asciiSource(s)), behaviour(s), s);
  });

  it('the escaped dash of wink-nlp’s word pattern does not become a class of u, 2, 0, 1, 3 and a backslash', () => {
    const re = new Function(`return ${asciiSource(String.raw`/^[a-z][a-z\-\–\—\.]*$/`)};`)() as RegExp;
    assert.equal(re.test('u\\2'), false);
    assert.equal(re.test('pre–war'), true);
  });
});
