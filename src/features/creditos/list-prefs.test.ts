import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, parsePrefs, prefsKey } from './list-prefs';

describe('list prefs', () => {
  it('keeps one key per company and user', () => {
    expect(prefsKey(1, 2)).toBe('radica-lista-1-2');
    expect(prefsKey(1, 3)).not.toBe(prefsKey(1, 2));
  });

  it('reads what was stored and falls back to the defaults for bad or missing values', () => {
    const stored = { pageSize: 20, estados: ['Aprobado', 'Negado'], banco: 'Bancolombia', sort: { field: 'monto', dir: 'asc' } };
    expect(parsePrefs(JSON.stringify(stored))).toEqual(stored);
    expect(parsePrefs(null)).toEqual(DEFAULT_PREFS);
    expect(parsePrefs('{no json')).toEqual(DEFAULT_PREFS);
    expect(parsePrefs(JSON.stringify({ pageSize: 7, estados: 'Aprobado', banco: 3 }))).toEqual(DEFAULT_PREFS);
    expect(parsePrefs(JSON.stringify({ estados: ['Aprobado', 4] })).estados).toEqual(['Aprobado']);
    // An order stored before there were orders, or a bad one: newest first.
    expect(parsePrefs(JSON.stringify({ pageSize: 20 })).sort).toEqual({ field: 'fecha', dir: 'desc' });
    expect(parsePrefs(JSON.stringify({ sort: { field: 'correo', dir: 'asc' } })).sort).toEqual(DEFAULT_PREFS.sort);
    expect(parsePrefs(JSON.stringify({ sort: { field: 'nombre', dir: 'up' } })).sort).toEqual(DEFAULT_PREFS.sort);
  });
});
