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

/**
 * Longest `restore` or `explain` may run (they work in their own worker, so they never hold back diagnostics; this
 * bounds how long the user waits and how long that worker is busy). The text after the sentence where the budget ran
 * out comes back unchanged (restore) or unexplained, and the user is told.
 */
export const COMMAND_BUDGET_MS = 15_000;

/** Longest a hover's re-analysis of one paragraph with explanations may take (its findings so far are shown). */
export const HOVER_BUDGET_MS = 1000;

/** The line `explain` ends with when its budget stopped it (the server tells the user when it sees it). */
export const EXPLAIN_STOPPED = '# Stopped: explain has a time budget of';
