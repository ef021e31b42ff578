/**
 * The registry of settings: one object a setting, from which `scripts/settings-schema.ts` writes both the editor's
 * settings (`contributes.configuration` in the root package.json) and the JSON schema of `.punctemerc.json`
 * (`punctemerc.schema.json`, which the loader validates against). A test checks both files equal what this produces,
 * so the two front ends' settings cannot drift apart. Value lists come from the engine's own constants and the rule
 * ids from the rule registry; each rule's `settings` must name settings registered here (checked by the same test).
 */
import {
  AUDIENCE_VALUES,
  COMMA_SPLICES_VALUES,
  DECISION_VALUES,
  DEFAULT_DECISION,
  DEFAULT_COMMA_GAPS,
  DEFAULT_COMMA_SPLICES,
  DEFAULT_EG_COMMA,
  DEFAULT_INTRODUCTORY_COMMA,
  EG_COMMA_VALUES,
  INTRODUCTORY_COMMA_VALUES,
  QUOTE_STYLE_VALUES,
  SERIAL_COMMA_VALUES,
} from '../engine/types';
import { RULE_IDS } from '../engine/registry';
import { DIALECT_VALUES } from './dialect';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** Where a setting is read: the editor's settings, `.punctemerc.json`, or both. */
export type SettingScope = 'both' | 'editor' | 'project';

export interface SettingSpec {
  key: string;
  scope: SettingScope;
  /** The value's JSON-schema shape in the editor (`type`, `minimum`, `items`…), without `enum`. */
  shape: JsonObject;
  /** The value's shape in `.punctemerc.json` where it is stricter or differs (`minLength`, closed objects). */
  projectShape?: JsonObject;
  /** Allowed values, each with what it does (the editor shows them one by one; the project schema inlines them). */
  values?: ReadonlyArray<readonly [string, string]>;
  /** Values the editor offers besides `values` (the editor's "none" dialect). */
  editorOnlyValues?: ReadonlyArray<readonly [string, string]>;
  /** The default, for the editor (a project file only overrides the editor). */
  default?: Json;
  /** What the setting does: shared by both front ends unless `editorDescription`/`projectDescription` differ. */
  description: string;
  /** The editor's text, where it differs (the editor's globs and fixes are not the CLI's). */
  editorDescription?: string;
  projectDescription?: string;
  /** The editor renders the description as Markdown (`markdownDescription`). */
  markdown?: boolean;
  /** What the setting does to a rule, in a line of Markdown: the rule pages (`scripts/rule-pages.ts`) list it. */
  ruleNote?: string;
}

const OVERRIDDEN = " A project's .punctemerc.json overrides this.";
const SEVERITIES = ['error', 'warning', 'info', 'hint'];
const globs = { type: 'array', items: { type: 'string', minLength: 1 } };

