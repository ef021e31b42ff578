/**
 * Restoration of unpunctuated text (the model's MBR restoration, paper §6.1). The engine may export
 * `restore(text)`; otherwise parse with the bundled parser and restore each sentence with the punctuation model.
 * Both are looked up at run time so that the CLI builds and runs (with a clear message) before the models exist.
 */
export interface Restorer {
  restore(text: string): Promise<string>;
}

type AnyFn = (...args: unknown[]) => unknown;

function tryRequire(id: string): Record<string, unknown> | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(id) as Record<string, unknown>;
  } catch (e) {
    if ((e as { code?: string }).code === 'MODULE_NOT_FOUND') return undefined;
    throw e;
  }
}

export async function loadRestorer(): Promise<Restorer> {
  const engine = tryRequire('../engine');
  if (engine && typeof engine.restore === 'function') {
    const restore = engine.restore as AnyFn;
    return { restore: async (text) => String(await restore(text)) };
  }
  const parserMod = tryRequire('../parser');
  const modelMod = tryRequire('../model');
  if (parserMod && modelMod && typeof parserMod.loadParser === 'function' && typeof modelMod.loadPunctModel === 'function') {
    const parser = (await (parserMod.loadParser as AnyFn)()) as { parseText(text: string): unknown };
    const model = (await (modelMod.loadPunctModel as AnyFn)()) as { restore(tree: unknown): unknown };
    return {
      async restore(text) {
        const parsed = parser.parseText(text) as unknown;
        const trees = Array.isArray(parsed) ? parsed : [parsed];
        const sentences = await Promise.all(trees.map(async (t) => String(await model.restore(t))));
        return sentences.join(' ');
      },
    };
  }
  throw new Error('restoration needs the trained parser and punctuation model (server/src/parser, server/src/model), which this build does not include yet');
}
