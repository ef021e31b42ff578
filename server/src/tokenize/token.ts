/** A token of the input text with its exact UTF-16 span; `punct` marks punctuation (not a node of the tree). */
export interface SurfaceToken {
  text: string;
  start: number;
  end: number;
  punct: boolean;
}

export interface TokenizedSentence {
  start: number;
  end: number;
  tokens: SurfaceToken[];
}
