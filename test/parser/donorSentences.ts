/**
 * Four CoNLL-U sentences for the tests of made sentences (`training/parser/taggerAugment.ts` and the fold refiners
 * that use it): an apposition donor, a subject host, a fronted-clause donor and an imperative host, each as its rows.
 */
export const row = (i: number, form: string, upos: string, xpos: string, head: number, deprel: string) =>
  [i, form, '_', upos, xpos, '_', head, deprel, '_', '_'].join('\t');

export const DONOR_SENTENCES: readonly string[][] = [
  // Kim, a nurse, works. (the apposition donor)
  [row(1, 'Kim', 'PROPN', 'NNP', 6, 'nsubj'), row(2, ',', 'PUNCT', ',', 4, 'punct'), row(3, 'a', 'DET', 'DT', 4, 'det'),
    row(4, 'nurse', 'NOUN', 'NN', 1, 'appos'), row(5, ',', 'PUNCT', ',', 4, 'punct'), row(6, 'works', 'VERB', 'VBZ', 0, 'root'),
    row(7, '.', 'PUNCT', '.', 6, 'punct')],
  // The dog barks. (the subject host)
  [row(1, 'The', 'DET', 'DT', 2, 'det'), row(2, 'dog', 'NOUN', 'NN', 3, 'nsubj'), row(3, 'barks', 'VERB', 'VBZ', 0, 'root'),
    row(4, '.', 'PUNCT', '.', 3, 'punct')],
  // When the water boils, we eat. (the fronted-clause donor)
  [row(1, 'When', 'SCONJ', 'WRB', 4, 'mark'), row(2, 'the', 'DET', 'DT', 3, 'det'), row(3, 'water', 'NOUN', 'NN', 4, 'nsubj'),
    row(4, 'boils', 'VERB', 'VBZ', 7, 'advcl'), row(5, ',', 'PUNCT', ',', 4, 'punct'), row(6, 'we', 'PRON', 'PRP', 7, 'nsubj'),
    row(7, 'eat', 'VERB', 'VBP', 0, 'root'), row(8, '.', 'PUNCT', '.', 7, 'punct')],
  // Peel the potatoes. (the imperative host)
  [row(1, 'Peel', 'VERB', 'VB', 0, 'root'), row(2, 'the', 'DET', 'DT', 3, 'det'), row(3, 'potatoes', 'NOUN', 'NNS', 1, 'obj'),
    row(4, '.', 'PUNCT', '.', 1, 'punct')],
];
