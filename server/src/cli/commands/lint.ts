import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { ConfigError, DIALECT_USAGE, isDialect, loadProjectConfig, quoteStyleOf, toLintOptions } from '../../config';
import {
  AUDIENCE_USAGE,
  COMMA_SPLICES_USAGE,
  DECISION_USAGE,
  isAudience,
  EG_COMMA_USAGE,
  INTRODUCTORY_COMMA_USAGE,
  QUOTE_STYLE_USAGE,
  SERIAL_COMMA_USAGE,
  isCommaSplices,
  isDecision,
  isEgComma,
  isIntroductoryComma,
  isQuoteStyle,
  isSerialComma,
} from '../../engine/types';
import { withOlderAudienceName } from '../../engine/audience';
import { Command, UsageError } from '../command';
import { collectFiles } from '../files/collect';
import { linkOnTheWay } from '../../edits/links';
import { parseShard } from '../files/shard';
import { DEFAULT_FIX_MIN_CONFIDENCE } from '../../edits/safeFixes';
import { FORMATTERS, formatReports, formatterFor } from '../format';
import { exitCodeFor, FAIL_ON_USAGE, isFailOn } from '../format/failOn';
import { PROSE_EXTENSIONS, proseKindForPath } from '../proseAdapter';
import { lintRun, RunInput } from '../run/lintRun';
import { formatBytes, parseBytes } from '../run/readInput';
import { printable, printableLines } from '../text/printable';

const DEFAULT_MAX_FILE_SIZE = '4MiB';

const USAGE = `puncteme lint [options] PATH|GLOB|- …

  PATH may be a file or a directory (walked recursively); GLOB is expanded; - reads standard input.
  .gitignore and .punctemeignore are respected. Files are linted by extension, and the others skipped:
    ${PROSE_EXTENSIONS.join(' ')}
    and git commit messages (COMMIT_EDITMSG).

Options:
  -f, --format NAME        stylish (default), json, sarif, github, checkstyle
  -o, --output-file FILE   write the report to FILE instead of standard output
      --fail-on LEVEL      exit 1 for findings of this severity or above: error, warning (default), info, hint
                           (style findings are info: they fail the run only with --fail-on info)
      --max-warnings N     exit 1 only when there are errors or more than N other failing findings
      --fix                apply safe fixes in place (confident, non-overlapping, words untouched)
      --fix-dry-run        print the safe fixes as a unified diff; change nothing
      --fix-min-confidence P   confidence a fix needs to be applied (default: config, else ${DEFAULT_FIX_MIN_CONFIDENCE})
      --min-confidence P   report only findings at least this confident (overrides the config)
      --dialect en-US|en-GB   the variety of English: sets --quote-style (american, british) unless that is
                           given too (overrides the config)
      --quote-style american|british|auto   where periods and commas go beside closing quotes (auto: the
                           document's own habit; overrides the config)
      --serial-comma always|never|ignore   the comma before the conjunction of a list of three or more
                           (overrides the config)
      --introductory-comma edited|auto|ignore   the comma after an introductory element as edited prose
                           writes it, where the document's own habit is the comma (auto), or only when the
                           error model is sure it was dropped (overrides the config)
      --comma-splices edited|ignore   report every comma that joins two independent clauses, as edited
                           prose would not have it (default ignore: only when the error model is sure;
                           overrides the config)
      --eg-comma always|never|off   the comma after e.g. and i.e., a house style (default off: not checked;
                           overrides the config)
      --no-comma-gaps      do not ask the comma-gap model learned from edited English (asked by default;
                           overrides the config)
      --decision learned|calibrated   who decides the reported edits: the scorer learned from edited English
                           (learned, the default) or the error model with its hand-written guards
                           (overrides the config)
      --audience edited|learner|auto   the standard every sentence is held to: edited prose's, a learner's
                           (less certain findings too, and edited prose's conventions), or chosen from the
                           document's own findings (auto, the default; the summary says which; overrides
                           the config)
      --no-adapt-to-writer the same as --audience edited (its older name)
  -c, --config FILE        use FILE instead of the nearest .punctemerc.json
  -j, --jobs N             worker threads (default: one per core, as many as the amount of text is worth)
      --cache              reuse findings of unchanged files
      --cache-location F   cache file (default: .puncteme-cache/lint.json)
      --shard I/N          lint only the I-th of N stable slices of the files (CI fan-out)
      --stdin-filename F   name (and so prose kind) of standard input, e.g. README.md (default: plain text)
      --max-file-size S    skip larger files with a note (default: ${DEFAULT_MAX_FILE_SIZE}; 0 = no limit)
      --color, --no-color  force colours on or off (default: on a terminal only)
  -q, --quiet              no notes on standard error

Exit codes: 0 no failing findings, 1 findings at or above --fail-on (warning), 2 usage, configuration or
file errors.`;

