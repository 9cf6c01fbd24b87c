import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { RadicaDB, type NotificacionRow } from '../../db/database';
import { BANK_CHANGE_TITLE, bankNoticeDetail, bankNoticeMarks, watchBankNotice } from './bank-change-notice';

const SOL = '01900000-0000-7000-8000-0000000000a1';

const notice = (id: string, fecha: string, correos: number): NotificacionRow => ({
  id,
  solicitud_id: SOL,
  estado: 'pendiente',
  titulo: BANK_CHANGE_TITLE,
  created_at: fecha,
  updated_at: fecha,
  datos_adicionales: { fecha_cambio: fecha, correos_en_cola: correos },
});

async function watch(db: RadicaDB) {
  const heard: Array<[number, boolean]> = [];
  const stop = watchBankNotice(db, SOL, await bankNoticeMarks(db, SOL), (n, updated) => heard.push([n, updated]));
  return { heard, stop };
}

describe('watchBankNotice', () => {
  it('speaks when the server rewrites the unread notice for this change (same id, new change time), as updated', async () => {
    const db = new RadicaDB(`notice-${crypto.randomUUID()}`);
    await db.notificaciones.put(notice('n1', '2026-01-01T10:00:00.000Z', 2));
    const { heard, stop } = await watch(db);
    // A pull that brings nothing new about the bank says nothing.
    await db.notificaciones.put({ ...notice('n1', '2026-01-01T10:00:00.000Z', 2), estado: 'pendiente' });
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual([]);
    await db.notificaciones.put(notice('n1', '2026-01-01T10:03:00.000Z', 3));
    await expect.poll(() => heard).toEqual([[3, true]]);
    stop();
  });

  it('speaks once for a new notice, as created', async () => {
    const db = new RadicaDB(`notice-${crypto.randomUUID()}`);
    await db.notificaciones.put(notice('n1', '2026-01-01T10:00:00.000Z', 2));
    const { heard } = await watch(db);
    await db.notificaciones.put(notice('n2', '2026-01-01T10:30:00.000Z', 1));
    await expect.poll(() => heard).toEqual([[1, false]]);
    await db.notificaciones.put(notice('n1', '2026-01-01T10:31:00.000Z', 2));
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual([[1, false]]);
  });

  it('says created or updated in the detail', () => {
    expect(bankNoticeDetail(2)).toBe('Aviso creado; 2 correos en cola para enviar desde el servidor (ver «Correos» del registro).');
    expect(bankNoticeDetail(1, true)).toBe('Aviso actualizado; 1 correo en cola para enviar desde el servidor (ver «Correos» del registro).');
  });
});
