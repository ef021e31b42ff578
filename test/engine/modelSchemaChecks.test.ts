import * as assert from 'assert';
import * as fs from 'fs';
import Ajv from 'ajv';
import { CHECKS_FILE, modelSchemaChecksSource } from '../../server/research/modelSchemaChecks';
import { calibrationSchema, conventionSchema } from '../../server/src/engine/modelSchemaDefs';
import { modelSchemaProblem } from '../../server/src/engine/modelSchemas';

describe('model file schema checks generated ahead of time (start-up)', () => {
  it('are what the schemas generate now (else: npm run models:schemas)', () => {
    assert.strictEqual(fs.readFileSync(CHECKS_FILE, 'utf8'), modelSchemaChecksSource());
  });

  it('accept and refuse what Ajv compiling the schemas at run time does, with the same first error', () => {
    const ajv = new Ajv({ allErrors: false, strict: false });
    const compiled = { calibration: ajv.compile(calibrationSchema), convention: ajv.compile(conventionSchema) };
    const shipped = {
      calibration: JSON.parse(fs.readFileSync('models/en/lint-calibration.json', 'utf8')),
      convention: JSON.parse(fs.readFileSync('models/en/lint-introductory-convention.json', 'utf8')),
    };
    const variants = (v: Record<string, unknown>): unknown[] => [
      v,
      null,
      [],
      'text',
      {},
      ...Object.keys(v).map((k) => ({ ...v, [k]: undefined })),
      ...Object.keys(v).map((k) => ({ ...v, [k]: 'x' })),
      ...Object.keys(v).map((k) => ({ ...v, [k]: -1 })),
      ...Object.keys(v).map((k) => ({ ...v, [k]: { z: { a: 'x', n: -1 } } })),
    ];
    let refused = 0;
    for (const kind of ['calibration', 'convention'] as const) {
      for (const value of variants(shipped[kind])) {
        const check = compiled[kind];
        const expected = check(value) ? undefined : `not a ${kind} file: ${check.errors?.[0] ? `${check.errors[0].instancePath || '(top level)'} ${check.errors[0].message}` : 'wrong shape'}`;
        assert.strictEqual(modelSchemaProblem(kind, value), expected, JSON.stringify(value)?.slice(0, 200));
        if (expected) refused++;
      }
      assert.strictEqual(modelSchemaProblem(kind, shipped[kind]), undefined);
    }
    assert.ok(refused > 10, `${refused} refused`);
  });
});
