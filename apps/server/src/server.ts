import { buildApp } from './app.ts';
import { openDatabaseOrExit } from './cli/open-database.ts';
import { loadConfig } from './config/env.ts';
import { settlePoints } from './modules/points/index.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, ensureDemoData, randomDemoPasswords } from './seed/seed.ts';

const config = loadConfig();
const database = await openDatabaseOrExit(config);
await database.migrate();

const app = await buildApp({ config, database });
// match changes the last run committed as pending and stopped before writing (points-fold.ts)
void settlePoints(database.db).catch((err) => app.log.error({ err }, 'points fold failed'));
let demoAccounts = '';
if (config.seedDemo) {
  // a server others can reach never gets the README's password: each account gets a random one, shown once
  const passwords = config.demoPasswords === 'random' ? randomDemoPasswords() : undefined;
  const seeded = await ensureDemoData(database.db, app.log, passwords);
  if (seeded) app.log.info('demo data loaded');
  if (seeded && passwords) {
    demoAccounts = `  Dati demo caricati; password casuali (non saranno mostrate di nuovo):\n${DEMO_EMAILS.map(
      (email) => `    ${email} / ${passwords.get(email)}`,
    ).join('\n')}\n`;
  } else if (config.demoPasswords === 'readme') {
    demoAccounts = `  Demo admin:  admin@fantarift.local / ${DEMO_PASSWORD}\n  Demo player: giocatore1@fantarift.local / ${DEMO_PASSWORD}\n`;
  }
}

// reminders and their sending: every instance runs it, the database shares the work (modules/notifications)
app.notifications.start();

const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', close);
process.once('SIGTERM', close);

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
console.log(`
  FantaRift è in esecuzione: ${url}
  Database: ${database.kind === 'pglite' ? `PGlite (${config.dataDir}/pglite)` : 'PostgreSQL (DATABASE_URL)'}
${demoAccounts}  Posta di sviluppo: ${config.isProduction ? 'disattivata in produzione' : `${url}/dev/mailbox (solo da questo computer)`}
  API: ${config.apiDocs ? `${url}/api/docs` : 'documentazione disattivata (API_DOCS=true per pubblicarla)'}
`);
