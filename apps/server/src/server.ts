import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { ensureDemoData } from './db/seed.ts';

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();

const app = await buildApp({ config, database });
if (config.seedDemo) {
  const seeded = await ensureDemoData(database.db, app.log);
  if (seeded) app.log.info('demo data loaded');
}

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
  Demo admin:  admin@fantarift.local / FantaRift!2026
  Demo player: giocatore1@fantarift.local / FantaRift!2026
  Posta di sviluppo: ${config.isProduction ? 'disattivata in produzione' : `${url}/dev/mailbox`}
  API: ${url}/api/docs
`);
