/** What every prose kind's extractor returns. */
import { ProseBlock } from './block';
import { Suppressions } from './suppressions';

export interface Extraction {
  blocks: ProseBlock[];
  suppressions: Suppressions;
}
