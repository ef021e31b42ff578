/**
 * Restoration's tagger may train on runs of consecutive paragraphs (`joinedParagraphRuns`), as dictation past a
 * paragraph's end gives them: every junction inside a run must carry the writer's own mark, so that the labels there
 * say what the writer wrote and never teach the tagger to run two paragraphs together.
 */
import { strict as assert } from 'assert';
import { joinedParagraphRuns } from './corpus';

describe('restoration: runs of joined paragraphs', () => {
  it('joins up to `most` paragraphs of one document where each junction has a mark', () => {
    const email = [['Hi Anna,'], ['The meeting has moved to Tuesday.', 'See you at ten.'], ['Best regards,'], ['Tom']];
    assert.deepEqual(joinedParagraphRuns([email], 3), [['Hi Anna,', 'The meeting has moved to Tuesday.', 'See you at ten.', 'Best regards,']]);
    assert.deepEqual(joinedParagraphRuns([email], 4), [['Hi Anna,', 'The meeting has moved to Tuesday.', 'See you at ten.', 'Best regards,', 'Tom']]);
  });

  it('ends a run at a paragraph without a final mark and never crosses documents', () => {
    const news = [['Storm hits the coast'], ['Winds reached 90 miles an hour.'], ['Schools are closed (until Monday.)'], ['More at ten']];
    const other = [['A second document.'], ['Its next paragraph.']];
    assert.deepEqual(joinedParagraphRuns([news, other], 3), [
      ['Winds reached 90 miles an hour.', 'Schools are closed (until Monday.)', 'More at ten'],
      ['A second document.', 'Its next paragraph.'],
    ]);
  });

  it('makes no run of a single paragraph', () => {
    assert.deepEqual(joinedParagraphRuns([[['One paragraph.']], [['Headline'], ['Text.']]], 3), []);
  });
});
