/**
 * CPU time of the parser's three stages — tagging, the transition parse (with its arc labeller) and the top-down
 * relabelling — per sentence, over sentences encoded beforehand. One implementation for `train-parser
 * --stage-times` and the speed tools under `test/parser/speed/`, which pass the `dependencyParser` module of another
 * checkout to time two versions of the code alternately in one process.
 */
import type * as dependencyParser from '../../parser/dependencyParser';
import type { EncodedSentence } from '../../parser/encoding';
import type { ParserModels } from '../../parser/dependencyParser';

export interface StageTimes {
  tag: number;
  parse: number;
  label: number;
  total: number;
}

const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e3;
};

/** A timer for `m` over `es`: each call runs the three stages once over all sentences and returns CPU ms per sentence. */
export function stageTimer(
  dp: Pick<typeof dependencyParser, 'arcLabeller' | 'predictHeads' | 'labelArcs'>,
  m: ParserModels,
  es: readonly EncodedSentence[],
): () => StageTimes {
  const arcs = dp.arcLabeller(m);
  return () => {
    let t0 = cpuMs();
    const tags = es.map((e) => m.tagger.tag(e));
    const tag = cpuMs() - t0;
    t0 = cpuMs();
    const heads = es.map((e, i) => dp.predictHeads(m, e, tags[i], undefined, arcs));
    const parse = cpuMs() - t0;
    t0 = cpuMs();
    es.forEach((e, i) => dp.labelArcs(m.labels, m.deprels, m.tagger.tags.upos, e, tags[i], heads[i]));
    const label = cpuMs() - t0;
    const n = es.length || 1;
    return { tag: tag / n, parse: parse / n, label: label / n, total: (tag + parse + label) / n };
  };
}
