/** A Markdown file with a habit (shared by the prose, CLI and LSP tests of `introductoryComma: auto` over a file). */

/**
 * Three paragraphs with "Finally," and a fourth with "Finally we": the file's habit is the comma (3 of 4). "Finally" is
 * an element the learned convention covers but not a transition (`introductoryConvention.ts`), whose comma `auto`
 * reports without a habit.
 */
export const HABIT_DOC = '# Trip\n\nFinally, we left early.\n\nFinally, it rained all day.\n\nFinally, the roads stayed dry.\n\nFinally we reached home late.\n';
