/** The output formats of `puncteme lint --format`. */
import { formatCheckstyle } from './checkstyle';
import { formatGithub } from './github';
import { formatJson } from './json';
import { Formatter } from './report';
import { formatSarif } from './sarif';
import { formatStylish } from './stylish';

export const FORMATTERS: Record<string, Formatter> = {
  stylish: formatStylish,
  json: formatJson,
  sarif: formatSarif,
  github: formatGithub,
  checkstyle: formatCheckstyle,
};

export type { FileReport, FormatContext, Formatter } from './report';
export { countSeverities } from './report';
