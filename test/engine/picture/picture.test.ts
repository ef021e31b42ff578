/** The picture of the analysis: the alignment of underlying and written marks, the SVG's shape, the text form. */
import { strict as assert } from 'assert';
import { XMLValidator, XMLParser } from 'fast-xml-parser';
import { alignSlot, describeSlot, underlyingSvg, underlyingText, PictureInput } from '../../../server/src/engine/picture';

describe('engine/picture: the channel rewrites of a slot', () => {
  it('kept, absorbed and transposed marks', () => {
    assert.deepEqual(alignSlot([',', '.'], ['.']), { target: [-1, 0], inserted: [false], moved: [false, false] });
    assert.deepEqual(alignSlot(['”', '.'], ['.', '”']).target, [1, 0]);
    assert.equal(alignSlot(['”', '.'], ['.', '”']).moved.filter(Boolean).length, 1);
    assert.deepEqual(alignSlot([], [',']), { target: [], inserted: [true], moved: [] });
    assert.equal(describeSlot([',', '.'], ['.']), 'underlying ", ." written ".": , absorbed');
    assert.equal(describeSlot([','], [',']), '');
  });
});

describe('engine/picture: the SVG and its text form', () => {
  // "We stayed home, however." with T′ [We stayed home [, however ,] .]
  const p: PictureInput = {
    words: [
      { form: 'We', head: 2, deprel: 'nsubj' },
      { form: 'stayed', head: 0, deprel: 'root' },
      { form: 'home', head: 2, deprel: 'advmod' },
      { form: 'however', head: 2, deprel: 'advmod' },
    ],
    pairs: [{ l: [], r: [] }, { l: [], r: ['.'] }, { l: [], r: [] }, { l: [','], r: [','] }],
    underlying: [[], [], [], [','], [',', '.']],
    surface: [[], [], [], [','], ['.']],
    caption: 'We stayed home, however. <&>',
  };

  it('is well-formed SVG with a title, a description of the rewrites, every word, arc and mark', () => {
    const svg = underlyingSvg(p);
    assert.equal(XMLValidator.validate(svg), true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(svg);
    assert.equal(doc.svg['@_role'], 'img');
    assert.equal(doc.svg.title['#text'], 'We stayed home, however. <&>');
    assert.match(doc.svg.desc['#text'], /underlying ", \." written "\.": , absorbed/);
    const texts = (Array.isArray(doc.svg.text) ? doc.svg.text : [doc.svg.text]).map((t: any) => (typeof t === 'string' ? t : t['#text']));
    for (const w of ['We', 'stayed', 'home', 'however', 'nsubj', 'advmod', 'root']) assert.ok(texts.includes(w), w);
    // Underlying marks: , , . (3); written: , . (2); words 4; labels and the caption.
    assert.equal(doc.svg.text.filter((t: any) => t['@_class'] === 'u').length, 3);
    assert.equal(doc.svg.text.filter((t: any) => t['@_class'] === 'x').length, 2);
    // One absorbed mark is crossed out.
    assert.equal([doc.svg.path].flat().filter((x: any) => x['@_class'] === 'absorb').length, 1);
  });

  it('says the same as text', () => {
    const t = underlyingText(p);
    assert.match(t, /^4\. however {2}advmod of stayed {2}words 4–4 {2}\[, … ,\]$/m);
    assert.match(t, /after "however": underlying ", \." written "\.": , absorbed/);
  });

  it('refuses slots that do not match the words', () => {
    assert.throws(() => underlyingSvg({ ...p, surface: p.surface.slice(1) }), /do not agree/);
  });
});