function parseProbability(flag: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const p = Number(v);
  if (!(p >= 0 && p <= 1)) throw new UsageError(`${flag} must be a number between 0 and 1, got "${v}"`);
  return p;
}

function parseCount(flag: string, v: string | undefined, min: number): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < min) throw new UsageError(`${flag} must be an integer ≥ ${min}, got "${v}"`);
  return Number(v);
}

export const lintCommand: Command = {
  path: ['lint'],
  summary: 'Lint the punctuation of Markdown, plain text, LaTeX, reStructuredText and AsciiDoc files or stdin.',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        format: { type: 'string', short: 'f' },
        'output-file': { type: 'string', short: 'o' },
        'max-warnings': { type: 'string' },
        'fail-on': { type: 'string' },
        fix: { type: 'boolean' },
        'fix-dry-run': { type: 'boolean' },
        'fix-min-confidence': { type: 'string' },
        'min-confidence': { type: 'string' },
        'quote-style': { type: 'string' },
        dialect: { type: 'string' },
        'serial-comma': { type: 'string' },
        'introductory-comma': { type: 'string' },
        'comma-splices': { type: 'string' },
        'eg-comma': { type: 'string' },
        'no-adapt-to-writer': { type: 'boolean' },
        'no-comma-gaps': { type: 'boolean' },
        decision: { type: 'string' },
        audience: { type: 'string' },
        config: { type: 'string', short: 'c' },
        jobs: { type: 'string', short: 'j' },
        cache: { type: 'boolean' },
        'cache-location': { type: 'string' },
        shard: { type: 'string' },
        'stdin-filename': { type: 'string' },
        'max-file-size': { type: 'string' },
        color: { type: 'boolean' },
        'no-color': { type: 'boolean' },
        quiet: { type: 'boolean', short: 'q' },
      },
    });
    if (positionals.length === 0) throw new UsageError('no files given (use . for the current directory, - for standard input)');
    const format = values.format ?? 'stylish';
    if (!formatterFor(format)) throw new UsageError(`unknown --format "${printable(format)}" (one of ${Object.keys(FORMATTERS).join(', ')})`);
    const outputFile = values['output-file'] !== undefined ? path.resolve(io.cwd, values['output-file']) : undefined;
    // A report file planted as a link (`puncteme.sarif -> ~/.bashrc`) must not send the report anywhere.
    const outputLink = outputFile && linkOnTheWay(outputFile, io.cwd);
    if (outputLink) throw new UsageError(`--output-file: ${path.relative(io.cwd, outputLink) || outputLink} is a symbolic link; the report is not written through it`);
    if (values.fix && values['fix-dry-run']) throw new UsageError('--fix and --fix-dry-run exclude each other');
    if (values.fix && positionals.includes('-')) throw new UsageError('--fix cannot write back to standard input; use --fix-dry-run');
    const maxWarnings = parseCount('--max-warnings', values['max-warnings'], 0);
    const failOn = values['fail-on'] ?? 'warning';
    if (!isFailOn(failOn)) throw new UsageError(FAIL_ON_USAGE);
    const jobs = parseCount('--jobs', values.jobs, 1);
    const shard = values.shard !== undefined ? parseShard(values.shard) : undefined;
    const maxFileBytes = parseBytes(values['max-file-size'] ?? DEFAULT_MAX_FILE_SIZE);
    if (maxFileBytes === undefined) throw new UsageError(`--max-file-size: cannot read "${values['max-file-size']}" as a size`);
    // Notes and errors name files and quote the cache's path: shown with control characters escaped.
    const note = (s: string) => {
      if (!values.quiet) io.stderr(`puncteme: ${printable(s)}\n`);
    };

    let loaded;
    try {
      loaded = loadProjectConfig(io.cwd, values.config);
    } catch (e) {
      if (e instanceof ConfigError) {
        io.stderr(`puncteme: ${printableLines(e.message)}\n`);
        return 2;
      }
      throw e;
    }
    const { config } = loaded;
    const options = toLintOptions(config);
    const minConfidence = parseProbability('--min-confidence', values['min-confidence']);
    if (minConfidence !== undefined) options.minConfidence = minConfidence;
    const quoteStyle = values['quote-style'];
    if (quoteStyle !== undefined && !isQuoteStyle(quoteStyle)) throw new UsageError(QUOTE_STYLE_USAGE);
    const dialect = values.dialect;
    if (dialect !== undefined && !isDialect(dialect)) throw new UsageError(DIALECT_USAGE);
    const quoteStyleAsked = quoteStyleOf({ quoteStyle, dialect });
    if (quoteStyleAsked) options.quoteStyle = quoteStyleAsked;
    const serialComma = values['serial-comma'];
    if (serialComma !== undefined) {
      if (!isSerialComma(serialComma)) throw new UsageError(SERIAL_COMMA_USAGE);
      options.serialComma = serialComma;
    }
    const introductoryComma = values['introductory-comma'];
    if (introductoryComma !== undefined) {
      if (!isIntroductoryComma(introductoryComma)) throw new UsageError(INTRODUCTORY_COMMA_USAGE);
      options.introductoryComma = introductoryComma;
    }
    const commaSplices = values['comma-splices'];
    if (commaSplices !== undefined) {
      if (!isCommaSplices(commaSplices)) throw new UsageError(COMMA_SPLICES_USAGE);
      options.commaSplices = commaSplices;
    }
    if (values['no-adapt-to-writer']) options.audience = 'edited';
    if (values['no-comma-gaps']) options.commaGaps = false;
    const decision = values.decision;
    if (decision !== undefined) {
      if (!isDecision(decision)) throw new UsageError(DECISION_USAGE);
      options.decision = decision;
    }
    const audience = values.audience;
    if (audience !== undefined) {
      if (!isAudience(audience)) throw new UsageError(AUDIENCE_USAGE);
      options.audience = audience;
    }
    const egComma = values['eg-comma'];
    if (egComma !== undefined) {
      if (!isEgComma(egComma)) throw new UsageError(EG_COMMA_USAGE);
      options.egComma = egComma;
    }
    if (values['no-adapt-to-writer']) options.adaptToWriter = false;
    const fixMinConfidence =
      parseProbability('--fix-min-confidence', values['fix-min-confidence']) ?? config.fixMinConfidence ?? DEFAULT_FIX_MIN_CONFIDENCE;

    const collected = collectFiles(positionals, {
      cwd: io.cwd,
      configDir: loaded.path ? path.dirname(loaded.path) : io.cwd,
      ...(config.include ? { include: config.include } : {}),
      ...(config.exclude ? { exclude: config.exclude } : {}),
      ...(shard ? { shard } : {}),
    });
    const inputs: RunInput[] = collected.files.map((f) => ({ display: f.display, kind: f.kind, path: f.path }));
    if (collected.stdin) {
      const name = values['stdin-filename'] ?? '<stdin>';
      const kind = proseKindForPath(values['stdin-filename'] ?? 'stdin.txt');
      if (kind === undefined) throw new UsageError(`--stdin-filename ${name}: not Markdown, plain text, LaTeX, reStructuredText or AsciiDoc`);
      const text = await io.readStdin();
      const bytes = Buffer.byteLength(text, 'utf8');
      if (maxFileBytes > 0 && bytes > maxFileBytes) {
        note(`${name}: skipped (${formatBytes(bytes)} is over --max-file-size ${formatBytes(maxFileBytes)})`);
      } else inputs.unshift({ display: name, kind, text });
    }
    if (inputs.length === 0 && collected.errors.length === 0) note('no files to lint');

    const outcome = await lintRun(inputs, {
      // `--no-adapt-to-writer` and the config's `adaptToWriter: false` are the older name of `--audience edited`.
      options: withOlderAudienceName(options),
      fix: values.fix ? 'write' : values['fix-dry-run'] ? 'dry-run' : 'off',
      fixMinConfidence,
      ...(jobs !== undefined ? { jobs } : {}),
      maxFileBytes,
      cwd: io.cwd,
      ...(values.cache || values['cache-location']
        ? { cacheFile: path.resolve(io.cwd, values['cache-location'] ?? '.puncteme-cache/lint.json') }
        : {}),
      ...(io.stderrIsTTY ? { progress: io.stderr } : {}),
    });

    for (const n of [...collected.notes, ...outcome.notes]) note(n);
    if (values.cache || values['cache-location']) note(`cache: ${outcome.cacheHits} of ${outcome.reports.length} file(s) unchanged`);
    const errors = [...collected.errors, ...outcome.errors];
    for (const e of errors) io.stderr(`puncteme: error: ${printableLines(e)}\n`);

    const color = values['no-color'] ? false : values.color ? true : io.isTTY && !values['output-file'] && !process.env.NO_COLOR;
    const version = `${require('../../../package.json').version}`;
    let report: string;
    if (values['fix-dry-run']) report = printableLines(outcome.diffs.join(''));
    else report = formatReports(format, outcome.reports, { color, toolVersion: version, ...(io.columns ? { columns: io.columns } : {}) });
    // Written in place (not renamed over), so that -o /dev/null or a named pipe stay what they are.
    if (outputFile) fs.writeFileSync(outputFile, report);
    else io.stdout(report);
    if (values.fix || values['fix-dry-run']) {
      note(`${values.fix ? 'fixed' : 'would fix'} ${outcome.appliedEdits} problem(s) in ${outcome.fixedFiles} file(s)`);
    }

    if (errors.length) return 2;
    if (exitCodeFor(outcome.reports, failOn, maxWarnings) === 1) return 1;
    if (values['fix-dry-run'] && outcome.diffs.length) return 1;
    return 0;
  },
};