export const SETTINGS: readonly SettingSpec[] = [
  { key: '$schema', scope: 'project', shape: { type: 'string' }, description: 'Path or URL of this schema, for editors.' },
  {
    key: 'extends',
    scope: 'project',
    shape: { oneOf: [{ type: 'string', minLength: 1 }, { type: 'array', items: { type: 'string', minLength: 1 } }] },
    description:
      'Configurations this one builds on: paths relative to this file ("../team/punctemerc.json") or npm packages ("@team/puncteme-config"). Read in order, this file last: later keys win, rules merge rule by rule, allow, falsePositives and exclude add up. A cycle is an error.',
  },
  { key: 'enable', scope: 'editor', shape: { type: 'boolean' }, default: true, description: 'Check the punctuation of prose documents.' },
  {
    key: 'languages',
    scope: 'editor',
    shape: { type: 'array', items: { type: 'string' } },
    default: ['markdown', 'plaintext', 'latex', 'tex', 'git-commit', 'restructuredtext', 'asciidoc'],
    description:
      'Language ids of the documents to check (Markdown, plain text, LaTeX, git commit messages, reStructuredText and AsciiDoc are supported).',
  },
  {
    key: 'rules',
    scope: 'project',
    shape: {
      type: 'object',
      propertyNames: { enum: [...RULE_IDS] },
      additionalProperties: { enum: ['off', 'on', ...SEVERITIES] },
    },
    description: 'Per rule id: "off" switches the rule off; "on" keeps its default severity; a severity overrides it.',
  },
  {
    key: 'dialect',
    ruleNote: '`en-US` (quoteStyle `american`) or `en-GB` (`british`), where quoteStyle is not set beside it',
    scope: 'both',
    shape: { type: 'string' },
    values: [
      ['en-US', 'American English: periods and commas inside closing quotes (quoteStyle american).'],
      ['en-GB', 'British English: periods and commas outside closing quotes unless they belong to the quotation (quoteStyle british).'],
    ],
    editorOnlyValues: [['none', 'No dialect: puncteme.quoteStyle decides.']],
    default: 'none',
    description: 'The variety of English. It sets the quote style where quoteStyle is left at auto; a quoteStyle set beside it wins.',
  },
  {
    key: 'quoteStyle',
    ruleNote: '`american`, `british` or `auto` (the document\'s own habit, the default)',
    scope: 'both',
    shape: { type: 'string' },
    values: [
      ['american', 'Periods and commas go inside closing quotes: “a disaster.”'],
      ['british', 'Periods and commas go outside unless they belong to the quotation: “a disaster”.'],
      ['auto', "Follow the document's own habit; where it shows none, American (the style the punctuation model learned), except in technical writing."],
    ],
    default: 'auto',
    description: 'Where periods and commas go relative to closing quotation marks.',
  },
  {
    key: 'serialComma',
    ruleNote: '`always`, `never` or `ignore` (the default: nothing is reported)',
    scope: 'both',
    shape: { type: 'string' },
    values: [
      ['always', 'Require the comma before the conjunction of a list of three or more (red, white, and blue).'],
      ['never', 'Forbid it (red, white and blue).'],
      ['ignore', 'Do not check it.'],
    ],
    default: 'ignore',
    description: 'The serial (Oxford) comma.',
  },
  {
    key: 'introductoryComma',
    ruleNote: '`edited`, `auto` (the default) or `ignore`',
    scope: 'both',
    shape: { type: 'string' },
    values: [
      ['edited', 'Ask for the comma after an introductory element where edited prose writes it (However, we …; Although it rained, we …), as most writers already do.'],
      ['auto', "Ask for it after a transition (However, we …; For example, we …), and after other elements where edited prose nearly always writes it (When it rained, we …), unless the document's own habit is to leave it out."],
      ['ignore', 'Report a missing one only when the error model is confident it was dropped (rarely: many writers leave it out).'],
    ],
    default: DEFAULT_INTRODUCTORY_COMMA,
    description: 'The comma after an introductory word, phrase or clause, as a style of edited prose.',
  },
  {
    key: 'egComma',
    ruleNote: '`always` (e.g., apples), `never` (e.g. apples) or `off` (the default: nothing is reported)',
    scope: 'both',
    shape: { type: 'string' },
    values: [
      ['always', 'Ask for a comma after e.g. and i.e. (e.g., apples), as most American style guides do.'],
      ['never', 'Ask for none (e.g. apples), as most British style guides do.'],
      ['off', 'Do not check it.'],
    ],
    default: DEFAULT_EG_COMMA,
    description: 'The comma after e.g. and i.e., a house style.',
  },
  {
    key: 'commaSplices',
    ruleNote: '`edited` (every comma splice) or `ignore` (the default: only where the error model is sure)',
    scope: 'both',
    shape: { type: 'string' },
    values: [
      ['edited', 'Report every comma that joins two independent clauses (It was late, we left), as edited prose would not have it. Recommended for learners of English.'],
      ['ignore', 'Report a comma splice only when the error model is confident (rarely: many writers splice).'],
    ],
    default: DEFAULT_COMMA_SPLICES,
    description: 'The comma splice, as a style of edited prose.',
  },
  {
    key: 'commaGaps',
    scope: 'both',
    shape: { type: 'boolean' },
    default: DEFAULT_COMMA_GAPS,
    description:
      'Also ask the comma-gap model, learned from edited English, at every gap between two words: is a comma missing here, or is the one written here stray? It finds commas the parse of a mistyped sentence hides (an apposition read as a compound name). Turn off to report only the other rules.',
  },
  {
    key: 'decision',
    scope: 'both',
    shape: { type: 'string' },
    values: [
      ['learned', 'A correction scorer learned from edited English weighs every candidate edit (the default).'],
      ['calibrated', "The error model learned from web text, with hand-written guards against its known false alarms: the decision before the learned one."],
    ],
    default: DEFAULT_DECISION,
    description: 'Who decides which of the punctuation model\'s candidate edits are reported.',
  },
  {
    key: 'adaptToWriter',
    scope: 'both',
    shape: { type: 'boolean' },
    default: true,
    description:
      "In a text with many findings for its length (as in a learner's essay; audience auto decides which texts), also report the less certain ones, since errors are frequent there. Turned off, the same as audience edited.",
  },
  {
    key: 'audience',
    ruleNote: '`learner` reports more (less certain findings, edited prose\'s conventions), `edited` less; `auto` (the default) chooses per document, as `adaptToWriter` did',
    scope: 'both',
    shape: { type: 'string' },
    values: [
      ['edited', "Edited prose's standard everywhere: a sentence's findings never depend on the rest of the document."],
      ['learner', "A learner's standard everywhere: less certain findings too, and edited prose's splices, introductory commas and final marks; a sentence's findings never depend on the rest of the document."],
      ['auto', "Chosen from the document's own findings by a model learned from documents: learner standards where its findings for its length (and, in a text written with capitals and final marks, its less certain ones) are more than edited or web writers' texts show; the editor's status bar and the CLI say which."],
    ],
    default: 'auto',
    description: 'The standard every sentence is held to. Other than auto it decides adaptToWriter; naming the standard auto chose changes no finding.',
  },
  {
    key: 'minConfidence',
    ruleNote: "report only findings at least this confident (0–1; 0 keeps the decision's own thresholds)",
    scope: 'both',
    shape: { type: 'number', minimum: 0, maximum: 1 },
    default: 0,
    description: "Hide findings whose confidence is below this (0 keeps the decision's own thresholds, one per kind of finding).",
  },
  {
    key: 'severity',
    scope: 'editor',
    shape: {
      type: 'object',
      propertyNames: { enum: [...RULE_IDS] },
      additionalProperties: { type: 'string', enum: [...SEVERITIES, 'off'] },
    },
    default: {},
    markdown: true,
    description: 'Severity per rule id, or `off` to switch a rule off, e.g. `{ "serial-comma": "hint" }`. Rules set in `.punctemerc.json` win.',
  },
  {
    key: 'run',
    scope: 'editor',
    shape: { type: 'string' },
    values: [
      ['onType', 'Check while typing (after a short pause).'],
      ['onSave', 'Check when the document is opened or saved.'],
    ],
    default: 'onType',
    description: 'When documents are checked.',
  },
  {
    key: 'include',
    scope: 'project',
    shape: globs,
    description:
      "Globs (relative to this file's directory) of the files a directory walk lints; default: every Markdown, plain-text, LaTeX, reStructuredText and AsciiDoc file.",
  },
  {
    key: 'exclude',
    scope: 'both',
    shape: { type: 'array', items: { type: 'string' } },
    projectShape: globs,
    default: [],
    description: 'Globs of files never checked.',
    editorDescription: 'Glob patterns (relative to the workspace folder, or matched against the file name) of files never checked.',
    projectDescription: "Globs (relative to this file's directory) never linted, in addition to .gitignore and .punctemeignore.",
  },
  {
    key: 'maxFileSize',
    scope: 'editor',
    shape: { type: 'number', minimum: 1 },
    default: 2_000_000,
    description: 'Documents larger than this many bytes are not checked (you are told so).',
  },
  {
    key: 'debounceMs',
    scope: 'editor',
    shape: { type: 'number', minimum: 0 },
    default: 100,
    description:
      'Milliseconds of quiet after the last edit before the document is checked again, until the time a check of it takes is known; then the wait follows that time (shorter while checking is fast), between a fifth of this value and this value. 0: no wait.',
  },
  {
    key: 'allow',
    scope: 'both',
    shape: { type: 'array', items: { type: 'string' } },
    projectShape: globs,
    default: [],
    markdown: true,
    description:
      'Words (matched literally, e.g. `Yahoo!`) or `/regular expressions/flags` whose punctuation is never reported: a finding within a match, or an insertion at its edge.',
    editorDescription:
      "Words (matched literally, e.g. `Yahoo!`) or `/regular expressions/flags` whose punctuation is never reported. A project's `.punctemerc.json` adds its own.",
  },
  {
    key: 'falsePositives',
    scope: 'both',
    shape: {
      type: 'array',
      items: { type: 'object', properties: { rule: { type: 'string' }, text: { type: 'string' } }, required: ['rule', 'text'] },
    },
    projectShape: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['rule', 'text'],
        properties: {
          rule: { type: 'string', minLength: 1, description: 'The rule id of the hidden finding.' },
          text: {
            type: 'string',
            minLength: 1,
            description: 'The sentence it was found in, as written: the finding is hidden wherever this text occurs.',
          },
        },
      },
    },
    default: [],
    markdown: true,
    description: 'Findings hidden one by one as false positives (the editor\'s "Hide this false positive" quick fix adds them).',
    editorDescription:
      "Findings hidden one by one: `{ \"rule\": \"comma\", \"text\": \"the sentence as written\" }`. The quick fix *Hide this false positive* adds them to the project's `.punctemerc.json`, which adds its own to these.",
  },
  {
    key: 'fixMinConfidence',
    scope: 'both',
    shape: { type: 'number', minimum: 0, maximum: 1 },
    default: 0.9,
    markdown: true,
    description: "--fix applies a finding's fix only at or above this confidence (default 0.9).",
    editorDescription: 'Fix on save (`source.fixAll.puncteme` in `editor.codeActionsOnSave`) applies only fixes at least this confident.',
  },
];

