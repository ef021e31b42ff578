/**
 * `puncteme explain "text"`: the parse of each sentence, the MAP underlying bracketing T′ of what was written, and the
 * findings with their explanations. `puncteme explain --tree FILE.conllu --sentence N`: the MAP underlying bracketing
 * of treebank sentence N (1-based) under its gold tree. `--candidates` adds every correction the model weighed, with its
 * Δ log p and calibrated confidence against the threshold: the answer to "why was this not flagged?".
 */
import { DIALECT_USAGE, isDialect, quoteStyleOf } from '../../config';
import * as fs from 'fs';
import * as path from 'path';
import { parseArgs } from 'util';
import { readTreebank } from '../../data/treebank';
import {
  COMMA_SPLICES_USAGE,
  INTRODUCTORY_COMMA_USAGE,
  QUOTE_STYLE_USAGE,
  SERIAL_COMMA_USAGE,
  isCommaSplices,
  isDecision,
  DECISION_USAGE,
  isIntroductoryComma,
  isQuoteStyle,
  isSerialComma,
  DECISION_STAGES,
  DecisionNote,
  describeAudience,
  loadEngineParts,
  settleDocument,
  makeLinter,
  WeighedCorrections,
  weighedCorrections,
} from '../../engine';
import { plainExplanation, plainExplanationText } from '../../engine/plainWords';
import { AnalysedSentence } from '../../engine/sentence';
import { Command, UsageError } from '../command';
import { blockOptions } from '../../prose/documentOptions';
import { printableLines } from '../text/printable';
import { formatTable } from '../table';
import { runEditForm, wantsEditForm } from './explainEdit';

