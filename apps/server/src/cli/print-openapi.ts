import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { openPglite } from '../db/client.ts';

/**
 * Prints the API's OpenAPI document (the one `/api/openapi.json` serves) as JSON on stdout; the web
 * client's types are generated from it (`npm run api:generate`). The app is built in-process and never
 * listens. The routes' schemas need no data, so an empty in-memory database stands in for the real one.
 */
const config = loadConfig({ NODE_ENV: 'test', APP_URL: 'http://fantarift.test', WEB_DIST: '/nonexistent' });
const database = openPglite(await PGlite.create());
const app = await buildApp({ config, database, logger: false });
try {
  await app.ready();
  process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
} finally {
  await app.close();
  await database.close();
}
