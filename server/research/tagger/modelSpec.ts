/**
 * `MODEL[@W]` on the command line of the tagger's research scripts: a parser model file, its refined tagger deciding
 * beside W × the first passes' scores (`Tagger.firstWeight`) when W is given, or its first passes alone for `@first`.
 */
import { readModel } from '../../src/parser/modelFile';
import { parserModels } from '../../src/parser/parserModels';
import { ParserModels } from '../../src/parser/dependencyParser';

export function modelOfSpec(spec: string): ParserModels {
  const [file, w] = spec.split('@');
  const m = parserModels(readModel(file));
  if (w === undefined) return m;
  if (w === 'first') return { ...m, tagger: m.tagger.withRefiner(undefined) };
  if (!m.tagger.refiner) throw new Error(`${file} has no refining pass to weigh`);
  return { ...m, tagger: m.tagger.withRefiner(m.tagger.refiner, Number(w)) };
}
