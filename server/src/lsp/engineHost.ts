/**
 * The engine as the analysis worker sees it: the linter loaded once, plus the model's "explain" (MAP underlying
 * bracketing of each sentence) and "restore" (MBR restoration) for the client's commands. Without trained models
 * the engine runs its typographic rules alone; explain and restore then fail with a message that says so.
 */
import { defaultModelDir, Linter, LinterParts, loadEngineParts, makeLinter, punctModelFile } from '../engine';
import { makeRestorer } from '../cli/restoreAdapter';
import { loadPunctModel, PunctModel } from '../model';

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

  /** The MAP underlying bracketing T′ of each sentence of `text`, one per line. */
  async explain(text: string): Promise<string> {
    await this.load();
    const { analyser, model, problem } = this.parts!;
    if (!analyser || !model) throw new Error(`the underlying punctuation needs the trained parser and model, which are not available (${problem ?? 'not loaded'})`);
    const lines: string[] = [];
    for (const s of analyser.parseText(text)) {
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

  /** The text with its punctuation restored by the model (the CLI's restoration, the same code). */
  async restore(text: string): Promise<string> {
    await this.load();
    const { analyser, problem } = this.parts!;
    if (!analyser || !this.punctModel) throw new Error(`restoration needs the trained parser and punctuation model, which are not available (${problem ?? 'not loaded'})`);
    // The engine's own parser and model: restoring loads nothing more (it used to load a second parser per use).
    return makeRestorer(analyser, this.punctModel).restore(text);
  }

  /** The punctuation model the engine loaded (loadPunctModel keeps one instance per file), for restoration. */
  private get punctModel(): PunctModel | undefined {
    if (!this.parts?.model) return undefined;
    return loadPunctModel(punctModelFile(defaultModelDir()));
  }
}