export const explainCommand: Command = {
  path: ['explain'],
  summary: 'Show why: the parse of a sentence, the punctuation the model expects, and each finding explained.',
  usage: [
    'puncteme explain [--candidates] [--decision calibrated|learned] [--dialect en-US|en-GB]',
    '                        [--quote-style american|british|auto] [--serial-comma always|never|ignore]',
    '                        [--introductory-comma edited|auto|ignore] [--comma-splices edited|ignore] "text" | -',
    '       puncteme explain --tree FILE.conllu --sentence N',
    '       puncteme explain [--delete "phrase" | --move-front "phrase" | --move-end "phrase" | --join [and|but|…]]',
    '                        [--svg FILE] "text"',
  ].join('\n'),
  async run(args, rawIo) {
    // Its report quotes the text and the findings' messages: control characters are shown as escapes.
    const io = { ...rawIo, stdout: (s: string) => rawIo.stdout(printableLines(s)) };
    const { values, positionals } = parseArgs({
      args,
      options: {
        tree: { type: 'string' },
        sentence: { type: 'string' },
        'quote-style': { type: 'string' },
        dialect: { type: 'string' },
        'serial-comma': { type: 'string' },
        'introductory-comma': { type: 'string' },
        'comma-splices': { type: 'string' },
        decision: { type: 'string' },
        candidates: { type: 'boolean' },
        delete: { type: 'string' },
        'move-front': { type: 'string' },
        'move-end': { type: 'string' },
        join: { type: 'string' },
        svg: { type: 'string' },
      },
      allowPositionals: true,
    });
    const parts = loadEngineParts();
    // A missing or corrupt model file stops the command (exit 2) with the file's name: never a quiet fallback.
    if (parts.modelError) throw parts.modelError;
    if (values.tree !== undefined) {
      const n = Number(values.sentence ?? '1');
      if (!Number.isInteger(n) || n < 1) throw new UsageError('--sentence takes a positive number');
      if (!parts.model) throw new Error(`the punctuation model is not available (${parts.problem})`);
      const tb = readTreebank(values.tree);
      const s = tb.sentences[n - 1];
      if (!s) throw new UsageError(`${values.tree} has ${tb.sentences.length} sentences`);
      const tree = tb.trees.find((t) => t.id === s.sentId && s.sentId !== undefined);
      if (!tree) throw new Error(`sentence ${n} cannot be depunctuated (a punctuation token is not a leaf)`);
      io.stdout(`${s.text ?? ''}\n${parts.model.viterbi(tree).bracketing}\n`);
      return 0;
    }
    if (positionals.length === 0) throw new UsageError('no text given');
    // `puncteme explain notes.md` explains the words "notes.md" as a sentence: say what the command takes instead.
    if (positionals.length === 1 && /^[^\s]+\.[A-Za-z0-9]{1,8}$/.test(positionals[0]) && fs.statSync(path.resolve(io.cwd, positionals[0]), { throwIfNoEntry: false })?.isFile())
      throw new UsageError(`"${positionals[0]}" is a file, and explain takes the text itself: puncteme explain "a sentence", or puncteme explain - < ${positionals[0]} (lint checks a file: puncteme lint ${positionals[0]})`);
    const text = positionals[0] === '-' ? await io.readStdin() : positionals.join(' ');
    if (wantsEditForm(values)) return runEditForm(values, text, parts, io);
    const quoteStyleFlag = values['quote-style'];
    if (quoteStyleFlag !== undefined && !isQuoteStyle(quoteStyleFlag)) throw new UsageError(QUOTE_STYLE_USAGE);
    const dialect = values.dialect;
    if (dialect !== undefined && !isDialect(dialect)) throw new UsageError(DIALECT_USAGE);
    const quoteStyle = quoteStyleOf({ quoteStyle: quoteStyleFlag, dialect });
    const serialComma = values['serial-comma'];
    if (serialComma !== undefined && !isSerialComma(serialComma)) throw new UsageError(SERIAL_COMMA_USAGE);
    const introductoryComma = values['introductory-comma'];
    if (introductoryComma !== undefined && !isIntroductoryComma(introductoryComma)) throw new UsageError(INTRODUCTORY_COMMA_USAGE);
    const commaSplices = values['comma-splices'];
    if (commaSplices !== undefined && !isCommaSplices(commaSplices)) throw new UsageError(COMMA_SPLICES_USAGE);
    const decision = values.decision;
    if (decision !== undefined && !isDecision(decision)) throw new UsageError(DECISION_USAGE);
    if (decision === 'learned' && !parts.scorer) throw new Error(`the learned scorer is not available (${parts.problem ?? 'no lint-scorer.json in the model directory'})`);
    const options = { quoteStyle, serialComma, introductoryComma, commaSplices, ...(decision ? { decision } : {}) };
    if (parts.analyser && parts.model) {
      for (const s of parts.analyser.parseText(text)) {
        io.stdout(`Sentence: ${text.slice(s.start, s.end)}\n\n`);
        const rows = s.tree.words.map((w, k) => [k + 1, w.form, w.upos, w.head, w.deprel, s.tree.slots[k + 1].join(' ')]);
        io.stdout(formatTable(['#', 'word', 'upos', 'head', 'relation', 'punctuation after'], rows) + '\n\n');
        try {
          io.stdout(`Underlying punctuation (MAP tree T′):\n  ${parts.model.viterbi(s.tree).bracketing}\n\n`);
        } catch (e) {
          io.stdout(`Underlying punctuation: none explains this surface (${(e as Error).message})\n\n`);
        }
        const weighed = values.candidates ? weighedCorrections(s, parts, text, options) : undefined;
        if (weighed) io.stdout(candidateTable(s, weighed) + '\n\n');
      }
    } else {
      io.stdout(`(parser or model not available: ${parts.problem}; typographic rules only)\n\n`);
    }
    // The text as one document: its findings, and the standard the decisions over the whole text held it to; with
    // --candidates, the findings left out for a more confident one overlapping them.
    const overlapped: DecisionNote[] = [];
    const trace = values.candidates ? (n: DecisionNote) => overlapped.push(n) : undefined;
    // The text's quote style decided as `lint` decides a file's (a habit-less technical text gets no model style).
    const linter = makeLinter(parts);
    const [asDocument] = blockOptions([{ text }], options, undefined, linter.readsAsTechnical);
    const { findings: [findings], audience } = settleDocument([linter.lintPart(text, asDocument, trace)], trace);
    if (values.candidates && parts.model) io.stdout(`Decided over the whole text: ${describeAudience(audience)}. A correction deferred to an error-prone document is reported only under learner standards.\n\n`);
    if (overlapped.length) io.stdout(overlapTable(text, overlapped) + '\n\n');
    if (findings.length === 0) io.stdout('No findings.\n');
    for (const f of findings) {
      io.stdout(`${f.start.line + 1}:${f.start.character + 1}  ${f.ruleId}  (confidence ${f.confidence.toFixed(2)})  ${f.message}\n`);
      // In plain words first (what is wrong, what to write), then the model's view: the editor's hover says the same.
      const [wrong, ...rest] = plainExplanationText(plainExplanation(f, text));
      const more = rest.indexOf('More:');
      io.stdout([wrong, ...rest.slice(0, more)].map((l) => `    ${l}\n`).join(''));
      io.stdout('    More:\n');
      for (const fix of f.fixes) io.stdout(`      fix: ${fix.title}: ${fix.edits.map((e) => `${e.start.offset}–${e.end.offset} → "${e.newText}"`).join(', ')}\n`);
      io.stdout(rest.slice(more + 1).map((l) => `    ${l}\n`).join(''));
    }
    return findings.length > 0 ? 1 : 0;
  },
};

