import { describe, expect, it } from 'vitest';
import { problemsText, refusedText, syncChipText, type SyncView } from './sync-text';

const view = (v: Partial<SyncView>): SyncView => ({ online: true, state: 'idle', pending: 0, problems: 0, ...v });

describe('the sync chip', () => {
  it('says offline, and how many changes wait, with the right plural', () => {
    expect(syncChipText(view({ online: false }))).toBe('Sin conexión');
    expect(syncChipText(view({ online: false, pending: 1 }))).toBe('Sin conexión · 1 cambio sin enviar');
    expect(syncChipText(view({ online: false, pending: 3 }))).toBe('Sin conexión · 3 cambios sin enviar');
    expect(syncChipText(view({ state: 'offline', pending: 2 }))).toBe('Sin conexión · 2 cambios sin enviar');
  });

  it('counts what is still to send while changes go out, and what waits online', () => {
    expect(syncChipText(view({ state: 'syncing', pending: 30 }))).toBe('Enviando 30 cambios…');
    expect(syncChipText(view({ state: 'syncing', pending: 1 }))).toBe('Enviando 1 cambio…');
    expect(syncChipText(view({ state: 'syncing', pending: 1234 }))).toBe('Enviando 1.234 cambios…');
    expect(syncChipText(view({ state: 'syncing' }))).toBe('Sincronizando…');
    expect(syncChipText(view({ state: 'error', pending: 1 }))).toBe('1 cambio pendiente');
    expect(syncChipText(view({ state: 'idle', pending: 4 }))).toBe('4 cambios pendientes');
  });

  it('gives the time of the last sync in Colombia', () => {
    expect(syncChipText(view({ lastSyncAt: '2026-03-05T15:42:00Z' }))).toBe('Sincronizado 10:42');
  });

  it('asks for a login when no engine can send (device login, expired session)', () => {
    expect(syncChipText(view({ state: null }))).toBe('Inicia sesión para sincronizar');
    expect(syncChipText(view({ state: 'unauthenticated', pending: 1 }))).toBe('1 cambio sin enviar · inicia sesión');
  });

  it('counts problems', () => {
    expect(problemsText(1)).toBe('1 con problemas');
    expect(problemsText(12)).toBe('12 con problemas');
    expect(refusedText(1, 1)).toBe('1 conflicto');
    expect(refusedText(3, 2)).toBe('2 conflictos · 1 con problemas');
    expect(refusedText(2, 0)).toBe('2 con problemas');
  });
});
