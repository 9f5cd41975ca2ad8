import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemoData } from '../db/seed.ts';

const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const loaded = await seedDemoData(database.db);
  console.log(
    loaded
      ? `Dati demo caricati. Admin: ${DEMO_ADMIN_EMAIL} / ${DEMO_PASSWORD}`
      : 'I dati demo sono già presenti: nessuna modifica.',
  );
} finally {
  await database.close();
}
