import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchesSearch, searchTokens } from '../domain/text';
import { filterToken, pruneTokens, radicadoTokens, solicitudTokens } from './search-tokens';
import type { SolicitudRecord } from '../domain/solicitud';
import { record } from '../test-utils/records';

describe('pruneTokens', () => {
  it('drops tokens that start another token', () => {
    expect(
      pruneTokens(['ana', 'ana.perez@x.co', 'perez', 'x', 'co', 'correo', '300', '3001234567']),
    ).toEqual(['ana.perez@x.co', 'correo', 'perez', 'x', '3001234567'].sort());
  });

  it('keeps every search result the same', () => {
    const word = fc.stringMatching(/^[a-zá0-9.@\- ]{1,12}$/);
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 6 }),
        fc.stringMatching(/^[a-zá0-9.@\- ]{0,8}$/),
        (values, query) => {
          const tokens = searchTokens(values);
          expect(matchesSearch(pruneTokens(tokens), query)).toBe(matchesSearch(tokens, query));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('solicitudTokens', () => {
  it('adds one exact filter token for the status and one for the bank, never found by a typed word', () => {
    const tokens = solicitudTokens({ ...base, solicitud: { ...base.solicitud, estado: 'Pendiente información adicional', banco_nombre: 'Banco de Bogotá' } });
    expect(tokens).toContain(filterToken('estado', 'pendiente informacion adicional'));
    expect(tokens).toContain(filterToken('banco', 'BANCO DE BOGOTA'));
    expect(filterToken('estado', 'Pendiente')).not.toBe(filterToken('estado', 'Pendiente información adicional'));
    for (const q of ['estado', 'estado:pendiente', 'estado:pend']) expect(matchesSearch(tokens, q), q).toBe(false);
  });

  const base = record('t1', {});
  const withSolicitud = (patch: Partial<SolicitudRecord['solicitud']>) => ({ ...base, solicitud: { ...base.solicitud, ...patch } });

  it('adds the radicado (whole and without RAD-), status, bank, city and credit type, folded', () => {
    const tokens = solicitudTokens(
      withSolicitud({ radicado: 'RAD-7K2M9QXD', estado: 'Pendiente información adicional', banco_nombre: 'Banco de Bogotá', ciudad_solicitud: 'Medellín', tipo_credito: 'libre inversión' }),
    );
    for (const t of ['rad-7k2m9qxd', '7k2m9qxd', 'pendiente', 'informacion', 'adicional', 'banco', 'bogota', 'medellin', 'libre', 'inversion', 'jose@example.co', 'perez', '1020304050']) {
      expect(tokens).toContain(t);
    }
  });

  it("finds an application by its employer ('Empresa donde trabaja', where the list's 'Nombre Empresa' column reads it), folded", () => {
    const actividad = (detalle_actividad: Record<string, string>) => ({
      ...base,
      actividad_economica: { id: 'a1', tipo_actividad: null, sector_economico: null, cargo_actual: null, tipo_contrato: null, detalle_actividad },
    });
    const tokens = solicitudTokens(actividad({ tipo_actividad_economica: 'Empleado', empresa: 'Grupo Éxito' }));
    for (const q of ['exito', 'Éxito', 'grupo ex', 'GRUPO ÉXITO']) expect(matchesSearch(tokens, q), q).toBe(true);
    expect(matchesSearch(solicitudTokens(actividad({ empresa: 'Ecopetrol' })), 'exito')).toBe(false);
    // Other configured keys of the block are not searched.
    expect(matchesSearch(solicitudTokens(actividad({ cargo: 'Gerente' })), 'gerente')).toBe(false);
  });

  it('finds an application by its radicado typed with or without RAD-, in any case, and not by another one', () => {
    const tokens = solicitudTokens(withSolicitud({ radicado: 'RAD-7K2M9QXD' }));
    for (const q of ['RAD-7K2M9QXD', 'rad-7k2m9qxd', '7k2m9qxd', '7K2M', 'Rad-7k2', 'RAD 7K2M9QXD']) expect(matchesSearch(tokens, q), q).toBe(true);
    for (const q of ['RAD-7K2M9QXE', '7K2M9QXE', 'K2M9']) expect(matchesSearch(tokens, q), q).toBe(false);
  });

  it('gives no radicado token to an application the server has not numbered yet', () => {
    expect(radicadoTokens(null)).toEqual([]);
    expect(solicitudTokens(withSolicitud({ radicado: null, estado: 'Aprobado' })).sort()).toEqual([filterToken('estado', 'Aprobado'), '1020304050', 'aprobado', 'co', 'example', 'jose@example.co', 'perez']);
  });
});
