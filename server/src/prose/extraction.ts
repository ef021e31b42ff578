/** What every prose kind's extractor returns. */
import { ProseBlock } from './block';
import { Suppressions } from './suppressions';

export interface Extraction {
  blocks: ProseBlock[];
  suppressions: Suppressions;
  /** Parts of the document the extractor did not check, and why (reported to the user, never dropped silently). */
  notes?: ExtractionNote[];
}

/** Something the user must be told about a stretch of the document, e.g. that it was not checked. */
export interface ExtractionNote {
  /** Document offset where it applies. */
  offset: number;
  message: string;
}
