import { writeFile } from 'node:fs/promises';
import { apiSchemaSource, readServerOpenApi, SCHEMA_FILE } from './api-schema.ts';

/** `npm run api:generate`: writes the API's types from the server's current OpenAPI document. */
await writeFile(SCHEMA_FILE, await apiSchemaSource(await readServerOpenApi()));
console.log(`API types written to ${SCHEMA_FILE}`);
