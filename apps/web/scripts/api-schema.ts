import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';

const SERVER_DIR = path.resolve(import.meta.dirname, '../../server');

/** The generated types of the API, committed so that the web app builds without a server. */
export const SCHEMA_FILE = path.resolve(import.meta.dirname, '../src/lib/api/schema.gen.ts');

/** The server's OpenAPI document, printed by the server itself from its routes' schemas. */
export async function readServerOpenApi(): Promise<OpenAPI3> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/cli/print-openapi.ts'],
    {
      cwd: SERVER_DIR,
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return JSON.parse(stdout) as OpenAPI3;
}

/** The TypeScript source of `SCHEMA_FILE` for an OpenAPI document: the script and the test share it. */
export async function apiSchemaSource(document: OpenAPI3): Promise<string> {
  return COMMENT_HEADER + astToString(await openapiTS(document, { silent: true }));
}
