/**
 * The shapes of the JSON model files the engine reads directly, checked on load: a file that parses but is not a
 * calibration (or a convention) must not be read as one with holes filled by defaults.
 */
import Ajv from 'ajv';

const number = { type: 'number' };
const probability = { type: 'number', minimum: 0, maximum: 1 };
const points = { type: 'array', items: { type: 'array', items: number, minItems: 2, maxItems: 2 } };

const calibrationSchema = {
  type: 'object',
  required: ['threshold', 'kinds'],
  properties: {
    threshold: probability,
    thresholds: { type: 'object', additionalProperties: probability },
    kinds: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['a', 'b'],
        properties: {
          a: number,
          b: number,
          count: number,
          points,
          sizeWeight: number,
          recal: { type: 'object', required: ['a', 'b'], properties: { a: number, b: number, points } },
        },
      },
    },
    minCommaPrior: probability,
    note: { type: 'string' },
  },
};

const count = { type: 'integer', minimum: 0 };
const conventionSchema = {
  type: 'object',
  required: ['minCount', 'minShare', 'counts'],
  properties: {
    minCount: count,
    minShare: probability,
    counts: { type: 'object', additionalProperties: { type: 'object', required: ['n', 'comma'], properties: { n: count, comma: count } } },
    note: { type: 'string' },
  },
};

const ajv = new Ajv({ allErrors: false, strict: false });
const checks = { calibration: ajv.compile(calibrationSchema), convention: ajv.compile(conventionSchema) };

/** Why `value` is not a model file of `kind`, or undefined if it is one. */
export function modelSchemaProblem(kind: keyof typeof checks, value: unknown): string | undefined {
  const check = checks[kind];
  if (check(value)) return undefined;
  const e = check.errors?.[0];
  return `not a ${kind} file: ${e ? `${e.instancePath || '(top level)'} ${e.message}` : 'wrong shape'}`;
}
