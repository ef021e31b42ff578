/**
 * The JSON schemas of the model files the engine reads directly (`modelSchemas.ts` checks them). Their checking code
 * is generated from these (`modelSchemaChecks.ts`, `npm run models:schemas`), so that a start loads no schema compiler.
 */
const number = { type: 'number' };
const probability = { type: 'number', minimum: 0, maximum: 1 };
const points = { type: 'array', items: { type: 'array', items: number, minItems: 2, maxItems: 2 } };

export const calibrationSchema = {
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
export const conventionSchema = {
  type: 'object',
  required: ['minCount', 'minShare', 'counts'],
  properties: {
    minCount: count,
    minShare: probability,
    counts: { type: 'object', additionalProperties: { type: 'object', required: ['n', 'comma'], properties: { n: count, comma: count } } },
    note: { type: 'string' },
  },
};

/**
 * The JSON header of `comma-gaps.bin` (`commaGaps/model.ts`; its weights follow in the layout of `hashedWeightsFile.ts`):
 * per question (missing, stray), a threshold per kind of gap, and the shift of each question's intercept from the
 * training data's error rate to writers' (`priorShift`, already in the weights; kept to say what was done), and the
 * kinds of gap where its training examples held stray commas (`strayKinds`; a model without the list was shown them at
 * four kinds, `strayAgreement`).
 */
const gapThresholds = { type: 'object', additionalProperties: { type: 'number', minimum: 0 } };
export const commaGapsSchema = {
  type: 'object',
  required: ['magic', 'version', 'bits', 'scale', 'nonZero', 'thresholds'],
  properties: {
    magic: { type: 'string' },
    version: { type: 'string' },
    bits: { type: 'integer', minimum: 5, maximum: 24 },
    scale: { type: 'number', exclusiveMinimum: 0 },
    nonZero: { type: 'integer', minimum: 0 },
    thresholds: { type: 'object', required: ['missing', 'stray'], properties: { missing: gapThresholds, stray: gapThresholds } },
    priorShift: { type: 'object', additionalProperties: { type: 'number' } },
    strayKinds: { type: 'array', items: { type: 'string' } },
    note: { type: 'string' },
  },
};