/** Every scored correction of one sentence, most confident first: where it changes what, Δ log p, confidence. */
function candidateTable(s: AnalysedSentence, weighed: WeighedCorrections): string {
  const words = s.tree.words;
  const marks = (m: readonly string[]) => (m.length ? m.join('') : 'nothing');
  const where = (i: number) => (i === words.length ? `after "${words[i - 1].form}"` : `"${words[i - 1]?.form ?? ''} _ ${words[i].form}"`);
  const learned = weighed.decision === 'learned';
  // The learned scorer weighs every gap of the sentence: the ones it gives almost nothing are left out of the table.
  const shown = learned ? weighed.corrections.filter((c) => c.reported || c.confidence >= LEARNED_SHOWN) : weighed.corrections;
  const rows = shown.map((c) => [
    c.kind,
    c.changes.map(({ slot, marks: m }) => `${where(slot)} → ${marks(m)}`).join('; '),
    Number.isFinite(c.delta) ? c.delta.toFixed(2) : '—',
    c.confidence.toFixed(3),
    c.reported ? 'yes' : '',
    ...(learned ? [(c.reasons ?? []).join('; ')] : []),
  ]);
  const head = learned
    ? `Corrections the learned scorer weighed with a probability of at least ${LEARNED_SHOWN} (${weighed.corrections.length - shown.length} others below; Δ = log p(corrected | T) − log p(written | T), one of its features; reported when the probability ≥ its kind's threshold, ${thresholdNote(weighed)}):`
    : `Corrections weighed (Δ = log p(corrected | T) − log p(written | T); reported when confidence ≥ its kind's threshold, ${thresholdNote(weighed)}):`;
  const table = rows.length ? `${head}\n${formatTable(['kind', 'change', 'Δ', learned ? 'probability' : 'confidence', 'reported', ...(learned ? ['what weighed for it'] : [])], rows)}` : `${head} none.`;
  const change = (changes: ReadonlyArray<{ slot: number; marks: readonly string[] }>) => changes.map(({ slot, marks: m }) => `${where(slot)} → ${marks(m)}`).join('; ');
  const vetoed = weighed.vetoed.map((v) => [v.kind, change(v.changes), v.guard, v.guardDescription]);
  const guards = vetoed.length ? `\n\nCorrections a guard vetoed (never weighed):\n${formatTable(['kind', 'change', 'guard', 'what it recognises'], vetoed)}` : '';
  // Every other stage's notes, in the order the stages ran (a candidate may have several: below its threshold, then
  // deferred to an error-prone document). The insertions the prior floor kept out are many and alike: one line.
  const floor = weighed.decisions.filter((n) => n.stage === 'prior');
  const later = weighed.decisions.filter((n) => n.stage !== 'guard' && n.stage !== 'prior');
  const stages = [...new Set(later.map((n) => n.stage))].map((st) => `  ${st}: ${DECISION_STAGES[st]}`).join('\n');
  const notes = later.map((n) => [n.stage, n.effect, n.kind, change(n.changes), n.reason]);
  const decided = notes.length
    ? `\n\nWhat the decision did to the corrections it did not report as scored (in the order its stages ran):\n${formatTable(['stage', 'effect', 'kind', 'change', 'why'], notes)}\n${stages}`
    : '';
  const unscored = floor.length ? `\n\nInsertions never scored, the model's prior of a comma there below the floor: ${floor.map((n) => `${change(n.changes)} (${n.reason.replace(/^prior of a comma /, '').replace(/ < .*$/, '')})`).join(', ')}.` : '';
  return `${table}${guards}${decided}${unscored}`;
}



/** Under the learned decision, the candidates below this probability are counted, not listed. */
const LEARNED_SHOWN = 0.05;

/** The global threshold and the kinds' own ones, for the table's heading. */
function thresholdNote(weighed: WeighedCorrections): string {
  const own = Object.entries(weighed.kindThresholds).map(([k, t]) => `${k} ${t}`);
  return own.length ? `${weighed.threshold}; ${own.join(', ')}` : `${weighed.threshold}`;
}

/** The findings the overlap rule left out (`keepStrongest`), each once, with the text it covers and what outweighed it. */
function overlapTable(text: string, notes: readonly DecisionNote[]): string {
  const seen = new Set<string>();
  const rows: string[][] = [];
  for (const n of notes) {
    const at = n.range ?? { start: 0, end: 0 };
    const key = `${n.kind}\u0001${at.start}\u0001${at.end}\u0001${n.reason}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push([n.kind, `${at.start}–${at.end} "${text.slice(at.start, at.end)}"`, n.reason]);
  }
  return `Findings left out (${DECISION_STAGES.strongest}):\n${formatTable(['rule', 'where', 'why'], rows)}`;
}