/** The engine's own value lists, for the test that the registry offers exactly them. */
export const ENGINE_VALUES: Readonly<Record<string, readonly string[]>> = {
  dialect: DIALECT_VALUES,
  quoteStyle: QUOTE_STYLE_VALUES,
  serialComma: SERIAL_COMMA_VALUES,
  introductoryComma: INTRODUCTORY_COMMA_VALUES,
  egComma: EG_COMMA_VALUES,
  commaSplices: COMMA_SPLICES_VALUES,
  audience: AUDIENCE_VALUES,
  decision: DECISION_VALUES,
};

/** `contributes.configuration` of the root package.json. */
export function editorConfiguration(): JsonObject {
  const properties: JsonObject = {};
  for (const s of SETTINGS) {
    if (s.scope === 'project') continue;
    const values = [...(s.editorOnlyValues ?? []), ...(s.values ?? [])];
    const p: JsonObject = { ...s.shape };
    if (values.length) {
      p.enum = values.map(([v]) => v);
      p.enumDescriptions = values.map(([, d]) => d);
    }
    if (s.default !== undefined) p.default = s.default;
    const text = (s.editorDescription ?? s.description) + (s.scope === 'both' && !s.editorDescription ? OVERRIDDEN : '');
    p[s.markdown ? 'markdownDescription' : 'description'] = text;
    properties[`puncteme.${s.key}`] = p;
  }
  return { title: 'Puncteme', properties };
}

/** `punctemerc.schema.json`: the project file's schema, which the loader validates against. */
export function projectSchema(): JsonObject {
  const properties: JsonObject = {};
  for (const s of SETTINGS) {
    if (s.scope === 'editor') continue;
    const p: JsonObject = { ...(s.projectShape ?? s.shape) };
    if (s.values) p.enum = s.values.map(([v]) => v);
    const valueText = s.values ? ' ' + s.values.map(([v, d]) => `${v}${v === s.default ? ' (the default)' : ''}: ${d}`).join(' ') : '';
    p.description = (s.projectDescription ?? s.description) + valueText;
    properties[s.key] = p;
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Puncteme project configuration (.punctemerc.json)',
    description: 'Shared by the puncteme CLI and the Puncteme language server. Every key is optional.',
    type: 'object',
    additionalProperties: false,
    properties,
  };
}
