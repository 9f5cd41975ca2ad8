import { loadConfig } from '../config/env.ts';
import { setAdmin } from '../modules/auth/index.ts';
import { openDatabaseOrExit } from './open-database.ts';

const [command, email] = process.argv.slice(2);
if ((command !== 'promote' && command !== 'demote') || !email) {
  console.error('Uso: npm run admin -- promote <email>   |   npm run admin -- demote <email>');
  process.exit(2);
}

const config = loadConfig();
// On PGlite the running server owns the data: the change is refused (and nothing is lost) until it stops.
// On PostgreSQL the server and this command share the database, and the server reads the flag on every
// request, so the change applies at once.
const database = await openDatabaseOrExit(
  config,
  `Nessuna modifica fatta. Ferma il server, esegui di nuovo "npm run admin -- ${command} ${email}" e riavvialo.`,
);
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
