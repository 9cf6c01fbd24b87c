/**
 * Changes the server finds change nothing (issue 35, audit of every mutator against its server
 * handler): the server then writes nothing and never sends the row back, so the device's
 * optimistic row must already be the server's. Each value here differs from the stored one only in
 * a way the server normalises away; the mutator must leave the row exactly as it was. The same
 * cases run against the real server in tests/api/mutation-parity.test.ts.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRecord } from '../test-utils/model-server';
import { mapRecord, RadicaDB } from './database';
import { mutate } from './mutate';

const SOL = '0190a0a0-0000-7000-8000-000000000001';
const REF = '0190a0a0-0000-7000-8000-0000000000aa';
let db: RadicaDB;

beforeEach(async () => {
  db = new RadicaDB(`test-${crypto.randomUUID()}`);
  const rec = makeRecord(SOL, { estado: 'Aprobado' });
  rec.solicitante.info_extra = { celular: '3001234567' };
  rec.solicitud.detalle_credito = { tipo_credito: 'libre_inversion', monto_solicitado: 50_000_000 };
  rec.ubicacion = { id: '0190a0a0-0000-7000-8000-0000000000dd', ciudad_residencia: 'Cali', departamento_residencia: null, barrio: null, estrato: 3, detalle_direccion: {} };
  rec.referencias = [{ id: REF, tipo_referencia: 'familiar', detalle_referencia: { nombre: 'Luis', celular: '3009998877', plazo_meses: 12 } }];
  await db.solicitudes.put(mapRecord(rec));
});
afterEach(async () => {
  await db.delete();
});

const row = async () => ({ ...(await db.solicitudes.get(SOL)), pending: undefined });

describe('a change the server finds changes nothing leaves the device row as it was', () => {
  it('solicitud.cambiarEstado to the current status in another spelling', async () => {
    const before = await row();
    await mutate(db, 'solicitud.cambiarEstado', { solicitudId: SOL, estado: 'APROBADO', base: { estado: 'Aprobado' } });
    expect(await row()).toEqual(before);
    // A real change is stored in the list's spelling, as the server stores it.
    await mutate(db, 'solicitud.cambiarEstado', { solicitudId: SOL, estado: 'rechazado', base: { estado: 'Aprobado' } });
    expect((await row()).solicitud?.estado).toBe('Negado');
    expect((await row()).estado).toBe('Negado');
  });

  it('solicitud.cambiarEstado follows the company list the device mirrors', async () => {
    await db.estados.put({ id: 'estados', estados: ['Radicado', 'Aprobado'] });
    await mutate(db, 'solicitud.cambiarEstado', { solicitudId: SOL, estado: 'radicado', base: { estado: 'Aprobado' } });
    expect((await row()).solicitud?.estado).toBe('Radicado');
  });

  it('solicitud.editar with values the server normalises to the stored ones', async () => {
    const before = await row();
    const edits: Record<string, unknown>[] = [
      { 'solicitante.nombres': '  Ana María ' },
      { 'solicitante.info_extra.celular': '300 123 4567' },
      { 'solicitud.detalle_credito.monto_solicitado': '$ 50.000.000' },
      { 'solicitud.banco_nombre': 'Bancolombia ' },
      { 'ubicacion.estrato': '3' },
      { 'ubicacion.barrio': '   ' },
      { 'solicitante.segundo_apellido': '' },
      { 'solicitud.preferencias_notificacion': { email: 1, sms: 0 } },
    ];
    for (const changes of edits) {
      await mutate(db, 'solicitud.editar', { solicitudId: SOL, changes, base: {} });
      expect(await row(), JSON.stringify(changes)).toEqual(before);
    }
  });

  it('solicitud.editar of a birth date to the same day as a timestamp, on a record last changed per PostgreSQL', async () => {
    const rec = await db.solicitudes.get(SOL);
    await db.solicitudes.put({ ...rec!, solicitud: { ...rec!.solicitud, updated_at: '2026-11-20 10:00:00.123+00' }, solicitante: { ...rec!.solicitante, fecha_nacimiento: '2000-05-05' } });
    const before = await row();
    await mutate(db, 'solicitud.editar', { solicitudId: SOL, changes: { 'solicitante.fecha_nacimiento': '2000-05-05T00:00:00.000Z' }, base: {} });
    expect(await row()).toEqual(before);
  });

  it('solicitud.editar stores a changed value as the server does', async () => {
    await mutate(db, 'solicitud.editar', {
      solicitudId: SOL,
      changes: { 'solicitante.nombres': ' Eva ', 'solicitante.info_extra.celular': '(311) 222-3344', 'solicitud.detalle_credito.monto_solicitado': '$ 80.000.000', 'solicitud.banco_nombre': ' ', 'ubicacion.estrato': ' 4 ' },
      base: {},
    });
    const r = await row();
    expect(r.solicitante).toMatchObject({ nombres: 'Eva', info_extra: { celular: '3112223344' } });
    expect(r.solicitud).toMatchObject({ banco_nombre: null, detalle_credito: { monto_solicitado: 80_000_000 } });
    expect(r.ubicacion?.estrato).toBe(4);
  });

  it('solicitud.editar keeps a value the server refuses as typed (the server rejects the edit; the rebase drops it)', async () => {
    await mutate(db, 'solicitud.editar', { solicitudId: SOL, changes: { 'solicitante.info_extra.celular': '12' }, base: {} });
    expect((await row()).solicitante?.info_extra).toEqual({ celular: '12' });
  });

  it('referencia.editar with a phone in another format and a term as text', async () => {
    const before = await row();
    await mutate(db, 'referencia.editar', { solicitudId: SOL, referenciaId: REF, detalle_referencia: { celular: '300-999-8877', plazo_meses: '12', nombre: ' Luis' } });
    expect(await row()).toEqual(before);
    await mutate(db, 'referencia.editar', { solicitudId: SOL, referenciaId: REF, detalle_referencia: { celular: '311 000 1122' } });
    expect((await row()).referencias?.[0].detalle_referencia).toEqual({ nombre: 'Luis', celular: '3110001122', plazo_meses: 12 });
  });
});

describe('a user edit the server finds changes nothing leaves the mirrored user as it was', () => {
  // Stored before the forms trimmed and lower-cased (an older import): the server compares loosely.
  const legacy = { id: 7, nombre: 'Ana Gil ', apellido: null, correo: 'Ana.Gil@Demo.co', cedula: '123', rol: 'asesor', info_extra: { ciudad: 'Cali ', otra: 'x' }, created_at: '2024-01-01' };
  beforeEach(async () => {
    await db.usuarios.put({ ...legacy });
  });

  it('usuario.editar with the same values trimmed', async () => {
    await mutate(db, 'usuario.editar', { usuarioId: 7, changes: { nombre: 'Ana Gil', info_extra: { ciudad: 'Cali' } }, base: {} });
    expect(await db.usuarios.get(7)).toEqual(legacy);
    // A real change is written as sent.
    await mutate(db, 'usuario.editar', { usuarioId: 7, changes: { nombre: 'Ana María Gil' }, base: {} });
    expect(await db.usuarios.get(7)).toMatchObject({ nombre: 'Ana María Gil' });
  });

  it('usuario.editar with the bank the user has in capitals keeps its stored spelling', async () => {
    await db.usuarios.put({ ...legacy, info_extra: { banco_nombre: 'Bancolombia' } });
    await mutate(db, 'usuario.editar', { usuarioId: 7, changes: { info_extra: { banco_nombre: 'BANCOLOMBIA' } }, base: {} });
    expect(await db.usuarios.get(7)).toEqual({ ...legacy, info_extra: { banco_nombre: 'Bancolombia' } });
  });

  it('perfil.editar with the same name and the e-mail in another case', async () => {
    // The profile compares the name exactly and the e-mail in any case (usuarios/service.ts editarPerfil).
    await db.usuarios.put({ ...legacy, nombre: 'Ana Gil' });
    await mutate(db, 'perfil.editar', { usuarioId: 7, nombre: 'Ana Gil', correo: 'ana.gil@demo.co' });
    expect(await db.usuarios.get(7)).toEqual({ ...legacy, nombre: 'Ana Gil' });
    await mutate(db, 'perfil.editar', { usuarioId: 7, nombre: 'Ana G.', correo: 'ana.gil@demo.co' });
    expect(await db.usuarios.get(7)).toMatchObject({ nombre: 'Ana G.', correo: 'ana.gil@demo.co' });
  });
});

describe('a new reference or note shows what the server will store', () => {
  it('referencia.agregar trims, stores a phone by its digits, drops a blank name and a blank type', async () => {
    const id = '0190a0a0-0000-7000-8000-0000000000ab';
    await mutate(db, 'referencia.agregar', { solicitudId: SOL, referenciaId: id, tipo_referencia: '  ', detalle_referencia: { nombre: ' ', celular: '300 111 2233', relacion: ' Tía ' } });
    expect((await row()).referencias?.[1]).toEqual({ id, tipo_referencia: null, detalle_referencia: { celular: '3001112233', relacion: 'Tía' } });
  });

  it('observacion.agregar with a blank type is a comment', async () => {
    const id = '0190a0a0-0000-7000-8000-0000000000bc';
    await mutate(db, 'observacion.agregar', { solicitudId: SOL, observacionId: id, observacion: 'Nota', tipo: '  ', fecha_creacion: '2025-02-01T10:00:00.000Z' });
    expect((await row()).observaciones?.[0]).toMatchObject({ id, tipo: 'comentario' });
  });
});
