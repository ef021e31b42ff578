/**
 * The engine as the analysis worker sees it: the linter loaded once, plus the model's "explain" (MAP underlying
 * bracketing of each sentence) and "restore" (MBR restoration) for the client's commands. Without trained models
 * the engine runs its typographic rules alone; explain and restore then fail with a message that says so.
 */
import { Linter, LinterParts, loadEngineParts, makeLinter } from '../engine';
import { makeRestorer } from '../restore';
import type { RestoreResult } from './workerProtocol';
import { EXPLAIN_STOPPED } from './budget';
import { pictureAt, repunctuationOffers, RepunctuationOffer } from '../engine/repunctuate';

/** A few words of `text` from `offset`, to name where something stopped. */
function excerpt(text: string, offset: number): string {
  const words = text.slice(offset, offset + 80).trim().split(/\s+/).slice(0, 6).join(' ');
  return words.length < text.length - offset ? `${words}…` : words;
}

export class EngineHost {
  private loaded: Promise<Linter> | undefined;
  private parts: (LinterParts & { problem?: string }) | undefined;

  /** Why the models are not in use, if they are not. */
  get problem(): string | undefined {
    return this.parts?.problem;
  }

  load(): Promise<Linter> {
    this.loaded ??= new Promise((resolve) => {
      this.parts = loadEngineParts();
      resolve(makeLinter(this.parts));
    });
    return this.loaded;
  }

  /**
   * The MAP underlying bracketing T′ of each sentence of `text`, one per line. After `budgetMs` the sentences left are
   * not explained, and a last line says so.
   */
  async explain(text: string, budgetMs = Infinity): Promise<string> {
    await this.load();
    const { analyser, model, problem } = this.parts!;
    if (!analyser || !model) throw new Error(`the underlying punctuation needs the trained parser and model, which are not available (${problem ?? 'not loaded'})`);
    const deadline = performance.now() + budgetMs;
    const lines: string[] = [];
    for (const s of analyser.parseSentences?.(text) ?? analyser.parseText(text)) {
      if (performance.now() > deadline) {
        lines.push(`${EXPLAIN_STOPPED} ${budgetMs / 1000} s; the sentences from "${excerpt(text, s.start)}" on are not explained.`);
        break;
      }
      lines.push(`# ${text.slice(s.start, s.end).replace(/\s+/g, ' ').trim()}`);
      try {
        lines.push(model.viterbi(s.tree).bracketing);
      } catch (e) {
        lines.push(`# no underlying tree explains this surface: ${(e as Error).message}`);
      }
      lines.push('');
    }
    return lines.join('\n').trim();
  }

  /** The re-punctuating edits offered at [start, end) of a prose block (`engine/repunctuate/offers.ts`). */
  async repunctuationOffers(text: string, start: number, end: number): Promise<RepunctuationOffer[]> {
    await this.load();
    const { analyser, model } = this.parts!;
    return analyser && model ? repunctuationOffers(text, analyser, model, start, end) : [];
  }

  /** The picture (SVG and text) of the sentence at `offset` of a prose block; null outside a sentence or without models. */
  async picture(text: string, offset: number): Promise<{ svg: string; text: string; sentence: string } | null> {
    await this.load();
    const { analyser, model } = this.parts!;
    return (analyser && model && pictureAt(text, analyser, model, offset)) || null;
  }

  /**
   * The text with its punctuation restored by the model (the CLI's restoration, the same code): after `budgetMs` the
   * sentences left are kept as they were, and `stoppedAt` says where that starts.
   */
  async restore(text: string, budgetMs = Infinity): Promise<RestoreResult> {
    await this.load();
    const { analyser, model, problem } = this.parts!;
    const restoring = model?.restoring;
    if (!analyser || !restoring) throw new Error(`restoration needs the trained parser and punctuation model, which are not available (${problem ?? 'not loaded'})`);
    // The engine's own parser and model: restoring loads nothing more. The restorer stops between sentences once the
    // budget is spent: the rest is kept as written.
    return makeRestorer(analyser, restoring).restoreUntil(text, performance.now() + budgetMs);
  }
}
