/**
 * `npm run models:schemas`: writes `server/src/engine/modelSchemaChecks.ts`, Ajv's standalone checking code for the
 * model files' schemas (`modelSchemaDefs.ts`; see server/research/modelSchemaChecks.ts). Run after changing a schema
 * (`test/engine/modelSchemaChecks.test.ts` fails until then).
 */
import * as fs from 'fs';
import { CHECKS_FILE, modelSchemaChecksSource } from '../server/research/modelSchemaChecks';

fs.writeFileSync(CHECKS_FILE, modelSchemaChecksSource());
process.stdout.write(`wrote ${CHECKS_FILE}\n`);
