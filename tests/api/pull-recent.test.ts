/**
 * A first sync's newest-first pass (server/src/modules/sync/pull-recent.ts): the applications
 * newest first, then everything else by cursor from 0 with the pass's floor. Whatever changes
 * while the pass runs, the device ends with exactly what a plain pull from 0 gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { bearer, createTestContext, loginAs, type DemoUser, type TestContext } from './helpers';
import { nextSeq } from '../../server/src/db/change-seq';
import { insertApplications, rng } from '../../server/src/db/seed';
import { solicitudes, usuarios } from '../../server/src/db/schema';
import type { Change, PullResponse, RecentPosition } from '../../src/domain/sync-protocol';
import type { SolicitudRecord } from '../../src/domain/solicitud';
import { pullQuery } from '../../src/sync/http-transport';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function get(who: DemoUser, query: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/sync/pull?${query}`, headers: bearer(await loginAs(ctx.app, who)) });
}

async function page(who: DemoUser, query: string): Promise<PullResponse> {
  const res = await get(who, query);
  expect(res.statusCode).toBe(200);
  return res.json().data as PullResponse;
}

/** A device's mirror: each change applied in order. */
class Device {
  readonly rows = new Map<string, unknown>();
  readonly clientId = randomUUID();
  apply(changes: Change[]): void {
    for (const c of changes) {
      const key = `${c.entity}:${c.id}`;
      if (c.op === 'del') this.rows.delete(key);
      else this.rows.set(key, c.row);
    }
  }
  /** One page of the pass: the next position, or null once it is over. */
  async passPage(who: DemoUser, limit: number, at: { floor?: number; before?: RecentPosition | null; from?: RecentPosition }, apply = true) {
    const params = pullQuery({
      clientId: this.clientId,
      cursor: 0,
      limit,
      recent: { floor: at.floor, before: at.before ?? undefined, from: at.from },
    });
    const p = await page(who, params);
    expect(p.recent).toBeDefined();
    if (apply) this.apply(p.changes);
    return { page: p, floor: p.recent!.floor, before: p.recent!.before, stops: p.recent!.stops };
  }
  async byCursor(who: DemoUser, floor: number, limit = 500): Promise<void> {
    let cursor = 0;
    for (;;) {
      const p = await page(who, `clientId=${this.clientId}&cursor=${cursor}&limit=${limit}&floor=${floor}`);
      expect(p.recent).toBeUndefined();
      this.apply(p.changes);
      if (!p.more) return;
      cursor = p.cursor;
    }
  }
}

/** What a plain pull from 0 gives, now. */
async function plainPull(who: DemoUser): Promise<Map<string, unknown>> {
  const device = new Device();
  await device.byCursor(who, 0);
  return device.rows;
}

