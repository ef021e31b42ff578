/** The picture of a sentence's underlying punctuation (SVG, and the same as text). */
export { underlyingSvg, underlyingText, PictureInput, PictureWord } from './underlyingSvg';
export { sentencePicture, repunctuationPicture } from './sentencePicture';
export { alignSlot, describeSlot } from './rewrites';
