/**
 * The shapes of the JSON model files the engine reads directly, checked on load: a file that parses but is not a
 * calibration (or a convention) must not be read as one with holes filled by defaults.
 *
 * The checks are Ajv's code for the schemas of `modelSchemaDefs.ts`, generated ahead of time (`npm run models:schemas`
 * writes `modelSchemaChecks.ts`; a test fails when it is out of date): loading Ajv and compiling the schemas took
 * ~75 ms CPU of every start (issue 37).
 */
import { calibration, commaGaps, convention } from './modelSchemaChecks';

type Check = ((value: unknown) => boolean) & { errors?: Array<{ instancePath?: string; message?: string }> | null };
const checks: Record<'calibration' | 'convention' | 'commaGaps', Check> = { calibration, convention, commaGaps };

/** Why `value` is not a model file of `kind`, or undefined if it is one. */
export function modelSchemaProblem(kind: keyof typeof checks, value: unknown): string | undefined {
  const check = checks[kind];
  if (check(value)) return undefined;
  const e = check.errors?.[0];
  return `not a ${kind} file: ${e ? `${e.instancePath || '(top level)'} ${e.message}` : 'wrong shape'}`;
}