const createdKey = (r: unknown) => {
  const s = (r as SolicitudRecord).solicitud;
  return [Date.parse(s.created_at.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')), (r as SolicitudRecord).id] as const;
};

describe('first sync newest first', () => {
  it('sends the applications newest first, then the rest by cursor with no application twice', async () => {
    const device = new Device();
    let at: { floor?: number; before?: RecentPosition | null } = {};
    const order: Change[] = [];
    let pages = 0;
    let total: number | undefined;
    do {
      const { page: p, floor, before } = await device.passPage('admin', 37, { ...at });
      if (pages === 0) total = (await page('admin', `clientId=${device.clientId}&recent=1&limit=1&total=1`)).total;
      expect(p.changes.every((c) => c.entity === 'solicitud' && c.op === 'put')).toBe(true);
      order.push(...p.changes);
      at = { floor, before };
      pages++;
    } while (at.before);
    expect(pages).toBeGreaterThan(3);
    expect(order.length).toBe(total);
    expect(new Set(order.map((c) => c.id)).size).toBe(order.length);
    const keys = order.map((c) => createdKey(c.row));
    for (let i = 1; i < keys.length; i++) {
      const [t0, id0] = keys[i - 1];
      const [t1, id1] = keys[i];
      expect(t1 < t0 || (t1 === t0 && id1 < id0)).toBe(true);
    }
    const passed = device.rows.size;
    await device.byCursor('admin', at.floor!);
    const entities = new Set([...device.rows.keys()].map((k) => k.split(':')[0]));
    for (const e of ['notificacion', 'definicion', 'categoria', 'estados', 'usuario']) expect(entities).toContain(e);
    expect([...device.rows.keys()].filter((k) => k.startsWith('solicitud:'))).toHaveLength(passed);
    expect(device.rows).toEqual(await plainPull('admin'));
  });

  it.each(['admin', 'banco'] as const)('ends where a plain pull ends when applications change during the pass (%s)', async (who) => {
    const db = ctx.database.db;
    const empresaId = ctx.seeded.demo.id;
    const device = new Device();
    const first = await device.passPage(who, 40, {});
    const sent = [...device.rows.keys()].filter((k) => k.startsWith('solicitud:')).map((k) => k.slice('solicitud:'.length));
    const live = await db.select().from(solicitudes).where(and(eq(solicitudes.empresaId, empresaId), isNull(solicitudes.deletedAt)));
    const unsent = live.filter((s) => !sent.includes(s.id) && (who !== 'banco' || s.bancoNombre === 'Bancolombia'));
    const write = (id: string, set: Partial<typeof solicitudes.$inferInsert>) =>
      db.transaction(async (tx) => {
        const seq = await nextSeq(tx, empresaId);
        await tx.update(solicitudes).set({ ...set, seq }).where(eq(solicitudes.id, id));
      });
    const now = new Date().toISOString();
    await write(sent[0], { estado: 'Desistido', updatedAt: now });
    await write(sent[1], { deletedAt: now });
    await write(unsent[0].id, { deletedAt: now });
    await write(sent[2], { bancoNombre: 'Davivienda', bancosAnteriores: ['bancolombia'] });
    await write(unsent[1].id, { bancoNombre: 'Davivienda', bancosAnteriores: ['bancolombia'] });
    const owners = Object.fromEntries((await db.select().from(usuarios).where(eq(usuarios.empresaId, empresaId))).map((u) => [u.rol, u.id]));
    await insertApplications(db, empresaId, 12, rng(who.length), owners as never);

    let at: { floor?: number; before?: RecentPosition | null } = { floor: first.floor, before: first.before };
    while (at.before) {
      const next = await device.passPage(who, 40, at);
      expect(next.floor).toBe(first.floor);
      at = { floor: next.floor, before: next.before };
    }
    await device.byCursor(who, first.floor, 25);
    expect(device.rows).toEqual(await plainPull(who));
    expect(device.rows.has(`solicitud:${sent[1]}`)).toBe(false);
    expect((device.rows.get(`solicitud:${sent[0]}`) as SolicitudRecord).solicitud.estado).toBe('Desistido');
    if (who === 'banco') expect(device.rows.has(`solicitud:${sent[2]}`)).toBe(false);
  });

  it('by its stops, asked all at once, covers every application once, and the cursor then catches up', async () => {
    const db = ctx.database.db;
    const empresaId = ctx.seeded.demo.id;
    const device = new Device();
    const first = await device.passPage('admin', 30, {});
    expect(first.stops!.length).toBeGreaterThan(2);
    const bounds = [first.before!, ...first.stops!];
    const ranges = bounds.map((before, i) => ({ floor: first.floor, before, from: bounds[i + 1] }));
    // Quiet server: the ranges hold every application once, each whole.
    const quiet = await Promise.all(ranges.map((r) => device.passPage('admin', 30, r, false)));
    const ids = [...first.page.changes, ...quiet.flatMap((q) => q.page.changes)].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(first.page.total ?? (await page('admin', `clientId=${device.clientId}&recent=1&limit=1&total=1`)).total);
    quiet.slice(0, -1).forEach((q, i) => expect(q.before).toEqual(ranges[i].from));
    expect(quiet.at(-1)!.before).toBeNull();

    // Now with writes between the stops and the ranges: new applications inside the ranges,
    // deletions, then the ranges asked all at once and written in order (a cut one finished first).
    const owners = Object.fromEntries((await db.select().from(usuarios).where(eq(usuarios.empresaId, empresaId))).map((u) => [u.rol, u.id]));
    await insertApplications(db, empresaId, 90, rng(99), owners as never);
    const victim = (quiet[1].page.changes[3] ?? quiet[0].page.changes[3]).id;
    await db.transaction(async (tx) => {
      const seq = await nextSeq(tx, empresaId);
      await tx.update(solicitudes).set({ deletedAt: new Date().toISOString(), seq }).where(eq(solicitudes.id, victim));
    });
    const answers = await Promise.all(ranges.map((r) => device.passPage('admin', 30, r, false)));
    for (const [i, a] of answers.entries()) {
      device.apply(a.page.changes);
      let rest = a;
      while (ranges[i].from && rest.before && rest.before.id !== ranges[i].from.id) {
        rest = await device.passPage('admin', 30, { floor: first.floor, before: rest.before, from: ranges[i].from });
      }
    }
    await device.byCursor('admin', first.floor, 50);
    expect(device.rows).toEqual(await plainPull('admin'));
    expect(device.rows.has(`solicitud:${victim}`)).toBe(false);
  });

  it('refuses a position without its pair, floor or recent=1', async () => {
    const clientId = randomUUID();
    const before = encodeURIComponent('2026-01-01 10:00:00.123+00');
    const id = randomUUID();
    for (const q of [
      `recent=1&floor=3&before=${before}`,
      `recent=1&floor=3&beforeId=${id}`,
      `recent=1&before=${before}&beforeId=${id}`,
      `floor=3&before=${before}&beforeId=${id}`,
      `recent=1&floor=3&before=ayer&beforeId=${id}`,
      `recent=1&floor=3&before=${before}&beforeId=${id}&from=${before}`,
      `recent=1&floor=3&from=${before}&fromId=${id}`,
      `recent=2`,
    ]) {
      const res = await get('admin', `clientId=${clientId}&${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect((await get('admin', `clientId=${clientId}&recent=1&floor=3&before=${before}&beforeId=${id}`)).statusCode).toBe(200);
  });
});
