/** `npm run seed -- --applications N`: seeds the database of DATA_DIR / DATABASE_URL. */
import { resolve } from 'node:path';
import { mkdirSync } from 'node:fs';
import { openDatabase } from './client';
import { insertApplications, isEmpty, rng, seedDemo } from './seed';
import { usuarios } from './schema';
import { eq, sql } from 'drizzle-orm';
import { readConfigOrExit } from '../config';

const args = process.argv.slice(2);
const i = args.indexOf('--applications');
const applications = i >= 0 ? Number(args[i + 1]) : 0;
if (!Number.isInteger(applications) || applications < 0) {
  console.error('Uso: npm run seed -- --applications N');
  process.exit(2);
}
const config = readConfigOrExit();
const dataDir = resolve(config.DATA_DIR);
mkdirSync(dataDir, { recursive: true });
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { pgliteDir: resolve(dataDir, 'pg') },
);
const started = Date.now();
if (await isEmpty(database.db)) {
  await seedDemo(database.db, { applications });
} else if (applications > 0) {
  const demoUsers = await database.db.select().from(usuarios).where(eq(usuarios.empresaId, 1));
  const by = (rol: string) => demoUsers.find((u) => u.rol === rol)?.id ?? demoUsers[0].id;
  await insertApplications(database.db, 1, applications, rng(Date.now()), {
    admin: by('admin'),
    supervisor: by('supervisor'),
    manager: by('manager'),
    asesor: by('asesor'),
    banco: by('banco'),
    user: by('user'),
  });
}
// Fresh planner statistics after a bulk load (PGlite has no autovacuum).
await database.db.execute(sql`analyze`);
console.log(`Datos sembrados en ${((Date.now() - started) / 1000).toFixed(1)} s`);
await database.close();
