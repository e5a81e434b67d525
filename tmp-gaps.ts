import { buildOpenApi } from '#shared/http/openapi.ts';
import { ROUTES } from '#shared/http/routes/index.ts';
import { documentGaps } from '#test/support/openapi-gaps.ts';
const doc = buildOpenApi(ROUTES, { title: 'BillWatch API', version: '0.1.0', serverUrl: 'http://localhost:3000' });
console.log(documentGaps(doc).join('\n'));
