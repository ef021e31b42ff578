/**
 * A run typed without capitals (dictation, learners' typing) is cut into sentences by the cased tagger's reading mixed
 * with the BiLSTM trained on lower-cased text (`restore-tagger-lower-bilstm.json`); the linter keeps the lower-case
 * CRF for its unpunctuated-paragraph finding. Run with the shipped models.
 */
import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { loadPunctModel } from '../../server/src/model';
import { defaultModelDir, loadParser, MODEL_FILE as PARSER_FILE } from '../../server/src/parser';
import { makeRestorer } from '../../server/src/restore';
import { loadLowerCaseTagger, loadRestoreLowerCaseTagger, RESTORE_LOWER_CASE_TAGGER_FILE } from '../../server/src/restore/punctTagger';
import { BOUNDARY_EVIDENCE } from '../../server/src/restore/restorer';

const haveModels = fs.existsSync(path.join(defaultModelDir(), PARSER_FILE)) && fs.existsSync(path.join(defaultModelDir(), RESTORE_LOWER_CASE_TAGGER_FILE));

describe('restoring a run typed without capitals', function () {
  before(function () {
    if (!haveModels) this.skip();
  });

  it('reads such a run with the BiLSTM trained on lower-cased text; the linter keeps the CRF', () => {
    assert.equal(loadRestoreLowerCaseTagger(defaultModelDir())?.kind, 'bilstm');
    const crf = loadLowerCaseTagger(defaultModelDir());
    assert.ok(crf && crf.kind !== 'bilstm' && crf.kind !== 'mean');
  });

  it('cuts a description typed without capitals into its sentences, and keeps its words', () => {
    const restore = makeRestorer(loadParser(), loadPunctModel()).restore;
    const text = 'the house stands at the end of a narrow lane lined with old oak trees its walls are painted a pale yellow';
    const out = restore(text);
    assert.match(out, /trees\. Its walls/);
    assert.equal(out.replace(/[^\p{L}\s]/gu, '').toLowerCase(), text);
  });

  it('at weight 0 and the cut\'s own threshold, reads such a run as the cased tagger alone does', () => {
    const parser = loadParser();
    const model = loadPunctModel();
    const alone = makeRestorer(parser, model, { lowerCaseTagger: false }).restore;
    const mixed = makeRestorer(parser, model, { lowerCaseWeight: 0, lowerCaseThreshold: 'threshold' in BOUNDARY_EVIDENCE ? BOUNDARY_EVIDENCE.threshold : undefined }).restore;
    for (const text of ['so i woke up late this morning because my alarm did not go off and the train had already left', 'thanks for the gift i really like it my sister says it is beautiful']) {
      assert.equal(mixed(text), alone(text));
    }
  });
});
