/**
 * Longest the engine may spend on one paragraph. It checks `isCancelled` between sentences, so a paragraph that runs
 * over (a 5,000-word sentence is cut into many parser-sized pieces) stops there with the findings so far, and the
 * editor is told, instead of the document waiting minutes for its diagnostics.
 */
export const PARAGRAPH_BUDGET_MS = 2000;

/** An analysis still running after this long gets a progress notification, however few its paragraphs. */
export const PROGRESS_AFTER_MS = 500;

/** While a long analysis runs, the findings so far are published this often. */
export const PARTIAL_EVERY_MS = 500;
