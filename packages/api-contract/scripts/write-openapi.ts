import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument } from '../src/openapi';

/** `docs/openapi.json` at the repository root, found from this script's place (packages/api-contract/scripts). */
const target = join(__dirname, '..', '..', '..', 'docs', 'openapi.json');

writeFileSync(target, `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
console.log(`Wrote ${target}`);
