import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';

const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  console.log(`Migrazioni applicate (${database.kind}).`);
} finally {
  await database.close();
}
