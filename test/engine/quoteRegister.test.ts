/**
 * The quote-register model (`engine/quoteRegister.ts`): a document without a quotation habit is held to the model's
 * American quotes unless it reads as technical writing, decided over the whole document and never from its quotations.
 */
import { strict as assert } from 'assert';
import * as path from 'path';
import { LintOptions, makeLinter } from '../../server/src/engine';
import { heldToModelStyle, logicalProbability, quoteRegisterFeatures, readQuoteRegister } from '../../server/src/engine/quoteRegister';
import { lintDocument } from '../../server/src/prose';
import { blockOptions } from '../../server/src/prose/documentOptions';

const MODEL = readQuoteRegister(path.resolve(__dirname, '../../models/en/quote-register.json'))!;

/** A PEP's paragraph (python-peps style, written for this test) and a news-like paragraph, each with one `”.`. */
const PEP =
  'This PEP proposes a new module, to be called "functools". The implementation adds a decorator to the standard library, ' +
  'and existing code that defines its own wrapper does not need to change. The reference implementation is in the ' +
  'CPython repository; the proposal is backwards compatible with Python 3.11.\n';
const NEWS =
  'The mayor told reporters on Tuesday that the new bus routes had been "a success". Residents of the east side, who ' +
  'waited years for the change, said their trips to work were shorter, and the city plans to add two more routes next year.\n';

describe('engine/quoteRegister: technical register, learned from edited English', () => {
  it('never reads the quotations: two documents that differ only inside their quotes have the same features', () => {
    assert.deepEqual(quoteRegisterFeatures('He called the plan "a success".'), quoteRegisterFeatures('He called the plan "an utter failure".'));
    assert.deepEqual(quoteRegisterFeatures('It was called “typing”, a form of inference.'), quoteRegisterFeatures('It was called “boxing”, a form of inference.'));
  });

  it('counts identifier shapes as shares of the words', () => {
    const f = quoteRegisterFeatures('Call getValue() with maxSize on the user_id from config.json.');
    for (const shape of ['camel=4', 'snake=4', 'call=4', 'file=4']) assert.ok(f.includes(shape), `${shape} in ${f.join(' ')}`);
    assert.ok(quoteRegisterFeatures('The plan was good.').includes('camel=0'));
  });

  it('the shipped model: a PEP reads as technical, news and the goal sentence do not', () => {
    assert.ok(logicalProbability(MODEL, PEP) > 0.5, String(logicalProbability(MODEL, PEP)));
    assert.ok(!heldToModelStyle(MODEL, PEP));
    assert.ok(heldToModelStyle(MODEL, NEWS), String(logicalProbability(MODEL, NEWS)));
    assert.ok(heldToModelStyle(MODEL, 'He called the plan "a success".\n'));
  });

  it('lintDocument withholds the model style from a technical document only, and asks the register only when it matters', () => {
    const linter = makeLinter({ quoteRegister: MODEL });
    // The engine sets modelQuoteStyle from a model whose channel transposes (EngineModel.quoteStyle); given here. Under
    // the calibrated decision, so that a block's options stay the object given: the learned one adds the document's
    // register bins to every block's (documentRegister.test.ts).
    const options: LintOptions = { modelQuoteStyle: 'american', decision: 'calibrated' };
    const quotes = (doc: string) => lintDocument(linter, doc, 'plaintext', options).filter((f) => f.ruleId === 'quote-placement');
    assert.deepEqual(quotes(PEP), []);
    assert.deepEqual(quotes(NEWS).map((f) => NEWS.slice(f.start.offset, f.end.offset)), ['".']);
    assert.equal(quotes('He called the plan "a success".\n').length, 1);
    // A habit decides before the register does: the PEP with two more American placements is held to them.
    assert.equal(quotes(PEP + '\nIt says "yes." It says "no."\n').length, 1);
    let asked = 0;
    const counting = (text: string) => (asked++, !heldToModelStyle(MODEL, text));
    const [a, b] = blockOptions([{ text: 'No quotes here.' }, { text: 'It was "fine." Really.' }], options, undefined, counting);
    assert.equal(asked, 0, 'no `”.` to decide on: the register is not asked');
    assert.ok(a === options && b === options);
    const [quoted, plain] = blockOptions([{ text: PEP }, { text: 'No quotes in this one.' }], options, undefined, counting);
    assert.equal(asked, 1);
    assert.deepEqual(quoted, { ...options, documentHasCode: true });
    assert.equal(plain, options);
    const [news] = blockOptions([{ text: NEWS }], options, undefined, counting);
    assert.equal(news, options, 'news is held to the model style: its options unchanged');
  });
});
