import { describe, expect, it } from 'vitest';
import type { Subjects } from './change-description';
import { mergeWaiting, sentNames, withGoneNames, type Waiting } from './delivery-reports';

const subjects = (radicado: string | null): Subjects => ({
  solicitudes: new Map([['sol-1', { nombre: 'Ana Pérez', radicado }]]),
  notificaciones: new Map(),
  usuarios: new Map(),
});
const nueva = { name: 'solicitud.crear', args: { solicitudId: 'sol-1', solicitante: { nombres: 'Ana', primer_apellido: 'Pérez' } } };

describe('the reconnect toast names what reached the server', () => {
  it('as the device knows it after the sync: a new application with the radicado the server gave it', () => {
    expect(sentNames([nueva], subjects('RAD-7K2M9QXD'))).toEqual(['Nueva solicitud · Ana Pérez · RAD-7K2M9QXD']);
  });

  it('still "sin radicar" when the pull has not brought the radicado yet, and skips a change it no longer knows', () => {
    expect(sentNames([nueva, undefined], subjects(null))).toEqual(['Nueva solicitud · Ana Pérez · sin radicar']);
  });

  it('keeps every change that waited, the first one seen of each', () => {
    const before: Waiting = { ids: [1], files: [], changes: new Map([[1, nueva]]) };
    const now: Waiting = { ids: [1, 2], files: ['f'], changes: new Map([[1, { name: 'x', args: {} }], [2, { name: 'solicitud.cambiarEstado', args: { solicitudId: 'sol-1' } }]]) };
    const merged = mergeWaiting(before, now);
    expect(merged.ids).toEqual([1, 2]);
    expect(merged.files).toEqual(['f']);
    expect(merged.changes.get(1)).toBe(nueva);
  });

  it('names a deletion by the name kept while it waited: once the server has it, the device has no row nor shadow left', () => {
    const deleted = { name: 'usuario.eliminar', args: { usuarioId: 9 } };
    const none: Subjects = { solicitudes: new Map(), notificaciones: new Map(), usuarios: new Map() };
    // Before: 'Eliminación de usuario', whom unsaid.
    expect(sentNames([deleted], none)).toEqual(['Eliminación de usuario']);
    const gone = { usuarios: new Map([[9, 'Ulises']]), notificaciones: new Map([['n-1', 'Llamar a Ana']]) };
    expect(sentNames([deleted], withGoneNames(none, gone))).toEqual(['Eliminación de usuario · Usuario Ulises']);
    // What the device still knows wins; the kept names survive a merge of what waited.
    const known: Subjects = { ...none, usuarios: new Map([[9, 'Ulises Pérez']]) };
    expect(withGoneNames(known, gone).usuarios.get(9)).toBe('Ulises Pérez');
    const merged = mergeWaiting({ ids: [1], files: [], changes: new Map([[1, deleted]]), gone }, { ids: [2], files: [], changes: new Map() });
    expect(merged.gone?.usuarios.get(9)).toBe('Ulises');
    expect(merged.gone?.notificaciones.get('n-1')).toBe('Llamar a Ana');
  });
});
