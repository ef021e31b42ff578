/**
 * The small sentence the neural parser's exact tests train and differentiate on: "When the storm ended , the town
 * was quiet ." with its gold heads (root = n), relation ids (0 = root) and tag ids.
 */
export const forms = ['When', 'the', 'storm', 'ended', 'the', 'town', 'was', 'quiet'];
export const slots: string[][] = [[], [], [], [], [','], [], [], [], ['.']];
export const head = Int32Array.from([3, 2, 3, 7, 5, 7, 7, 8]);
export const deprel = Int32Array.from([1, 2, 3, 4, 2, 3, 5, 0]);
export const tags = { upos: Int32Array.from([0, 1, 2, 3, 1, 2, 3, 0]), xpos: Int32Array.from([1, 0, 2, 3, 0, 2, 3, 1]) };
export const n = forms.length;
