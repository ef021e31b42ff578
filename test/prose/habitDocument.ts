/** A Markdown file with a habit (shared by the prose, CLI and LSP tests of `introductoryComma: auto` over a file). */

/** Three paragraphs with "However," and a fourth with "However we": the file's habit is the comma (3 of 4). */
export const HABIT_DOC = '# Trip\n\nHowever, we left early.\n\nHowever, it rained all day.\n\nHowever, the roads stayed dry.\n\nHowever we reached home late.\n';
