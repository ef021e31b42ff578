export { makeRestorer } from './restorer';
export type { QuoteStyle, RestoreOptions, Restorer, RestoringModel } from './restorer';
