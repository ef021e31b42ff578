import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { headForward, headKernels, labelScores } from '../../server/src/parser/graph/graphHeads';
import { BiaffineParser } from '../../server/src/parser/graph/graphParser';
import { graphContents, graphFromContents, GraphModel } from '../../server/src/parser/graph/graphModel';
import { encodeSentence, normaliseWord } from '../../server/src/parser/encoding';
import { fromHalf, toHalf } from '../../server/src/parser/float16';
import { hashString } from '../../server/src/parser/hash';
import { readModel, writeModel } from '../../server/src/parser/modelFile';
import { NeuralInput } from '../../server/src/parser/neuralNet';
import { FixedVectors } from '../../server/src/parser/pretrainedVectors';
import { seededRandom } from '../../server/src/training/parser/views';
import { forms, n, slots, tags } from './stormSentence';
import { RELATIONS, tinyGraphParser } from './tinyGraphParser';
import { isProjectiveTree } from './treeChecks';

const DEPRELS = ['root', 'mark', 'det', 'nsubj', 'advcl', 'cop'];
const TAGS = { upos: ['ADV', 'DET', 'NOUN', 'VERB'], xpos: ['DT', 'WRB', 'NN', 'VBD'] };
const describeAs = { version: 'graph-test', deprels: DEPRELS, tags: TAGS };
const clusters = () => ({ fine: 5, coarse: 1 });

