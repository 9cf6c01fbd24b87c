/**
 * The server's database for the model test of sync (tests/property/sync-devices.property.test.ts):
 * every run starts from the same state, restored in place, so a run costs its own steps only and a
 * failing seed (or fast-check's shrunk path) replays on exactly the state it failed on.
 * - `trimDemo` keeps a few of the demo company's applications per assignee (all of the rest go,
 *   with every row that hangs from them): the invariants are the same, each full pull is a fraction
 *   of the seeded one, and two devices meet on the same application far more often (conflicts).
 * - `snapshot` copies every table of the public schema into the schema `modelo_base`, with the
 *   sequences' values, and a PL/pgSQL function `modelo_base.restaurar()` that puts both back in one
 *   statement (rows deleted and copied back with FK triggers off, as a restore does; a VACUUM
 *   every few restores). The same SQL runs on PGlite and PostgreSQL (superuser, for
 *   session_replication_role), on the database the server under test uses: no connection changes,
 *   and a server process started on that database (the process kills) needs no restart.
 * Nothing here knows the tables by name except `trimDemo`: a new table is copied and restored by
 * itself; a new table that hangs from applications makes `trimDemo`'s deletes fail loudly (FK).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/src/db/client';

const BASE = 'modelo_base';
const VACUUM_EVERY = 20;

async function rows<T>(db: Db, text: string): Promise<T[]> {
  return ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Keeps the first `perAssignee` applications (by id) of each assignee of the company; deletes the rest. */
export async function trimDemo(db: Db, empresaId: number, perAssignee: number): Promise<number> {
  return db.transaction(async (tx) => {
    const run = (text: string) => tx.execute(sql.raw(text));
    await run(`create temp table modelo_quitar on commit drop as
      select id, solicitante_id from (
        select id, solicitante_id, row_number() over (partition by assigned_to_user_id order by id) as n
        from solicitudes where empresa_id = ${Number(empresaId)}) k
      where n > ${Number(perAssignee)}`);
    const bySolicitud = `(select id from modelo_quitar)`;
    const bySolicitante = `(select solicitante_id from modelo_quitar)`;
    await run(`delete from seguimiento_historial where etapa_id in (select id from seguimiento_etapas where solicitud_id in ${bySolicitud})`);
    for (const t of ['seguimiento_etapas', 'revisiones', 'observaciones', 'notificaciones']) await run(`delete from ${t} where solicitud_id in ${bySolicitud}`);
    await run(`delete from solicitudes where id in ${bySolicitud}`);
    await run(`delete from documento_contenidos where documento_id in (select id from documentos where solicitante_id in ${bySolicitante})`);
    for (const t of ['documentos', 'referencias', 'ubicaciones', 'actividad_economica', 'informacion_financiera']) {
      await run(`delete from ${t} where solicitante_id in ${bySolicitante}`);
    }
    await run(`delete from solicitantes where id in ${bySolicitante}`);
    const counted = (await tx.execute(sql`select count(*)::int as n from solicitudes where empresa_id = ${empresaId}`)) as unknown as { rows: Array<{ n: number }> };
    const n = counted.rows[0].n;
    return n;
  });
}

/** Copies the database as it is now; the returned function puts it back. */
export async function snapshot(db: Db): Promise<() => Promise<void>> {
  const tables = (await rows<{ t: string }>(db, `select tablename as t from pg_tables where schemaname = 'public' order by tablename`)).map((r) => r.t);
  const sequences = await rows<{ s: string; v: string | null }>(db, `select sequencename as s, last_value::text as v from pg_sequences where schemaname = 'public'`);
  await db.execute(sql.raw(`drop schema if exists ${BASE} cascade`));
  await db.execute(sql.raw(`create schema ${BASE}`));
  for (const t of tables) await db.execute(sql.raw(`create table ${BASE}.${ident(t)} as select * from public.${ident(t)}`));
  // One function restores it all: one round trip per run instead of one per table.
  const body = [
    `perform set_config('session_replication_role', 'replica', true);`,
    // DELETE, not TRUNCATE: a truncate makes new files for every table, several times slower here.
    ...tables.map((t) => `delete from public.${ident(t)};`),
    ...tables.map((t) => `insert into public.${ident(t)} overriding system value select * from ${BASE}.${ident(t)};`),
    ...sequences.map((q) => `perform setval('public.${ident(q.s)}', ${q.v === null ? 1 : Number(q.v)}, ${q.v !== null});`),
  ];
  await db.execute(sql.raw(`create function ${BASE}.restaurar() returns void language plpgsql as $$\nbegin\n${body.join('\n')}\nend\n$$`));
  let restores = 0;
  return async () => {
    await db.execute(sql.raw(`select ${BASE}.restaurar()`));
    // PGlite has no autovacuum: the deleted rows of every restore would pile up in the tables.
    if (++restores % VACUUM_EVERY === 0) await db.execute(sql.raw('vacuum'));
  };
}
