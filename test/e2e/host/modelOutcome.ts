/**
 * Commands that need the trained models (Show Underlying Punctuation, Restore Punctuation) either do their work or
 * tell the user why not. This waits for whichever comes first; a test may skip — visibly, with the message in its
 * title — only when that message says the engine lacks its model, never for any other error.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { UiClient } from '../harness/channel';
import { waitFor } from './wait';

export type Outcome<T> = { done: T } | { message: string };

const alerts = (ui: UiClient) => ui.ask({ kind: 'texts', selector: '[role="alert"]' });

/** Runs `command`, then waits for `probe` to see its result or for a new Puncteme message on screen. */
export async function commandOutcome<T>(
  ui: UiClient,
  command: string,
  what: string,
  probe: () => T | undefined,
): Promise<Outcome<T>> {
  // Notifications are announced through the workbench's ARIA live region (toasts may not render headless); only
  // an announcement made after the command started counts.
  const earlier = new Set(await alerts(ui));
  await vscode.commands.executeCommand(command);
  return waitFor(`${what} or a Puncteme message`, async () => {
    const done = probe();
    if (done !== undefined) return { done };
    const message = (await alerts(ui)).find((t) => t.includes('Puncteme:') && !earlier.has(t));
    return message ? { message } : undefined;
  });
}

/** Unwraps the result; on a "no model" message marks the running test skipped (with the reason), else fails. */
export function doneOrSkip<T>(ctx: Mocha.Context, outcome: Outcome<T>): T {
  if ('done' in outcome) return outcome.done;
  const message = outcome.message.replace(/\s+/g, ' ');
  assert.match(message, /model|no explain|cannot be shown yet/i, `the command failed: ${message}`);
  ctx.test!.title += ` — skipped, the engine has no trained model here: "${message}"`;
  ctx.skip();
}
