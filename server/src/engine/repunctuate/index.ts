/** Re-punctuation after a syntactic edit (paper §6.3): the engine's API for the CLI and the language server. */
export { repunctuate, Repunctuation, SentenceEdit, sentenceExtent } from './repunctuate';
export { repunctuateTree, RepunctuatedTree } from './repunctuateTree';
export { repunctuationModel, RepunctuationModel } from './model';
export { constituentAt, constituentOfPhrase, constituentOfRange, removable } from './pickConstituent';
export { EditError, TreeEdit } from './treeEdits';
export { repunctuationOffers, pictureAt, RepunctuationOffer, OfferKind } from './offers';
export { channelMap, regenerate, underlyingSlotsOf } from './regenerate';
