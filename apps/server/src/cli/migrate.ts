import { loadConfig } from '../config/env.ts';
import { openDatabaseOrExit } from './open-database.ts';

const config = loadConfig();
const database = await openDatabaseOrExit(config);
try {
  await database.migrate();
  console.log(`Migrazioni applicate (${database.kind}).`);
} finally {
  await database.close();
}
