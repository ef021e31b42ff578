/**
 * The part of a Markdown document the editor shows, extracted alone (`extractProsePart`, what the language server
 * analyses first on opening): exactly the blocks the whole document's extraction has there, or nothing when the part
 * cannot be extracted alone (an inline directive before it) or is most of the document.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { extractProse, extractProsePart, ProseBlock } from '../../server/src/prose';
import { blockOptions, estimatedDocumentWide } from '../../server/src/prose/documentOptions';
import { buildDocument } from '../lsp/benchDocument';

const REPO = path.resolve(__dirname, '../..');
/** Real documents: the project's own Markdown (lists, tables, code, front matter, links, footnotes in the docs). */
const DOCUMENTS = ['README.md', 'ARCHITECTURE.md', 'CONTRIBUTING.md', 'docs/cli.md', 'docs/configuration.md', 'docs/editors.md', 'examples/sample.md']
  .filter((f) => fs.existsSync(path.join(REPO, f)))
  .map((f) => fs.readFileSync(path.join(REPO, f), 'utf8'));

const wholes = new Map<number, ProseBlock[]>();
const wholeOf = (d: number) => wholes.get(d) ?? wholes.set(d, extractProse(DOCUMENTS[d], 'markdown').blocks).get(d)!;

const shape = (b: ProseBlock) => JSON.stringify([b.text, [...b.offsets], b.standIns ?? [], b.holes ?? [], b.fragment ?? false]);

describe('the visible part of a Markdown document, extracted alone', function () {
  this.timeout(120000);

  it('has exactly the whole extraction\'s blocks that overlap it (property over real documents and ranges)', () => {
    assert.ok(DOCUMENTS.length >= 5);
    let extracted = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: DOCUMENTS.length - 1 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 3000 }), (d, at, length) => {
        const text = DOCUMENTS[d];
        const start = Math.floor(at * text.length);
        const range: [number, number] = [start, Math.min(text.length, start + length)];
        const part = extractProsePart(text, 'markdown', range);
        if (!part) return;
        extracted++;
        const whole = wholeOf(d);
        const overlapping = whole.filter((b) => b.offsets[0] < range[1] && b.offsets[b.text.length] > range[0]).map(shape);
        const own = new Set(part.blocks.map(shape));
        for (const b of overlapping) assert.ok(own.has(b), `a block the part lacks: ${b.slice(0, 120)}`);
        const all = new Set(whole.map(shape));
        for (const b of part.blocks) assert.ok(all.has(shape(b)), `a block the whole extraction lacks: ${shape(b).slice(0, 120)}`);
      }),
      { numRuns: 100, seed: 33 },
    );
    assert.ok(extracted >= 25, `parts extracted: ${extracted} of 100`);
  });

  it('the document-wide decisions estimated from the raw text are the whole extraction\'s on real documents', () => {
    for (const [d, text] of DOCUMENTS.entries()) {
      for (const options of [{}, { quoteStyle: 'american' as const }]) {
        const whole = wholeOf(d);
        // The quote habit and code; the register, an estimate of counts, is checked on its own below.
        const withoutRegister = (os: ReturnType<typeof blockOptions>) => os.map(({ documentRegister: _register, ...o }) => o);
        const estimated = blockOptions(whole, options, estimatedDocumentWide(text, options));
        assert.deepEqual(withoutRegister(estimated), withoutRegister(blockOptions(whole, options)), `document ${d}`);
      }
    }
  });

  it('its blocks are read in the register estimated over the whole text, the whole extraction\'s on real documents', () => {
    // The register (`documentFeatures.ts`) is estimated from the raw text: the part's blocks must be read in the
    // register the whole document's analysis reads them in, or its paragraph-cache entries serve nothing.
    const files = [...fs.readdirSync(REPO).filter((f) => f.endsWith('.md')), ...['docs', 'docs/rules', 'examples'].flatMap((d) => fs.readdirSync(path.join(REPO, d)).filter((f) => f.endsWith('.md')).map((f) => `${d}/${f}`))];
    const texts = files.map((f) => fs.readFileSync(path.join(REPO, f), 'utf8'));
    texts.push(buildDocument(5000, true));
    let same = 0;
    for (const text of texts) {
      const whole = extractProse(text, 'markdown').blocks;
      const wholeOptions = blockOptions(whole, {});
      const wholeRegister = wholeOptions[0]?.documentRegister;
      assert.ok(wholeRegister, 'the default options decide by the learned scorer, which reads the register');
      const estimated = estimatedDocumentWide(text, {});
      if (JSON.stringify(estimated.register) === JSON.stringify(wholeRegister)) same++;
      // A part (the first quarter of the blocks) gets exactly the whole's options where the estimate is right.
      const part = whole.slice(0, Math.max(1, Math.floor(whole.length / 4)));
      const partOptions = blockOptions(part, {}, estimated);
      for (const [i, o] of partOptions.entries()) assert.deepEqual(o.documentRegister, estimated.register, `block ${i}`);
    }
    // Measured: 28 of the 30 project files (bins at their edges in the other two) and the benchmark document.
    assert.ok(same >= Math.ceil(0.9 * texts.length), `the register estimated right in ${same} of ${texts.length} documents`);
    assert.deepEqual(estimatedDocumentWide(texts.at(-1)!, {}).register, blockOptions(extractProse(texts.at(-1)!, 'markdown').blocks, {})[0].documentRegister);
  });

  it('references defined elsewhere in the document are resolved as in the whole document', () => {
    const filler = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} says nothing in particular, and says it twice.`).join('\n\n');
    const text = `${filler}\n\nSee [the guide][g] and the note.[^n] Then stop.\n\n${filler}\n\n[g]: https://x.org/guide\n[^n]: A note.\n`;
    const at = text.indexOf('See [the guide]');
    const part = extractProsePart(text, 'markdown', [at, at + 10])!;
    assert.ok(part);
    const whole = extractProse(text, 'markdown').blocks.find((b) => b.offsets[0] === at)!;
    assert.equal(whole.text, 'See the guide and the note. Then stop.');
    assert.deepEqual(part.blocks.map(shape), [shape(whole)]);
  });

  it('is not extracted alone after an inline directive, or when it is most of the document', () => {
    const filler = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} is here.`).join('\n\n');
    const text = `<!-- puncteme-disable comma -->\n\n${filler}\n`;
    assert.equal(extractProsePart(text, 'markdown', [text.length - 30, text.length - 20]), undefined);
    assert.ok(extractProsePart(filler, 'markdown', [filler.length - 30, filler.length - 20]));
    assert.equal(extractProsePart(filler, 'markdown', [0, filler.length - 20]), undefined);
    assert.equal(extractProsePart('One line.\n', 'plaintext', [0, 5]), undefined, 'other kinds are extracted whole');
  });
});
