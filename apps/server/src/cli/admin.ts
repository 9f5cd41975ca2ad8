import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { setAdmin } from '../modules/auth/admin-flag.ts';

const [command, email] = process.argv.slice(2);
if ((command !== 'promote' && command !== 'demote') || !email) {
  console.error('Uso: npm run admin -- promote <email>   |   npm run admin -- demote <email>');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const found = await setAdmin(database.db, email, command === 'promote');
  if (!found) {
    console.error(`Nessun utente con email ${email}`);
    process.exitCode = 1;
  } else {
    console.log(
      command === 'promote' ? `${email} ora è amministratore` : `${email} non è più amministratore`,
    );
  }
} finally {
  await database.close();
}
