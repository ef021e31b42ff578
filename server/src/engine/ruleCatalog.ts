import { exampleText, RULES } from './registry';

/**
 * What each rule means, in one sentence, with its examples, as the registry of rules (`registry/`) says: the text
 * SARIF viewers show beside a finding, and the top of the rule's page, `docs/rules/<id>.md` (written from this
 * catalogue by `scripts/rule-pages.ts`; the README's "Rules" table gives each rule one line linking to its page, and
 * a test checks that every rule here has its row there).
 */
export interface RuleDoc {
  /** One line: what the rule checks. */
  summary: string;
  /** A sentence it flags and what the fix gives. */
  example: string;
  /** Style rules report a setting's choice, not an error. */
  style?: boolean;
  /** The settings (`.punctemerc.json` keys, `puncteme.*` in the editor) that change what the rule reports. */
  settings?: readonly string[];
}

/** The registry's rules as documentation, in its order (`registry/`: one object a rule, with examples its test runs). */
export const RULE_CATALOG: Readonly<Record<string, RuleDoc>> = Object.fromEntries(
  RULES.map((r): [string, RuleDoc] => [
    r.id,
    { summary: r.description, example: exampleText(r), ...(r.kind === 'style' ? { style: true } : {}), ...(r.settings.length ? { settings: r.settings } : {}) },
  ]),
);

/** The rule's documentation, or a generic line for an id the catalog does not know (never throws). */
export function ruleDoc(ruleId: string): RuleDoc {
  return (Object.hasOwn(RULE_CATALOG, ruleId) ? RULE_CATALOG[ruleId] : undefined) ?? { summary: `Puncteme rule ${ruleId}.`, example: '' };
}
