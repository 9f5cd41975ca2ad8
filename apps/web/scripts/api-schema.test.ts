import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { apiSchemaSource, readServerOpenApi, SCHEMA_FILE } from './api-schema.ts';

// The server is built in a child process (compiled on the fly, with its embedded database): on a busy
// machine that takes tens of seconds.
const SERVER_BUILD_TIMEOUT_MS = 240_000;

test(
  'the committed API types match the server’s current OpenAPI document',
  async () => {
    const generated = await apiSchemaSource(await readServerOpenApi());
    expect(
      generated === readFileSync(SCHEMA_FILE, 'utf8'),
      'The server’s API schemas changed: run `npm run api:generate` and commit apps/web/src/lib/api/schema.gen.ts',
    ).toBe(true);
  },
  SERVER_BUILD_TIMEOUT_MS,
);
