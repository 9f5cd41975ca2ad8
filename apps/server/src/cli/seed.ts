import { loadConfig } from '../config/env.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, randomDemoPasswords, seedDemoData } from '../seed/seed.ts';
import { openDatabaseOrExit } from './open-database.ts';

const config = loadConfig();
const database = await openDatabaseOrExit(config);
try {
  await database.migrate();
  // the README's password only for a development server that listens on this machine alone
  const passwords = config.demoPasswords === 'random' ? randomDemoPasswords() : undefined;
  const loaded = await seedDemoData(database.db, passwords);
  if (!loaded) console.log('I dati demo sono già presenti: nessuna modifica.');
  else {
    console.log('Dati demo caricati. Account (le password non saranno mostrate di nuovo):');
    for (const email of DEMO_EMAILS) console.log(`  ${email} / ${passwords?.get(email) ?? DEMO_PASSWORD}`);
  }
} finally {
  await database.close();
}