/** The file written to a temporary directory and read back, as `loadParser` reads it. */
function roundTrip(p: BiaffineParser, o: Parameters<typeof graphContents>[2] = {}): GraphModel {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'graph-parser-'));
  try {
    const file = path.join(dir, 'parser-graph.bin.gz');
    writeModel(file, graphContents(p, describeAs, o));
    return graphFromContents(readModel(file));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Heads, relations and the vectors the heads read, of one sentence. */
function parseOf(p: BiaffineParser, input: NeuralInput) {
  const v = p.net.forward(input).v;
  return { v: [...v], ...p.decode(v, input.n, 0) };
}

describe('the graph-based parser at run time (server/src/parser/graph/)', () => {
  it("a snapshot's products in WebAssembly are JavaScript's matVec sums bit for bit", () => {
    const { p, input } = tinyGraphParser(9);
    const s = p.snapshot();
    const v = s.net.forward(input).v;
    const kernels = headKernels(s.theta, s.headsAt, s.heads);
    assert.ok(kernels, 'WebAssembly SIMD (the shipped parser needs it too)');
    const viaKernel = headForward(s.theta, s.headsAt, s.heads, v, n, kernels);
    const plain = headForward(s.theta, s.headsAt, s.heads, v, n);
    for (const k of ['hd', 'dd', 'q', 'lh', 'ld'] as const) assert.deepStrictEqual([...viaKernel[k]], [...plain[k]], k);
    const hidden = new Float64Array(s.heads.dims.label);
    const a = new Float64Array(RELATIONS), b = new Float64Array(RELATIONS);
    labelScores(s.theta, s.headsAt, s.heads, plain, 3, 1, hidden, a, kernels);
    labelScores(s.theta, s.headsAt, s.heads, plain, 3, 1, hidden, b);
    assert.deepStrictEqual([...a], [...b]);
    const plainParser = new BiaffineParser(s.net, s.heads, s.theta);
    assert.deepStrictEqual(s.decode(v, n, 0), plainParser.decode(v, n, 0));
  });

  it('its file holds θ as float32: read back, it parses exactly as the snapshot it was written from', () => {
    const { p, input } = tinyGraphParser(11);
    const loaded = roundTrip(p);
    assert.strictEqual(loaded.version, 'graph-test');
    assert.deepStrictEqual(loaded.deprels, DEPRELS);
    assert.strictEqual(loaded.rootRelation, 0);
    assert.deepStrictEqual(loaded.tags, TAGS);
    assert.deepStrictEqual([...loaded.parser.theta], [...Float32Array.from(p.theta)]);
    // The encoder reads a view of the loaded θ's first block (no second copy of it).
    assert.strictEqual(loaded.parser.net.theta.buffer, loaded.parser.theta.buffer);
    const e = encodeSentence({ forms, slots }, clusters);
    assert.deepStrictEqual(parseOf(loaded.parser, loaded.parser.net.input(e, tags)), parseOf(p.snapshot(), input));
  });

  it("as float16: read back, it parses exactly as a snapshot of θ rounded to halves (float16.ts's round trip)", () => {
    const { p, input } = tinyGraphParser(13);
    const loaded = roundTrip(p, { theta16: true });
    assert.strictEqual(loaded.version, 'graph-test-f16');
    const halved = p.snapshot(false);
    const th = halved.theta as Float64Array;
    for (let i = 0; i < th.length; i++) th[i] = fromHalf(toHalf(th[i]));
    assert.deepStrictEqual([...loaded.parser.theta], [...Float32Array.from(th)]);
    const e = encodeSentence({ forms, slots }, clusters);
    assert.deepStrictEqual(parseOf(loaded.parser, loaded.parser.net.input(e, tags)), parseOf(halved.snapshot(), input));
  });

  it('with the pretrained rows pruned, a dropped word reads row 0 and every kept row is the same', () => {
    const words = ['storm', 'zeppelin', 'town', 'quiet', 'when'];
    const rand = seededRandom(4);
    const dim = 3;
    const rows = Float64Array.from({ length: (words.length + 1) * dim }, (_, i) => (i < dim ? 0 : rand() - 0.5));
    const hashes = Int32Array.from(words, (w) => hashString(normaliseWord(w)));
    const { p, input } = tinyGraphParser(15, { hashes, vectors: FixedVectors.quantise(dim, rows) });
    // Training words: storm, town, when; one other (the first in the table's order): zeppelin; quiet is dropped.
    const training = new Set(['storm', 'town', 'when'].map((w) => hashString(normaliseWord(w))));
    const loaded = roundTrip(p, { pretrainedOthers: 1, trainingWords: training });
    assert.strictEqual(loaded.version, 'graph-test-top1');
    assert.strictEqual(loaded.parser.net.fixed!.rows, 5);
    const e = encodeSentence({ forms, slots }, clusters);
    const got = loaded.parser.net.input(e, tags);
    const quiet = forms.indexOf('quiet');
    assert.strictEqual(got.pretrained[quiet], 0);
    // In memory, the same sentence with quiet's row taken as row 0.
    const want = { ...input, pretrained: input.pretrained.slice() };
    assert.notStrictEqual(want.pretrained[quiet], 0);
    want.pretrained[quiet] = 0;
    assert.deepStrictEqual(parseOf(loaded.parser, got), parseOf(p.snapshot(), want));
  });

  it('decodes every sentence into a projective tree with one root child, the root relation exactly there', () => {
    const { p } = tinyGraphParser(17);
    const s = p.snapshot();
    const rand = seededRandom(19);
    for (let length = 1; length <= 12; length++) {
      const words = Array.from({ length }, (_, i) => forms[Math.floor(rand() * forms.length)] + (i % 3 ? '' : 's'));
      const e = encodeSentence({ forms: words, slots: Array.from({ length: length + 1 }, () => []) }, clusters);
      const t = { upos: Int32Array.from(words, () => Math.floor(rand() * 4)), xpos: Int32Array.from(words, () => Math.floor(rand() * 4)) };
      const { head, deprel } = s.parse(e, t, 0);
      assert.ok(isProjectiveTree(head, length), `${words.join(' ')}: ${[...head]}`);
      head.forEach((h, d) => assert.strictEqual(deprel[d] === 0, h === length, `word ${d}: root relation exactly on the root's child`));
    }
  });

  it('refuses a file whose θ does not fit its dims, naming the file', () => {
    const { p } = tinyGraphParser(21);
    const m = graphContents(p, describeAs);
    const cut = { ...m, dense: { ...m.dense!, graphTheta: (m.dense!.graphTheta as Float32Array).subarray(1) } };
    assert.throws(() => graphFromContents(cut, 'parser-graph.bin.gz'), /parser-graph\.bin\.gz: θ/);
  });
});
