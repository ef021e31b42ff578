/**
 * A warm start for training the graph parser: θ from a graph parser model file (`parser-graph.bin.gz`, as
 * `exportBiaffine.ts` writes it, θ float16 or float32), refused unless the file was trained over exactly what this
 * setup builds: the same encoder and head dims, vocabularies, relations and tag sets. The file's fixed pretrained
 * rows are not read (it may keep a pruned subset): training reads the full table of its --pretrained, which must hold
 * a row for every word the file has one for.
 */
import { readModel } from '../../../src/parser/modelFile';
import { graphFromContents } from '../../../src/parser/graph/graphModel';
import { BiaffineSetup } from './biaffineSetup';

const sameInts = (a: Int32Array | undefined, b: Int32Array | undefined) => (a?.length ?? 0) === (b?.length ?? 0) && (a ?? []).every((x, i) => x === b![i]);
const canonical = (o: object) => JSON.stringify(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** θ of `file` (float64, from its float16 or float32 entries) after checking it against the setup; throws otherwise. */
export function initialTheta(file: string, setup: BiaffineSetup): { theta: Float64Array; version: string; training?: Record<string, unknown> } {
  const m = readModel(file);
  const g = graphFromContents(m, file);
  const fp = g.parser, sp = setup.parser;
  const problems: string[] = [];
  const { pretrained: _fileRows, ...fileSizes } = fp.net.layout.sizes;
  const { pretrained: _setupRows, ...setupSizes } = sp.net.layout.sizes;
  if (canonical(fp.net.layout.dims) !== canonical(sp.net.layout.dims)) problems.push(`encoder dims ${canonical(fp.net.layout.dims)}, the setup's ${canonical(sp.net.layout.dims)}`);
  if (canonical(fileSizes) !== canonical(setupSizes)) problems.push(`table sizes ${canonical(fileSizes)}, the setup's ${canonical(setupSizes)}`);
  if (canonical(fp.heads.dims) !== canonical(sp.heads.dims)) problems.push(`head dims ${canonical(fp.heads.dims)}, the setup's ${canonical(sp.heads.dims)}`);
  const fv = fp.net.vocab.vocab, sv = sp.net.vocab.vocab;
  for (const k of ['words', 'slots', 'suffixes', 'shapes'] as const) if (!sameInts(fv[k], sv[k])) problems.push(`another ${k} vocabulary`);
  const setupPretrained = new Set(sv.pretrained ?? []);
  const missing = [...(fv.pretrained ?? [])].filter((h) => !setupPretrained.has(h)).length;
  if (missing) problems.push(`${missing} of its pretrained words have no row in --pretrained's table`);
  const { rels, tagSet } = setup.prepared;
  if (g.deprels.join(' ') !== rels.list.join(' ')) problems.push('other relations (or another order)');
  if (g.tags.upos.join(' ') !== tagSet.upos.join(' ') || g.tags.xpos.join(' ') !== tagSet.xpos.join(' ')) problems.push('other tag sets');
  if (fp.theta.length !== sp.theta.length) problems.push(`θ of ${fp.theta.length} entries, the setup's ${sp.theta.length}`);
  if (problems.length) throw new Error(`--init ${file} was not trained over this setup (seed, data, dims): ${problems.join('; ')}`);
  return { theta: Float64Array.from(fp.theta), version: g.version, training: m.header.info.training as Record<string, unknown> | undefined };
}
